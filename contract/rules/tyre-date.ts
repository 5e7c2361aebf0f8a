import { addDays, weekdayOf, weekdays } from './kl-calendar.ts';

/**
 * A tyre's DOT date code (docs/contracts/going-live.md §2): the last four digits of the DOT code on its
 * sidewall, the week and the year it was made ("3225": week 32 of 2025). Weeks are counted as
 * ISO weeks (Monday to Sunday, week 1 holding the year's first Thursday), as tyre makers do.
 * Pure: the caller passes the date of fitting (KL calendar).
 */

/** Four digits: the week (01–53), then the year's last two digits. */
export const DOT_DATE = /^\d{4}$/;
/** The whole DOT code as printed: "DOT", the plant, size and maker's codes, then the date code; at most 24 characters. */
export const DOT_FULL = /^[A-Z0-9][A-Z0-9 ]{0,23}$/;
export const DOT_FULL_MAX = 24;

export type TyreDateProblem = 'tyre.dotFormat' | 'tyre.dotWeek' | 'tyre.dotFuture' | 'tyre.dotTooOld' | 'tyre.dotFullFormat' | 'tyre.dotFullMismatch';

export interface TyreDate {
  dot: string;
  madeWeek: number;
  madeYear: number;
  /** The Monday the week began (YYYY-MM-DD). */
  madeOn: string;
  /** Whole months from that Monday to the day it was fitted. */
  ageMonthsAtFitting: number;
}

/** How many ISO weeks `year` has: 53 when 1 January is a Thursday, or a Wednesday in a leap year; else 52. */
export function isoWeeksIn(year: number): 52 | 53 {
  const jan1 = weekdayOf(`${year}-01-01`);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return jan1 === 'thu' || (leap && jan1 === 'wed') ? 53 : 52;
}

/** The Monday of ISO week `week` of `year`. */
export function isoWeekMonday(year: number, week: number): string {
  const jan4 = `${year}-01-04`;
  const back = (weekdays.indexOf(weekdayOf(jan4)) + 6) % 7; // days since Monday
  return addDays(addDays(jan4, -back), (week - 1) * 7);
}

/** The date `months` calendar months after a date, kept to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whole calendar months from `from` to `to` (0 when `to` is earlier). */
export function wholeMonths(from: string, to: string): number {
  if (to <= from) return 0;
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  while (months > 0 && addMonths(from, months) > to) months -= 1;
  return months;
}

/** The year a two-digit DOT year means, in the fitting year's century: a later year is a code from the future. */
function fullYear(yy: number, fittedOn: string): number {
  const fittedYear = Number(fittedOn.slice(0, 4));
  return fittedYear - (fittedYear % 100) + yy;
}

/** What a refused date code's message names: the week and year it reads as, and how many weeks that year has. */
export interface DotWeekParams {
  week: string;
  year: number;
  weeks: number;
}

/**
 * Reads a date code fitted on `fittedOn`: its week and year and its age then, or the problem
 * (a shape that is not four digits, a week its year does not have: 00, 54, or 53 in a year of 52
 * weeks, a week that has not begun yet). The shop's age promise is checked apart
 * (`beyondPromise`), because an admin may override it.
 */
export function readDotDate(dot: string, fittedOn: string): { date: TyreDate } | { problem: TyreDateProblem; params?: DotWeekParams } {
  if (!DOT_DATE.test(dot)) return { problem: 'tyre.dotFormat' };
  const week = Number(dot.slice(0, 2));
  const year = fullYear(Number(dot.slice(2)), fittedOn);
  const weeks = isoWeeksIn(year);
  if (week < 1 || week > weeks) return { problem: 'tyre.dotWeek', params: { week: dot.slice(0, 2), year, weeks } };
  const madeOn = isoWeekMonday(year, week);
  if (madeOn > fittedOn) return { problem: 'tyre.dotFuture' };
  return { date: { dot, madeWeek: week, madeYear: year, madeOn, ageMonthsAtFitting: wholeMonths(madeOn, fittedOn) } };
}

/** More than `maxMonths` months old on the day it was fitted: outside the shop's promise. */
export function beyondPromise(date: Pick<TyreDate, 'madeOn'>, fittedOn: string, maxMonths: number): boolean {
  return addMonths(date.madeOn, maxMonths) < fittedOn;
}

/** The whole DOT code as typed, in capitals with single spaces; its problem if it does not end with the date code. */
export function readDotFull(typed: string, dot: string): { dotFull: string } | { problem: TyreDateProblem } {
  const dotFull = typed.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!DOT_FULL.test(dotFull)) return { problem: 'tyre.dotFullFormat' };
  if (!dotFull.replace(/ /g, '').endsWith(dot)) return { problem: 'tyre.dotFullMismatch' };
  return { dotFull };
}

/**
 * The shop's one clock and calendar: Kuala Lumpur time (UTC+8 all year, no daylight saving),
 * whatever the time zone of the server or of the customer's browser. Dates are calendar dates
 * written YYYY-MM-DD; times are KL wall-clock times written HH:MM. Pure: the caller passes "now".
 */

/** For Intl formatting at the edge; everything else works with the offset. */
export const KL_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** KL's distance from UTC, for the database's date arithmetic (SQL) too. */
export const KL_UTC_OFFSET_HOURS = 8;
export const KL_OFFSET_MS = KL_UTC_OFFSET_HOURS * 3_600_000;
const DAY_MS = 86_400_000;

export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];

/** Midnight UTC of a calendar date: date arithmetic without any time zone. */
const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The KL calendar date of an instant. */
export function klDate(at: Date): string {
  return dateOf(at.getTime() + KL_OFFSET_MS);
}

/** The KL calendar date, weekday and minute of the day at an instant. */
export function klClock(at: Date): { date: string; day: Weekday; minute: number } {
  const kl = new Date(at.getTime() + KL_OFFSET_MS);
  return {
    date: dateOf(kl.getTime()),
    day: weekdays[kl.getUTCDay()]!,
    minute: kl.getUTCHours() * 60 + kl.getUTCMinutes(),
  };
}

/** The instant of a KL date and wall-clock time ("10:30", or "23:59:59.999"); midnight by default. */
export function klInstant(date: string, time = '00:00'): Date {
  const clock = time.length === 5 ? `${time}:00` : time;
  return new Date(Date.parse(`${date}T${clock}Z`) - KL_OFFSET_MS);
}

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  return weekdays[new Date(utcMidnight(date)).getUTCDay()]!;
}

/** The calendar date `days` after (or, negative, before) a date. */
export function addDays(date: string, days: number): string {
  return dateOf(utcMidnight(date) + days * DAY_MS);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Gregorian leap years: every fourth, but not centuries unless divisible by 400. */
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar date written YYYY-MM-DD: not 2026-02-30, 2026-13-01, 2026-1-1 or 2026-02-29.
 * The year starts at 0001: PostgreSQL has no year 0 and would refuse it with an error.
 */
export function isIsoDate(text: string): boolean {
  const parts = typeof text === 'string' ? ISO_DATE.exec(text) : null;
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!);
}

/**
 * Working days: Monday to Friday. The content holds no national list of public holidays (only
 * each workshop's own closed days), so only weekends are skipped unless a caller passes holidays.
 */
export function isWorkingDay(date: string, holidays: ReadonlySet<string> = new Set()): boolean {
  const day = weekdayOf(date);
  return day !== 'sun' && day !== 'sat' && !holidays.has(date);
}

/** The date `days` working days after the KL date of `from` (the day itself never counts). */
export function addWorkingDays(from: Date, days: number, holidays: ReadonlySet<string> = new Set()): string {
  let date = klDate(from);
  let left = days;
  while (left > 0) {
    date = addDays(date, 1);
    if (isWorkingDay(date, holidays)) left -= 1;
  }
  return date;
}

/** The refund review promise of docs/contracts/shop.md §9: "within 3 working days", shown as the date it falls on. */
export const REFUND_REVIEW_WORKING_DAYS = 3;

/** docs/contracts/shop.md §5, §9: appointments are offered on the next 30 dates starting 2 days ahead, Sundays excluded. */
export const FIRST_BOOKING_DAY = 2;
export const BOOKING_DATES = 30;

/** The dates offered for booking, before any workshop's own hours and closures. */
export function bookingDates(now: Date): string[] {
  const today = klDate(now);
  const dates: string[] = [];
  for (let offset = FIRST_BOOKING_DAY; dates.length < BOOKING_DATES; offset++) {
    const date = addDays(today, offset);
    if (weekdayOf(date) !== 'sun') dates.push(date);
  }
  return dates;
}

/** The KL calendar month (YYYY-MM) of an instant. */
export function klMonth(at: Date): string {
  return klDate(at).slice(0, 7);
}

/** The month after `YYYY-MM`. */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** The last calendar date (YYYY-MM-DD) of `YYYY-MM`. */
export function lastDayOfMonth(month: string): string {
  return dateOf(utcMidnight(`${nextMonth(month)}-01`) - DAY_MS);
}

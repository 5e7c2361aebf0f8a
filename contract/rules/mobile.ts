import { bookingDates, weekdayOf } from './kl-calendar.ts';

/**
 * Fitting at the customer's place (docs/contracts/running-the-business.md §2): the vans of
 * content/orders/mobile.json, the postcodes each serves, and its two-hour windows. Pure: the
 * windows endpoint and the booking of a window answer from the same arithmetic.
 *
 * A van's day is cut into windows of `windowHours` from its opening (09:00–11:00, 11:00–13:00…),
 * the last ending by its closing. A job takes its labour minutes plus `travelMinutes` (the drive
 * to it). A window is free for a job while both the van's day (`minutesPerDay`) and the window
 * itself have that much left: a van never promises a window it cannot keep.
 */

/** The id an invoice or credit note gives the visit fee's line (it is no product). */
export const VISIT_FEE_LINE = 'visit-fee';

export interface Van {
  id: string;
  name: string;
  /** The workshop whose stock the van carries, whose closures it keeps. */
  baseStoreId: string;
  /** Postcodes served: "47300" or a range "50000-50999" (both ends included). */
  postcodes: readonly string[];
  /** ISO weekdays it works: 1 Monday … 6 Saturday (7 Sunday, never booked). */
  days: readonly number[];
  opens: string;
  closes: string;
  minutesPerDay: number;
  fitsTyres: boolean;
}

export interface MobileRules {
  windowHours: number;
  travelMinutes: number;
  /** Before service tax. */
  visitFeeSen: number;
  vans: readonly Van[];
}

/** A job a van holds or has booked: its date, its window's start and the minutes it takes (travel included). */
export interface VanJob {
  date: string;
  start: string;
  minutes: number;
}

export interface VanWindow {
  date: string;
  start: string;
  end: string;
  free: boolean;
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** True when `postcode` (five digits) is one the van serves. */
export function servesPostcode(van: Pick<Van, 'postcodes'>, postcode: string): boolean {
  return van.postcodes.some((entry) => {
    const [from, to = from] = entry.split('-');
    return postcode >= from! && postcode <= to!;
  });
}

/** The van that comes to `postcode` (the first in the content that serves it, and fits tyres when the job has any), or null. */
export function vanFor(rules: Pick<MobileRules, 'vans'>, postcode: string, needsTyres: boolean): Van | null {
  return rules.vans.find((van) => servesPostcode(van, postcode) && (!needsTyres || van.fitsTyres)) ?? null;
}

/** The starts of a van's windows in a day. */
export function windowStarts(van: Pick<Van, 'opens' | 'closes'>, windowHours: number): string[] {
  const length = windowHours * 60;
  const starts: string[] = [];
  for (let start = minuteOf(van.opens); start + length <= minuteOf(van.closes); start += length) starts.push(clock(start));
  return starts;
}

/** ISO weekday (1 Monday … 7 Sunday) of a KL date. */
const isoDay = (date: string) => ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].indexOf(weekdayOf(date)) + 1;

export interface WindowQuery {
  van: Van;
  rules: Pick<MobileRules, 'windowHours' | 'travelMinutes'>;
  /** Dates the base workshop is closed (holidays it keeps, closures by staff). */
  closedOn: readonly string[];
  /** What the van holds or has booked from the first date on (the job being moved left out). */
  jobs: readonly VanJob[];
  /** The job's labour minutes. */
  jobMinutes: number;
  now: Date;
}

/**
 * The windows of the usual booking dates (30 from 2 days ahead, no Sundays) on the van's days,
 * its base workshop's closed days left out, each free or not for this job.
 */
export function vanWindows({ van, rules, closedOn, jobs, jobMinutes, now }: WindowQuery): VanWindow[] {
  const need = jobMinutes + rules.travelMinutes;
  const length = rules.windowHours * 60;
  const starts = windowStarts(van, rules.windowHours);
  const out: VanWindow[] = [];
  for (const date of bookingDates(now)) {
    if (!van.days.includes(isoDay(date)) || closedOn.includes(date)) continue;
    const today = jobs.filter((j) => j.date === date);
    const dayLeft = van.minutesPerDay - today.reduce((sum, j) => sum + j.minutes, 0);
    for (const start of starts) {
      const windowLeft = length - today.filter((j) => j.start === start).reduce((sum, j) => sum + j.minutes, 0);
      out.push({ date, start, end: clock(minuteOf(start) + length), free: need <= dayLeft && need <= windowLeft });
    }
  }
  return out;
}

/** Whether a window can take the job now: 'ok', or why not. */
export function windowVerdict(query: WindowQuery, window: { date: string; start: string }): 'ok' | 'mobile.windowNotOffered' | 'mobile.windowFull' {
  const found = vanWindows(query).find((w) => w.date === window.date && w.start === window.start);
  if (!found) return 'mobile.windowNotOffered';
  return found.free ? 'ok' : 'mobile.windowFull';
}

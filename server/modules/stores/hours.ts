import { bookingDates, klClock, weekdayOf, type Weekday } from '../../../contract/rules/kl-calendar.ts';

/**
 * Opening hours, always in Kuala Lumpur time (the shop's one calendar, contract/rules/kl-calendar.ts),
 * whatever the server's own time zone.
 */
export type Hours = Record<Weekday, { open: string; close: string } | null>;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isOpenNow(hours: Hours, closedOn: string[], now: Date): boolean {
  const { date, day, minute } = klClock(now);
  const today = hours[day];
  if (!today || closedOn.includes(date)) return false;
  return minutes(today.open) <= minute && minute < minutes(today.close);
}

/** The first offered date the workshop is open, or null when it is closed on all of them. */
export function nextBookableDate(hours: Hours, closedOn: string[], now: Date): string | null {
  for (const date of bookingDates(now)) {
    if (hours[weekdayOf(date)] && !closedOn.includes(date)) return date;
  }
  return null;
}

/** One home for distances: the site sorts with the same rule. */
export { distanceKm } from '../../../contract/rules/nearest.ts';

/**
 * Opening hours and appointment dates, always in Kuala Lumpur time (UTC+8, no daylight
 * saving), whatever the server's own time zone.
 */
export const KL_OFFSET_MS = 8 * 60 * 60 * 1000;
export const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Day = (typeof days)[number];
export type Hours = Record<Day, { open: string; close: string } | null>;

/** The Kuala Lumpur calendar date, weekday and minute of the day at `now`. */
export function klClock(now: Date) {
  const kl = new Date(now.getTime() + KL_OFFSET_MS);
  return {
    date: kl.toISOString().slice(0, 10),
    day: days[kl.getUTCDay()]!,
    minute: kl.getUTCHours() * 60 + kl.getUTCMinutes(),
  };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function isOpenNow(hours: Hours, closedOn: string[], now: Date): boolean {
  const { date, day, minute } = klClock(now);
  const today = hours[day];
  if (!today || closedOn.includes(date)) return false;
  return minutes(today.open) <= minute && minute < minutes(today.close);
}

/** Spec §5, §9: appointments are offered on the next 30 dates starting 2 days ahead, Sundays excluded. */
export const FIRST_BOOKING_DAY = 2;
export const BOOKING_DATES = 30;

/** The dates offered for booking (YYYY-MM-DD), before any workshop's own closures. */
export function bookingDates(now: Date): string[] {
  const start = new Date(now.getTime() + KL_OFFSET_MS);
  const dates: string[] = [];
  for (let offset = FIRST_BOOKING_DAY; dates.length < BOOKING_DATES; offset++) {
    const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + offset));
    if (d.getUTCDay() !== 0) dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
}

/** The first offered date the workshop is open, or null when it is closed on all of them. */
export function nextBookableDate(hours: Hours, closedOn: string[], now: Date): string | null {
  for (const date of bookingDates(now)) {
    const day = days[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
    if (hours[day] && !closedOn.includes(date)) return date;
  }
  return null;
}

/** Great-circle distance in kilometres, to 0.1 km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

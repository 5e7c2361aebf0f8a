import { daysBetween, type DatedKm } from './service-due.ts';

/** The most a car is believed to cover in a day: more than this is a typing slip. */
export const MAX_KM_PER_DAY = 3000;
/** The highest reading taken: a car's odometer shows at most 6 or 7 digits. */
export const MAX_ODOMETER_KM = 9_999_999;

export type OdometerProblem = 'odometer.lower' | 'odometer.higher' | 'odometer.tooFar';

/**
 * Whether a new reading fits the car's readings (docs/contracts/after-sale.md §1), whoever types it: not lower
 * than any earlier reading, one taken the same day included (an odometer does not run back), not
 * higher than one taken on a later day, and not more than
 * MAX_KM_PER_DAY a day above the last reading before it (a reading the same day counts as a day).
 * The problem names the reading it clashes with, for the message.
 */
export function checkReading(readings: readonly DatedKm[], next: DatedKm): { problem: OdometerProblem; reading: DatedKm } | null {
  const earlierHigher = readings.filter((r) => r.date <= next.date && r.km > next.km).sort((a, b) => b.km - a.km)[0];
  if (earlierHigher) return { problem: 'odometer.lower', reading: earlierHigher };
  const laterLower = readings.filter((r) => r.date > next.date && r.km < next.km).sort((a, b) => a.km - b.km)[0];
  if (laterLower) return { problem: 'odometer.higher', reading: laterLower };
  const last = readings
    .filter((r) => r.date <= next.date)
    .sort((a, b) => (a.date === b.date ? a.km - b.km : a.date < b.date ? -1 : 1))
    .at(-1);
  if (last && next.km - last.km > MAX_KM_PER_DAY * Math.max(1, daysBetween(last.date, next.date))) return { problem: 'odometer.tooFar', reading: last };
  return null;
}

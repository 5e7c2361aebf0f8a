import { addDays } from './kl-calendar.ts';

/**
 * When a car is next due (docs/contracts/after-sale.md §1): a service by date or by kilometres, whichever comes
 * first, and road tax and insurance by their expiry dates. Pure: the caller passes today (KL) and
 * the car's records; the answer's `basis` says what decided, for the pages and SMS to put in words.
 */

export interface ServiceInterval {
  months: number;
  km: number;
}

/** An odometer reading, or a service with the km read when it was done. */
export interface DatedKm {
  date: string;
  km: number;
}

export interface ServiceDone {
  date: string;
  km?: number;
}

/**
 * `date`: months since the last service decided; `km`: the predicted odometer reaches the last
 * service's km plus the interval first; `neverServiced`: no service on record, so one is due now.
 */
export type DueRule = 'date' | 'km' | 'neverServiced';

export interface DueBasis {
  rule: DueRule;
  /** Days from today to the due date; negative once overdue. */
  daysLeft: number;
  /** Whole months of the interval (the date rule's months). */
  intervalMonths?: number;
  lastServiceDate?: string;
  lastServiceKm?: number;
  /** Km a day, from the first and last readings; absent when there is no prediction. */
  kmPerDay?: number;
  /** The predicted odometer on the due date. */
  kmAtDue?: number;
  /** Why kilometres did not take part: fewer than two readings on different days, no km at the last service, or readings that do not rise. */
  noPrediction?: 'fewReadings' | 'noServiceKm' | 'notDriving';
}

export interface ServiceDue {
  dueDate: string;
  /** The km at which the service is due: the last service's km plus the interval. */
  dueKm?: number;
  basis: DueBasis;
}

const DAY_MS = 86_400_000;

/** Whole days from `a` to `b` (calendar dates). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** The same day `months` later; a day the month lacks becomes its last day (31 Jan + 1 month = 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

const byDate = (a: DatedKm, b: DatedKm) => (a.date === b.date ? a.km - b.km : a.date < b.date ? -1 : 1);

/** Km a day from the first and the last reading, or why there is none. */
export function kmPerDay(readings: readonly DatedKm[]): { kmPerDay: number; last: DatedKm } | { noPrediction: 'fewReadings' | 'notDriving' } {
  const sorted = [...readings].sort(byDate);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last || first.date === last.date) return { noPrediction: 'fewReadings' };
  const rate = (last.km - first.km) / daysBetween(first.date, last.date);
  if (!(rate > 0)) return { noPrediction: 'notDriving' };
  return { kmPerDay: rate, last };
}

/**
 * The next service: the earlier of (last service date + months) and the day the predicted odometer
 * reaches (last service km + km). With no service on record it is due today (nothing tells us when
 * the car was last serviced, and guessing from its first reading would promise a date we cannot
 * stand behind); the basis says so.
 */
export function serviceDue(input: { interval: ServiceInterval; services: readonly ServiceDone[]; readings: readonly DatedKm[]; today: string }): ServiceDue {
  const { interval, today } = input;
  const lastService = [...input.services].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).at(-1);
  if (!lastService) return { dueDate: today, basis: { rule: 'neverServiced', daysLeft: 0 } };
  const byDateDue = addMonths(lastService.date, interval.months);
  const common = { intervalMonths: interval.months, lastServiceDate: lastService.date };
  const dueKm = lastService.km === undefined ? undefined : lastService.km + interval.km;
  const dateOnly = (noPrediction: DueBasis['noPrediction']): ServiceDue => ({
    dueDate: byDateDue,
    ...(dueKm === undefined ? {} : { dueKm }),
    basis: { rule: 'date', daysLeft: daysBetween(today, byDateDue), ...common, ...(lastService.km === undefined ? {} : { lastServiceKm: lastService.km }), noPrediction },
  });
  if (dueKm === undefined) return dateOnly('noServiceKm');
  const rate = kmPerDay(input.readings);
  if ('noPrediction' in rate) return dateOnly(rate.noPrediction);
  const byKmDue = addDays(rate.last.date, Math.ceil((dueKm - rate.last.km) / rate.kmPerDay));
  const rule: DueRule = byKmDue < byDateDue ? 'km' : 'date';
  const dueDate = rule === 'km' ? byKmDue : byDateDue;
  const kmAtDue = Math.round(rate.last.km + rate.kmPerDay * daysBetween(rate.last.date, dueDate));
  return {
    dueDate,
    dueKm,
    basis: { rule, daysLeft: daysBetween(today, dueDate), ...common, lastServiceKm: lastService.km, kmPerDay: Math.round(rate.kmPerDay * 10) / 10, kmAtDue },
  };
}

export interface ExpiryDue {
  dueDate: string;
  basis: { rule: 'expiry'; daysLeft: number };
}

/** Road tax and insurance: due on their expiry date, as the customer typed it. */
export function expiryDue(expiry: string, today: string): ExpiryDue {
  return { dueDate: expiry, basis: { rule: 'expiry', daysLeft: daysBetween(today, expiry) } };
}

import { addDays, klDate } from './kl-calendar.ts';

/**
 * A self-pickup order is prepared at its workshop within this many working days (Monday to
 * Friday, as kl-calendar counts them) of being paid: the confirmation tells the customer the
 * date, and the workshop marks it ready (an SMS) sooner when it can.
 */
export const PICKUP_READY_WORKING_DAYS = 1;

/**
 * The KL date by which an order paid at `paidAt` is ready to collect. Counted here rather than
 * with kl-calendar's addWorkingDays so that every page's shared calendar code stays as small as
 * it was: only the confirmation carries this.
 */
export function pickupReadyBy(paidAt: Date): string {
  let date = klDate(paidAt);
  for (let left = PICKUP_READY_WORKING_DAYS; left > 0; ) {
    date = addDays(date, 1);
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}

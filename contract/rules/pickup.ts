import { addWorkingDays } from './kl-calendar.ts';

/**
 * A self-pickup order is prepared at its workshop within this many working days of being paid:
 * the confirmation tells the customer the date, and the workshop marks it ready (an SMS) sooner
 * when it can.
 */
export const PICKUP_READY_WORKING_DAYS = 1;

/** The KL date by which an order paid at `paidAt` is ready to collect. */
export const pickupReadyBy = (paidAt: Date): string => addWorkingDays(paidAt, PICKUP_READY_WORKING_DAYS);

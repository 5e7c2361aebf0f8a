import { addWorkingDays, klInstant, REFUND_REVIEW_WORKING_DAYS } from '../../../contract/rules/kl-calendar.ts';

/** The end (Kuala Lumpur time) of the third working day after the request: the review's promise. */
export function refundDeadline(requestedAt: Date): Date {
  return klInstant(addWorkingDays(requestedAt, REFUND_REVIEW_WORKING_DAYS), '23:59:59.999');
}

import { addWorkingDays, klInstant, REFUND_REVIEW_WORKING_DAYS } from '../../../contract/rules/kl-calendar.ts';

/** The KL date a request's review is promised by: the third working day after the request. */
export const reviewByDate = (requestedAt: Date): string => addWorkingDays(requestedAt, REFUND_REVIEW_WORKING_DAYS);

/** The end (Kuala Lumpur time) of that day: after it, the request is late. */
export function refundDeadline(requestedAt: Date): Date {
  return klInstant(reviewByDate(requestedAt), '23:59:59.999');
}

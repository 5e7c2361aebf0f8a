import { errorMessage } from '../db/loggable.ts';
import { claimEvent, settleEvent } from '../modules/payments/service.ts';
import type { UnusableEvent } from '../providers/payment/index.ts';
import type { PaymentContext } from './context.ts';
import { log } from '../ops/log.ts';

/**
 * Refuses a signed event the shop cannot take (outside its limits, or not an event at all),
 * for good: it is kept as refused with the reason for staff to review, once under its
 * (provider, event id), a replay only counting a repeat, and refused again each time. The body
 * is kept in the database, never in the log. A database that cannot keep it changes nothing:
 * the event is still refused, as it would be on any later try.
 */
export async function refuseEvent(
  ctx: Pick<PaymentContext, 'db' | 'now'>,
  provider: string,
  refusal: { reason: string; unusable?: UnusableEvent },
  payload: string,
): Promise<{ outcome: 'refused'; reason: string }> {
  const { reason, unusable } = refusal;
  if (!unusable) {
    log.warn(`[pay] refused a ${provider} callback: ${reason}`);
    return { outcome: 'refused', reason };
  }
  const now = ctx.now();
  try {
    const kept = await ctx.db.transaction(async (tx) => {
      const id = await claimEvent(tx, { provider, ...unusable, payload }, now);
      if (id) await settleEvent(tx, id, 'refused', reason);
      return id !== null;
    });
    log.warn(`[pay] refused ${provider} event ${unusable.eventId}${kept ? ', kept for review' : ' again'} (its reason is in payment_events)`);
  } catch (err) {
    log.error(`[pay] refused ${provider} event ${unusable.eventId}, not kept: ${errorMessage(err)}`);
  }
  return { outcome: 'refused', reason };
}

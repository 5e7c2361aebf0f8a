import type { Db } from '../db/client.ts';
import type { JobHandler } from '../jobs/queue.ts';
import { releaseHeldUnits } from '../modules/booking/service.ts';
import { returnCouponUse } from '../modules/coupons/service.ts';
import { lockOrder, tryMoveOrder } from '../modules/orders/service.ts';
import { pendingCheckouts } from '../modules/payments/service.ts';
import type { PaymentProvider } from '../providers/payment/index.ts';

/** The job every placed order schedules for its payBefore. */
export const PAYMENT_TIMEOUT_JOB = 'payment.timeout';

/**
 * Ends an unpaid order whose time to pay ran out, in the caller's transaction: CANCELLED by
 * the system with the reason "payment time expired", its held units freed, its coupon use
 * returned. An order paid or cancelled meanwhile is left alone. True when it was ended.
 */
export async function expireOrder(tx: Db, orderId: string, now: Date): Promise<boolean> {
  const order = await lockOrder(tx, { id: orderId });
  if (!order || order.status !== 'PENDING_PAYMENT' || (order.payBefore && now < order.payBefore)) return false;
  const moved = await tryMoveOrder(tx, order, 'expire', 'system', { noteKey: 'order.paymentExpired', changes: { cancelledBy: 'system' } }, now);
  if (!moved.ok) return false;
  await releaseHeldUnits(tx, order.id);
  await returnCouponUse(tx, order.id, now);
  return true;
}

/**
 * The time-out job: expires the order and, once that is committed, closes its open checkouts
 * at the provider so they cannot be paid any more (a payment that still slips through is
 * handled when it is reported: see record-payment).
 */
export function paymentTimeoutHandler(payments: PaymentProvider): JobHandler {
  return async (tx, job, now) => {
    const orderId = String(job.payload.orderId);
    if (!(await expireOrder(tx, orderId, now)) || !payments.expireCheckout) return;
    const refs = await pendingCheckouts(tx, orderId);
    return async () => {
      for (const ref of refs) {
        await payments.expireCheckout!(ref).catch((err: unknown) =>
          console.error(`[pay] could not close checkout ${ref} of an expired order: ${err instanceof Error ? err.message : String(err)}`),
        );
      }
    };
  };
}

import { releaseWindow } from '../modules/mobile/service.ts';
import type { Db } from '../db/client.ts';
import { finishJob, retryDelayMs, scheduleJob, type JobHandler } from '../jobs/queue.ts';
import { releaseHeldUnits } from '../modules/booking/service.ts';
import { returnCouponUse } from '../modules/coupons/service.ts';
import { releaseUnits } from '../modules/stock/service.ts';
import { lockOrder, tryMoveOrder } from '../modules/orders/service.ts';
import { pendingCheckouts, pendingPayments, type PaymentRow } from '../modules/payments/service.ts';
import type { PaymentStatus } from '../providers/payment/index.ts';
import type { PaymentContext } from './context.ts';
import { applyProviderStatus } from './provider-status.ts';
import { errorMessage } from '../db/loggable.ts';
import { log } from '../ops/log.ts';

/** The job every placed order schedules for its payBefore. */
export const PAYMENT_TIMEOUT_JOB = 'payment.timeout';

/**
 * Ends an unpaid order whose time to pay ran out, in the caller's transaction: CANCELLED by
 * the system with the reason "payment time expired", its held units and reserved stock freed, its coupon use
 * returned. An order paid or cancelled meanwhile is left alone. True when it was ended.
 */
export async function expireOrder(tx: Db, orderId: string, now: Date): Promise<boolean> {
  const order = await lockOrder(tx, { id: orderId });
  if (!order || order.status !== 'PENDING_PAYMENT' || (order.payBefore && now < order.payBefore)) return false;
  const moved = await tryMoveOrder(tx, order, 'expire', 'system', { noteKey: 'order.paymentExpired', changes: { cancelledBy: 'system' } }, now);
  if (!moved.ok) return false;
  await releaseHeldUnits(tx, order.id);
  await releaseWindow(tx, order.id);
  await releaseUnits(tx, order, 'system', now);
  await returnCouponUse(tx, order.id, now);
  return true;
}

/**
 * How many times the time-out asks the provider before it cancels on no answer: 30 s, 1, 2, 4
 * and 8 minutes apart (retryDelayMs), about a quarter of an hour in all. A payment that the
 * provider reports after that is a late payment (record-payment's rules).
 */
export const TIMEOUT_ASKS = 6;

type Answer = 'paid' | 'unpaid' | 'unreachable';

/** Asks the provider about each waiting attempt and records what it says, as a callback would be. */
async function askProvider(ctx: PaymentContext, waiting: readonly PaymentRow[]): Promise<Answer> {
  let answer: Answer = 'unpaid';
  for (const payment of waiting) {
    let status: PaymentStatus;
    try {
      status = await ctx.payments.paymentStatus(payment.providerRef!);
    } catch (err) {
      log.error(`[pay] ${ctx.payments.name} did not answer about ${payment.providerRef} before a time-out: ${errorMessage(err)}`);
      if (answer === 'unpaid') answer = 'unreachable';
      continue;
    }
    await applyProviderStatus(ctx, payment, status);
    if (status.state === 'paid') answer = 'paid';
  }
  return answer;
}

/** Closes the order's checkouts still open at the provider, so they cannot be paid any more. */
async function closeCheckouts(ctx: PaymentContext, orderId: string): Promise<void> {
  if (!ctx.payments.expireCheckout) return;
  for (const ref of await pendingCheckouts(ctx.db, orderId)) {
    await ctx.payments.expireCheckout(ref).catch((err: unknown) =>
      log.error(`[pay] could not close checkout ${ref} of an expired order: ${errorMessage(err)}`),
    );
  }
}

/**
 * The time-out job. An order with no checkout waiting is expired at once. Otherwise the provider
 * is asked first (after the commit, never inside a transaction): a checkout it reports paid is
 * recorded as its callback would be (booked, or the money marked for return when its time is
 * gone) and the order is not cancelled; only when none is paid is the order expired and its
 * checkouts closed. The next try is scheduled in the same transaction, so a provider out of
 * reach, or a process that stops while asking, leads to asking again (TIMEOUT_ASKS in all).
 */
export function paymentTimeoutHandler(ctx: PaymentContext): JobHandler {
  return async (tx, job, now) => {
    const orderId = String(job.payload.orderId);
    const tries = Number(job.payload.tries ?? 0);
    const order = await lockOrder(tx, { id: orderId });
    if (!order || order.status !== 'PENDING_PAYMENT' || (order.payBefore && now < order.payBefore)) return;
    const waiting = await pendingPayments(tx, orderId, 20);
    if (waiting.length === 0) {
      await expireOrder(tx, orderId, now);
      return;
    }
    const last = tries + 1 >= TIMEOUT_ASKS;
    const next = `${PAYMENT_TIMEOUT_JOB}:${orderId}:${tries + 1}`;
    if (!last) {
      await scheduleJob(tx, { kind: PAYMENT_TIMEOUT_JOB, key: next, runAt: new Date(now.getTime() + retryDelayMs(tries + 1)), payload: { orderId, tries: tries + 1 } }, now);
    }
    return async () => {
      const answer = await askProvider(ctx, waiting);
      if (answer === 'unreachable' && !last) return;
      // Paid: the order is no longer waiting and this changes nothing.
      if (await ctx.db.transaction((t) => expireOrder(t, orderId, now))) await closeCheckouts(ctx, orderId);
      if (!last) await finishJob(ctx.db, next, now);
    };
  };
}

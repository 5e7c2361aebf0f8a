import { ringgit } from '../../../contract/rules/order-total.ts';
import type { Db } from '../../db/client.ts';
import { retryDelayMs, scheduleJob, type JobHandler } from '../../jobs/queue.ts';
import type { PaymentProvider, ProviderEvent } from '../../providers/payment/index.ts';
import { orderNotice, type Notice, type NoticeContext } from '../notifications/service.ts';
import { lockOrder, noteOnOrder, tryMoveOrder } from '../orders/service.ts';
import { refundablePayment } from '../payments/service.ts';
import { recordProviderRefund, refundById, tryMoveRefund, type RefundRow } from './service.ts';

/**
 * An approved refund's way back to the customer: sent to the payment provider after the
 * review commits (again by a job while the provider cannot be reached), then completed by
 * the provider's callback, which also moves the order once every paid sen has come back.
 */

export const REFUND_SEND_JOB = 'refund.send';

/** What sending a refund takes: the database, the payment provider, the clock. */
export interface PayoutContext {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
}

/** Sent right after the review's commit; this job sends it should the process stop before that. */
export async function scheduleFirstSend(tx: Db, refund: RefundRow, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: REFUND_SEND_JOB, key: `refund-send-${refund.id}-0`, runAt: new Date(now.getTime() + 5 * 60_000), payload: { refundId: refund.id, attempt: 0 } }, now);
}

/** The provider's reference of the payment the order's refund goes back to, if any. */
export async function paymentRefOf(db: Db, orderId: string): Promise<string | null> {
  return (await refundablePayment(db, orderId))?.providerRef ?? null;
}

/**
 * The job that sends an approved refund again when the provider could not be reached: after
 * the commit (the provider call never holds a transaction), once more on each failure.
 */
export function refundSendHandler(ctx: PayoutContext): JobHandler {
  return async (tx, job) => {
    const { refundId, attempt } = job.payload as { refundId: string; attempt: number };
    const refund = await refundById(tx, refundId);
    if (refund?.status !== 'REVIEWED') return;
    const providerRef = await paymentRefOf(tx, refund.orderId);
    if (!providerRef) return;
    return () => sendRefund(ctx, refund, providerRef, attempt);
  };
}

/**
 * Asks the provider to pay an approved refund back (the refund's id is the idempotency key,
 * so asking again never pays twice) and marks it PROCESSING. A provider out of reach leaves it
 * REVIEWED, logged, to be sent again.
 */
export async function sendRefund(ctx: PayoutContext, refund: RefundRow, providerRef: string, attempt = 0): Promise<void> {
  let providerRefundRef: string;
  try {
    const result = await ctx.payments.refund({ providerRef, amountSen: refund.amountSen, refundId: refund.id, reason: refund.reason });
    providerRefundRef = result.providerRefundRef;
  } catch (err) {
    console.error(`[refund] ${refund.id} not sent to ${ctx.payments.name} (try ${attempt + 1}): ${err instanceof Error ? err.message : String(err)}`);
    const now = ctx.now();
    await ctx.db.transaction((tx) =>
      scheduleJob(tx, { kind: REFUND_SEND_JOB, key: `refund-send-${refund.id}-${attempt + 1}`, runAt: new Date(now.getTime() + retryDelayMs(attempt + 1)), payload: { refundId: refund.id, attempt: attempt + 1 } }, now),
    );
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await lockOrder(tx, { id: refund.orderId });
    const current = await refundById(tx, refund.id);
    await recordProviderRefund(tx, refund.id, providerRefundRef);
    // The provider's callback may have completed it already.
    if (current?.status !== 'REVIEWED') return;
    await tryMoveRefund(tx, current, 'process', 'system', { noteKey: 'refundHistory.sent' }, ctx.now());
  });
}

const NOT_OURS = { ok: false, reason: 'no refund of this shop matches it' } as const;

/**
 * The provider's word that a refund was paid (its callback, recorded once by recordPayment):
 * the refund completes, the order counts the money as returned, and becomes REFUNDED when
 * every paid sen has come back. Returns why not when the event matches no refund of ours.
 */
export async function completeRefund(
  tx: Db,
  ctx: NoticeContext,
  event: ProviderEvent,
  now: Date,
): Promise<{ ok: true; notices: Notice[]; duplicate?: boolean } | { ok: false; reason: string }> {
  if (!event.refundId || !/^[0-9a-f-]{36}$/i.test(event.refundId)) return NOT_OURS;
  const found = await refundById(tx, event.refundId);
  if (!found) return NOT_OURS;
  const order = await lockOrder(tx, { id: found.orderId });
  let refund = await refundById(tx, event.refundId);
  if (!order || !refund) return NOT_OURS;
  if (event.amountSen !== refund.amountSen) return { ok: false, reason: `amount ${event.amountSen} sen, the refund is ${refund.amountSen}` };
  if (event.kind === 'refund.failed') {
    console.error(`[refund] ${refund.id} of order ${order.orderNo} failed at the provider`);
    return { ok: true, notices: [] };
  }
  // Stripe tells of one refund in more than one event (refund.updated, charge.refunded).
  if (refund.status === 'COMPLETED') return { ok: true, notices: [], duplicate: true };
  if (refund.status === 'REVIEWED') {
    const sent = await tryMoveRefund(tx, refund, 'process', 'system', { noteKey: 'refundHistory.sent' }, now);
    if (sent.ok) refund = sent.refund;
  }
  const paid = await tryMoveRefund(tx, refund, 'complete', 'system', { noteKey: 'refundHistory.paid' }, now);
  if (!paid.ok) return { ok: false, reason: `the refund is ${refund.status}` };
  let moved = await noteOnOrder(tx, order, { by: 'system', noteKey: 'history.refundPaid', noteParams: { amount: ringgit(refund.amountSen) } }, now, {
    refundedSen: order.refundedSen + refund.amountSen,
  });
  // The refund that returns the last paid sen moves the order (the table weighs the sums).
  const full = await tryMoveOrder(tx, moved, 'refund', 'system', { noteKey: 'history.refundPaid', noteParams: { amount: ringgit(moved.refundedSen) } }, now);
  if (full.ok) moved = full.order;
  return { ok: true, notices: [await orderNotice(tx, ctx, moved, { kind: 'refundPaid', amountSen: refund.amountSen }, now, `refund-paid-${refund.id}`)] };
}

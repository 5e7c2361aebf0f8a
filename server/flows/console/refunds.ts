import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ringgit } from '../../../contract/order-total.ts';
import type { Locale } from '../../../contract/language.ts';
import type { Db } from '../../db/client.ts';
import { warning } from '../../http/errors.ts';
import { audit } from '../../modules/audit/service.ts';
import { orders } from '../../modules/orders/schema.ts';
import { addHistory, linesOf, lockOrder, moveOrder, noteOnOrder, type OrderRow } from '../../modules/orders/service.ts';
import { transitionOrder, transitionRefund } from '../../modules/orders/states.ts';
import { payments } from '../../modules/payments/schema.ts';
import { refunds } from '../../modules/refunds/schema.ts';
import { retryDelayMs, scheduleJob, type JobHandler } from '../../jobs/queue.ts';
import { latestRefund, moveRefund, refundNo, refundsOf, type RefundRow } from '../../modules/refunds/service.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ProviderEvent } from '../../providers/payment/index.ts';
import { signedImageUrl } from '../../storage/signing.ts';
import { isMessageKey, message } from '../../../contract/messages.ts';
import type { ShopContext } from '../context.ts';
import { orderNotice, type Notice } from '../my-orders/notices.ts';
import { lockStaffOrder, requireAdmin } from './access.ts';
import { addWorkingDays, klInstant, REFUND_REVIEW_WORKING_DAYS } from '../../../contract/kl-calendar.ts';
import { linesInWords, orderForStaff } from './view.ts';

/** The end (Kuala Lumpur time) of the third working day after the request: the review's promise. */
export function refundDeadline(requestedAt: Date): Date {
  return klInstant(addWorkingDays(requestedAt, REFUND_REVIEW_WORKING_DAYS), '23:59:59.999');
}

export interface ReviewInput {
  orderNo: string;
  decision: 'approve' | 'reject';
  amountSen?: number;
  note: string;
}

/** The payment a refund goes back to: the order's own (not one it was to return in full). */
async function paymentToRefund(tx: Db, orderId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'succeeded'), eq(payments.refundDue, false)))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row;
}

/**
 * An admin's decision on the request waiting for review, with the order locked: only one
 * decision passes (a second at once finds it no longer pending: 807). An approval is at most
 * what was asked and what is still refundable, then goes to the payment provider after the
 * commit; the provider's callback completes it (completeRefund). SMS on the decision.
 */
export async function reviewRefund(ctx: ShopContext, who: StaffRow, input: ReviewInput, locale: Locale) {
  requireAdmin(who);
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    const refund = await latestRefund(tx, order.id);
    if (!refund || refund.status !== 'PENDING_REVIEW') throw warning('refund.notPending');
    const number = refundNo(order.orderNo, refund.seq);
    let notice: Notice;
    let send: { refund: RefundRow; providerRef: string } | null = null;
    if (input.decision === 'reject') {
      const move = transitionRefund(refund.status, 'reject', 'staff', { note: input.note });
      if (!move.ok) throw warning(move.key, move.params, { field: 'note' });
      await moveRefund(tx, refund, move.status, { by: 'staff', note: input.note }, now, { decidedAt: now });
      await addHistory(tx, order, { by: 'staff', noteKey: 'history.refundRejected', noteParams: { note: input.note } }, now);
      notice = await orderNotice(tx, ctx, order, { kind: 'refundDecided', approved: false, amountSen: refund.amountSen, note: input.note }, now);
    } else {
      const most = Math.min(refund.requestedSen, order.paidSen - order.refundedSen);
      const amountSen = input.amountSen ?? refund.requestedSen;
      if (amountSen > most) throw warning('console.refundAbove', { max: ringgit(most) }, { field: 'amountSen' });
      const move = transitionRefund(refund.status, 'approve', 'staff', { amountSen, refundableSen: most, note: input.note });
      if (!move.ok) throw warning(move.key, move.params, { field: 'amountSen' });
      const payment = await paymentToRefund(tx, order.id);
      if (!payment?.providerRef) throw warning('gateway.notPaid');
      const reviewed = await moveRefund(tx, refund, move.status, { by: 'staff', note: input.note }, now, { amountSen, decidedAt: now });
      await addHistory(tx, order, { by: 'staff', noteKey: 'history.refundApproved', noteParams: { amount: ringgit(amountSen) } }, now);
      notice = await orderNotice(tx, ctx, order, { kind: 'refundDecided', approved: true, amountSen, note: input.note }, now);
      send = { refund: reviewed, providerRef: payment.providerRef };
      // Sent right after the commit; this job sends it should the process stop before that.
      await scheduleJob(tx, { kind: REFUND_SEND_JOB, key: `refund-send-${refund.id}-0`, runAt: new Date(now.getTime() + 5 * 60_000), payload: { refundId: refund.id, attempt: 0 } }, now);
    }
    await audit(
      tx,
      { staff: who, action: 'console/refunds/review', orderNo: order.orderNo, refundNo: number, storeId: order.storeId, details: { decision: input.decision, requestedSen: refund.requestedSen, amountSen: send?.refund.amountSen ?? null, note: input.note } },
      now,
    );
    return { notice, send, orderId: order.id };
  });
  await outcome.notice();
  if (outcome.send) await sendRefund(ctx, outcome.send.refund, outcome.send.providerRef);
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, outcome.orderId));
  return orderForStaff(ctx, order!, who, locale);
}

export const REFUND_SEND_JOB = 'refund.send';
export type RefundSender = Pick<ShopContext, 'db' | 'payments' | 'now'>;

/**
 * The job that sends an approved refund again when the provider could not be reached: after
 * the commit (the provider call never holds a transaction), once more on each failure.
 */
export function refundSendHandler(ctx: RefundSender): JobHandler {
  return async (tx, job) => {
    const { refundId, attempt } = job.payload as { refundId: string; attempt: number };
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (refund?.status !== 'REVIEWED') return;
    const payment = await paymentToRefund(tx, refund.orderId);
    if (!payment?.providerRef) return;
    const providerRef = payment.providerRef;
    return () => sendRefund(ctx, refund, providerRef, attempt);
  };
}

/**
 * Asks the provider to pay an approved refund back (the refund's id is the idempotency key,
 * so asking again never pays twice) and marks it PROCESSING. A provider out of reach leaves it
 * REVIEWED, logged, to be sent again.
 */
export async function sendRefund(ctx: RefundSender, refund: RefundRow, providerRef: string, attempt = 0): Promise<void> {
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
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
    await tx.update(refunds).set({ providerRefundRef }).where(eq(refunds.id, refund.id));
    // The provider's callback may have completed it already.
    if (current?.status !== 'REVIEWED') return;
    const move = transitionRefund(current.status, 'process', 'system');
    if (move.ok) await moveRefund(tx, current, move.status, { by: 'system', noteKey: 'refundHistory.sent' }, ctx.now());
  });
}

/**
 * The provider's word that a refund was paid (its callback, recorded once by recordPayment):
 * the refund completes, the order counts the money as returned, and becomes REFUNDED when
 * every paid sen has come back. Returns why not when the event matches no refund of ours.
 */
export async function completeRefund(
  tx: Db,
  ctx: ShopContext,
  event: ProviderEvent,
  now: Date,
): Promise<{ ok: true; notices: Notice[]; duplicate?: boolean } | { ok: false; reason: string }> {
  if (!event.refundId || !/^[0-9a-f-]{36}$/i.test(event.refundId)) return { ok: false, reason: 'no refund of this shop matches it' };
  const [found] = await tx.select().from(refunds).where(eq(refunds.id, event.refundId));
  if (!found) return { ok: false, reason: 'no refund of this shop matches it' };
  const order = await lockOrder(tx, { id: found.orderId });
  let [refund] = await tx.select().from(refunds).where(eq(refunds.id, event.refundId));
  if (!order || !refund) return { ok: false, reason: 'no refund of this shop matches it' };
  if (event.amountSen !== refund.amountSen) return { ok: false, reason: `amount ${event.amountSen} sen, the refund is ${refund.amountSen}` };
  if (event.kind === 'refund.failed') {
    console.error(`[refund] ${refund.id} of order ${order.orderNo} failed at the provider`);
    return { ok: true, notices: [] };
  }
  // Stripe tells of one refund in more than one event (refund.updated, charge.refunded).
  if (refund.status === 'COMPLETED') return { ok: true, notices: [], duplicate: true };
  if (refund.status === 'REVIEWED') {
    const move = transitionRefund(refund.status, 'process', 'system');
    if (move.ok) refund = await moveRefund(tx, refund, move.status, { by: 'system', noteKey: 'refundHistory.sent' }, now);
  }
  const move = transitionRefund(refund.status, 'complete', 'system');
  if (!move.ok) return { ok: false, reason: `the refund is ${refund.status}` };
  await moveRefund(tx, refund, move.status, { by: 'system', noteKey: 'refundHistory.paid' }, now, { completedAt: now });
  const refundedSen = order.refundedSen + refund.amountSen;
  let moved: OrderRow = await noteOnOrder(tx, order, { by: 'system', noteKey: 'history.refundPaid', noteParams: { amount: ringgit(refund.amountSen) } }, now, { refundedSen });
  const full = transitionOrder({ status: moved.status, stage: moved.stage, method: moved.method }, 'refund', 'system', { paidSen: moved.paidSen, refundedSen });
  if (full.ok) moved = await moveOrder(tx, moved, full, { by: 'system', noteKey: 'history.refundPaid', noteParams: { amount: ringgit(refundedSen) } }, now);
  return { ok: true, notices: [await orderNotice(tx, ctx, moved, { kind: 'refundPaid', amountSen: refund.amountSen }, now, `refund-paid-${refund.id}`)] };
}

/** The queue of requests waiting for review, oldest first, with their deadline. */
export async function refundQueue(ctx: ShopContext, who: StaffRow, input: { pageNum: number; pageSize: number }, locale: Locale) {
  requireAdmin(who);
  const now = ctx.now();
  const where = eq(refunds.status, 'PENDING_REVIEW');
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ refund: refunds, order: orders })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(where)
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(refunds).where(where),
  ]);
  const parts = new Map<string, Awaited<ReturnType<typeof refundsOf>>>();
  const lines = new Map<string, Awaited<ReturnType<typeof linesOf>>>();
  for (const orderId of new Set(rows.map((r) => r.order.id))) {
    parts.set(orderId, await refundsOf(ctx.db, orderId));
    lines.set(orderId, await linesOf(ctx.db, orderId));
  }
  const list = rows.map(({ refund, order }) => {
    const full = parts.get(order.id)!.find((p) => p.refund.id === refund.id)!;
    const deadline = refundDeadline(refund.createdAt);
    const workshop = order.storeId ? ctx.indexes.workshops.find((w) => w.id === order.storeId) : undefined;
    return {
      orderNo: order.orderNo,
      store: order.storeId ? { id: order.storeId, name: workshop?.name ?? order.storeId } : null,
      customer: { name: order.contact.name, phone: order.contact.phone },
      lines: linesInWords(ctx, lines.get(order.id)!, locale),
      paidSen: order.paidSen,
      refundedSen: order.refundedSen,
      refund: {
        refundNo: refundNo(order.orderNo, refund.seq),
        status: refund.status,
        amountSen: refund.amountSen,
        requestedSen: refund.requestedSen,
        reason: refund.reason,
        contact: refund.contact,
        createdAt: refund.createdAt.toISOString(),
        updatedAt: refund.updatedAt.toISOString(),
        images: full.imageKeys.map((key) => ({ key, url: signedImageUrl(ctx.secret, key, now) })),
        history: full.history.map((h) => ({ status: h.status, at: h.at.toISOString(), by: h.by, note: h.noteKey && isMessageKey(h.noteKey) ? message(locale, h.noteKey) : h.note })),
      },
      deadline: deadline.toISOString(),
      late: now.getTime() > deadline.getTime(),
    };
  });
  return { list, total: counted?.n ?? 0, pageNum: input.pageNum, pageSize: input.pageSize };
}


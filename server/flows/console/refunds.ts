import { asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/language.ts';
import type { Db } from '../../db/client.ts';
import { warning } from '../../modules/errors.ts';
import { audit } from '../../modules/audit/service.ts';
import { orders } from '../../modules/orders/schema.ts';
import { linesOf } from '../../modules/orders/service.ts';
import { refunds } from '../../modules/refunds/schema.ts';
import { refundNo, refundsOf } from '../../modules/refunds/service.ts';
import { approvableSen } from '../../modules/refunds/refundable.ts';
import { decideRefund, type ReviewInput } from '../../modules/refunds/review.ts';
import { refundEventsFor } from '../../modules/refunds/states.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import { signedImageUrl } from '../../storage/signing.ts';
import { isMessageKey, message } from '../../../contract/messages.ts';
import type { ShopContext } from '../context.ts';
import { lockStaffOrder, requireAdmin } from '../../modules/staff/access.ts';
import { addWorkingDays, klInstant, REFUND_REVIEW_WORKING_DAYS } from '../../../contract/kl-calendar.ts';
import { linesInWords, orderForStaff, orderWhere } from '../../queries/console-view.ts';

/** The end (Kuala Lumpur time) of the third working day after the request: the review's promise. */
export function refundDeadline(requestedAt: Date): Date {
  return klInstant(addWorkingDays(requestedAt, REFUND_REVIEW_WORKING_DAYS), '23:59:59.999');
}

/**
 * An admin's decision on the request waiting for review (the rules: modules/refunds/review.ts),
 * audited in the same transaction; the SMS and the payout follow the commit.
 */
export async function reviewRefund(ctx: ShopContext, who: StaffRow, input: ReviewInput & { orderNo: string }, locale: Locale) {
  requireAdmin(who);
  const now = ctx.now();
  const reviewed = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    const reviewed = await decideRefund(tx, ctx, order, input, now);
    const approved = input.decision === 'approve';
    await audit(
      tx,
      {
        staff: who,
        action: 'console/refunds/review',
        orderNo: order.orderNo,
        refundNo: reviewed.refundNo,
        storeId: order.storeId,
        details: { decision: input.decision, requestedSen: reviewed.before.requestedSen, amountSen: approved ? reviewed.after.amountSen : null, note: input.note },
      },
      now,
    );
    return reviewed;
  });
  await reviewed.afterCommit();
  const order = await orderWhere(ctx.db, { orderNo: input.orderNo });
  return orderForStaff(ctx, order!, who, locale);
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
    const events = refundEventsFor(refund.status, 'staff');
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
      approvableSen: approvableSen(refund.requestedSen, order),
      actions: { approve: events.includes('approve'), reject: events.includes('reject') },
    };
  });
  return { list, total: counted?.n ?? 0, pageNum: input.pageNum, pageSize: input.pageSize };
}


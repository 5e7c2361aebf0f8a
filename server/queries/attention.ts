import { and, asc, eq, inArray } from 'drizzle-orm';
import { orders } from '../modules/orders/schema.ts';
import { payments } from '../modules/payments/schema.ts';
import { refundDeadline } from '../modules/refunds/deadline.ts';
import { returnsOf, type ReturnRow } from '../modules/payments/returns.ts';
import { refunds } from '../modules/refunds/schema.ts';
import { refundNo } from '../modules/refunds/service.ts';
import { requireAdmin } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import type { ReadContext } from './context.ts';
import { unsentNotices } from './unsent-notices.ts';

/**
 * What needs an admin's hand in the money (docs/contracts/after-sale.md §5), oldest first: refunds the
 * provider could not pay, money an order cannot use that has not come back yet, and refunds
 * past their promised review date.
 */

/** Refunds still open that a customer is waiting on past the promise. */
const unfinished = ['PENDING_REVIEW', 'REVIEWED', 'PROCESSING'] as const;

const sum = (rows: { amountSen: number }[]) => rows.reduce((s, r) => s + r.amountSen, 0);

/** The provider's last word on the failed returns among these, if any. */
function lastError(returns: ReturnRow[]): string | null {
  const failed = returns.filter((r) => r.state === 'failed');
  return failed.length > 0 ? failed[failed.length - 1]!.note || null : null;
}

const waitedMinutes = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));

export async function refundAttention(ctx: ReadContext, who: StaffRow) {
  requireAdmin(who);
  const now = ctx.now();
  const [failedRows, surplusRows, openRows] = await Promise.all([
    ctx.db
      .select({ refund: refunds, orderNo: orders.orderNo })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(refunds.status, 'FAILED'))
      .orderBy(asc(refunds.updatedAt), asc(refunds.id)),
    ctx.db
      .select({ payment: payments })
      .from(payments)
      .where(and(eq(payments.state, 'succeeded'), eq(payments.refundDue, true)))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    ctx.db
      .select({ refund: refunds, orderNo: orders.orderNo })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(inArray(refunds.status, [...unfinished]))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const orderIds = [...new Set([...failedRows.map((r) => r.refund.orderId), ...surplusRows.map((r) => r.payment.orderId)])];
  const returns = await returnsOf(ctx.db, orderIds);

  const failed = failedRows.map(({ refund, orderNo }) => ({
    orderNo,
    refundNo: refundNo(orderNo, refund.seq),
    amountSen: refund.amountSen,
    failedAt: refund.updatedAt.toISOString(),
    lastError: lastError(returns.filter((r) => r.refundId === refund.id)),
  }));

  const surplus = surplusRows.flatMap(({ payment }) => {
    const own = returns.filter((r) => r.paymentId === payment.id && r.refundId === null);
    const leftSen = payment.amountSen - sum(own.filter((r) => r.state === 'succeeded'));
    if (leftSen <= 0) return [];
    const since = payment.paidAt ?? payment.createdAt;
    return [
      {
        orderNo: payment.orderNo,
        paymentId: payment.id,
        amountSen: leftSen,
        since: since.toISOString(),
        waitedMinutes: waitedMinutes(since, now),
        sending: own.some((r) => r.state === 'sending'),
        lastError: lastError(own),
      },
    ];
  });

  const late = openRows.flatMap(({ refund, orderNo }) => {
    const deadline = refundDeadline(refund.createdAt);
    if (now.getTime() <= deadline.getTime()) return [];
    return [{ orderNo, refundNo: refundNo(orderNo, refund.seq), status: refund.status, amountSen: refund.amountSen, requestedAt: refund.createdAt.toISOString(), deadline: deadline.toISOString() }];
  });

  return { failed, surplus, late, notices: await unsentNotices(ctx) };
}

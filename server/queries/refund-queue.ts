import { asc, eq, sql } from 'drizzle-orm';
import type { Locale } from '../../contract/rules/language.ts';
import { orders } from '../modules/orders/schema.ts';
import { linesOf } from '../modules/orders/service.ts';
import { refundDeadline } from '../modules/refunds/deadline.ts';
import { ledgersOf } from '../modules/payments/ledger.ts';
import { approvableSen } from '../modules/refunds/refundable.ts';
import { refunds } from '../modules/refunds/schema.ts';
import { refundsOf } from '../modules/refunds/service.ts';
import { refundEventsFor } from '../modules/refunds/states.ts';
import { requireAdmin } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import { linesInWords } from './console-view.ts';
import { refundView } from './order-parts.ts';
import { closedAccounts } from '../modules/auth/service.ts';
import { customerOfOrder } from './closed-accounts.ts';
import type { ReadContext } from './context.ts';

/** The queue of requests waiting for review, oldest first, with their deadline. */
export async function refundQueue(ctx: ReadContext, who: StaffRow, input: { pageNum: number; pageSize: number }, locale: Locale) {
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
  const ledgers = await ledgersOf(ctx.db, [...new Set(rows.map((r) => r.order.id))]);
  for (const orderId of new Set(rows.map((r) => r.order.id))) {
    parts.set(orderId, await refundsOf(ctx.db, orderId));
    lines.set(orderId, await linesOf(ctx.db, orderId));
  }
  const closed = await closedAccounts(
    ctx.db,
    rows.map((r) => r.order.customerId),
  );
  const list = rows.map(({ refund, order }) => {
    const full = parts.get(order.id)!.find((p) => p.refund.id === refund.id)!;
    const deadline = refundDeadline(refund.createdAt);
    const events = refundEventsFor(refund.status, 'staff');
    const workshop = order.storeId ? ctx.indexes.workshops.find((w) => w.id === order.storeId) : undefined;
    return {
      orderNo: order.orderNo,
      store: order.storeId ? { id: order.storeId, name: workshop?.name ?? order.storeId } : null,
      customer: customerOfOrder(order, closed, locale),
      lines: linesInWords(ctx, lines.get(order.id)!, locale),
      paidSen: ledgers.get(order.id)!.paidSen,
      refundedSen: ledgers.get(order.id)!.returnedSen,
      refund: refundView(ctx, order.orderNo, full, locale, now),
      deadline: deadline.toISOString(),
      late: now.getTime() > deadline.getTime(),
      approvableSen: approvableSen(refund.requestedSen, ledgers.get(order.id)!),
      actions: { approve: events.includes('approve'), reject: events.includes('reject') },
    };
  });
  return { list, total: counted?.n ?? 0, pageNum: input.pageNum, pageSize: input.pageSize };
}


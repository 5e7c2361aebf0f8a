import { and, asc, count, desc, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '../../contract/rules/language.ts';
import { editableUntil } from '../../contract/rules/review-rules.ts';
import type { RefundStatus } from '../../contract/rules/order-status.ts';
import { orderTabs, type OrderTab } from '../../contract/my-orders-dto.ts';
import type { orderPage } from '../../contract/my-orders.ts';
import { MAX_RESCHEDULES } from '../../contract/my-orders-dto.ts';
import { customerActions, customerView } from '../modules/orders/actions.ts';
import { lineName } from '../modules/orders/line-view.ts';
import { orderLines, orders } from '../modules/orders/schema.ts';
import { refunds } from '../modules/refunds/schema.ts';
import { reviews } from '../modules/reviews/schema.ts';
import { ledgersOf, moneyOf, paidAtOf } from '../modules/payments/ledger.ts';
import { latestRefunds, refundNo } from '../modules/refunds/service.ts';
import type { ReadContext } from './context.ts';
import { appointmentPassed, appointmentView } from './order-parts.ts';

type PageRequest = z.output<typeof orderPage.request>;
type PageAnswer = z.input<typeof orderPage.response>;

/** A refund request the customer did not take back: a revoked one is no refund. */
const standing = ne(refunds.status, 'REVOKED');
const hasRefund = sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${standing})`;

/** Of each order, the latest refund request not revoked: the one its card tells of. */
async function latestStandingRefunds(db: ReadContext['db'], orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, { seq: number; status: RefundStatus; amountSen: number }>();
  const rows = await db
    .selectDistinctOn([refunds.orderId], { orderId: refunds.orderId, seq: refunds.seq, status: refunds.status, amountSen: refunds.amountSen })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), standing))
    .orderBy(refunds.orderId, desc(refunds.seq));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** Of each completed order, the reviews written and when the latest was. */
async function reviewsWritten(db: ReadContext['db'], orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, { n: number; latest: Date | null }>();
  const rows = await db
    .select({ orderId: reviews.orderId, n: count(), latest: max(reviews.createdAt) })
    .from(reviews)
    .where(inArray(reviews.orderId, orderIds))
    .groupBy(reviews.orderId);
  return new Map(rows.map((r) => [r.orderId, { n: r.n, latest: r.latest }]));
}

/**
 * Whether a completed order still invites a review: a product it bought or (installation) its
 * workshop not rated yet, or a review still within its days of change.
 */
function reviewOpen(order: { status: string; method: string; storeId: string | null }, productIds: readonly string[], written: { n: number; latest: Date | null } | undefined, now: Date): boolean {
  if (order.status !== 'COMPLETED') return false;
  const subjects = new Set(productIds).size + (order.method === 'install' && order.storeId ? 1 : 0);
  if (!written || written.n < subjects) return true;
  return written.latest !== null && now.getTime() <= editableUntil(written.latest).getTime();
}

/** The customer's orders of one tab, newest first, with every tab's count; deleted orders are left out. */
export async function orderList(ctx: ReadContext, customerId: string, input: PageRequest, locale: Locale): Promise<PageAnswer> {
  const { db } = ctx;
  const mine = and(eq(orders.customerId, customerId), eq(orders.hidden, false))!;
  const tab: SQL | undefined = input.status === undefined ? undefined : input.status === 'REFUND' ? hasRefund : eq(orders.status, input.status);
  const where = tab ? and(mine, tab)! : mine;

  const [rows, byStatus, [refunded]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    db.select({ status: orders.status, n: count() }).from(orders).where(mine).groupBy(orders.status),
    db.select({ n: count() }).from(orders).where(and(mine, hasRefund)),
  ]);
  const counts = Object.fromEntries(orderTabs.map((t) => [t, 0])) as Record<OrderTab, number>;
  for (const { status, n } of byStatus) {
    counts[status] = n;
    counts.ALL += n;
  }
  counts.REFUND = refunded?.n ?? 0;
  const total = counts[input.status ?? 'ALL'];

  const ids = rows.map((o) => o.id);
  const completed = rows.filter((o) => o.status === 'COMPLETED').map((o) => o.id);
  const [lines, latest, shown, ledgers, written, paid] = await Promise.all([
    ids.length
      ? db
          .select({ orderId: orderLines.orderId, productId: orderLines.productId, name: orderLines.name, image: orderLines.image, quantity: orderLines.quantity })
          .from(orderLines)
          .where(inArray(orderLines.orderId, ids))
          .orderBy(asc(orderLines.orderId), asc(orderLines.position))
      : [],
    latestRefunds(db, ids),
    latestStandingRefunds(db, ids),
    ledgersOf(db, ids),
    reviewsWritten(db, completed),
    paidAtOf(db, rows),
  ]);
  const now = ctx.now();
  const list = rows.map((order) => {
    const own = lines.filter((l) => l.orderId === order.id);
    const first = own[0];
    const refund = latest.get(order.id);
    const told = shown.get(order.id);
    const ledger = ledgers.get(order.id)!;
    const workshop = order.storeId ? ctx.indexes.workshops.find((w) => w.id === order.storeId) : undefined;
    const payable = order.status === 'PENDING_PAYMENT' && order.payBefore !== null && now < order.payBefore;
    return {
      orderNo: order.orderNo,
      status: order.status,
      stage: order.stage,
      method: order.method,
      createdAt: order.createdAt.toISOString(),
      firstLine: { productId: first?.productId ?? '', name: first ? lineName(first, ctx.indexes.catalog.byId, locale) : '', image: first?.image ?? '', quantity: first?.quantity ?? 0 },
      moreLines: Math.max(0, own.length - 1),
      car: { name: [order.car.brand, order.car.model, order.car.variant].filter(Boolean).join(' '), plate: order.carPlate },
      store: workshop ? { id: workshop.id, name: workshop.name } : null,
      appointment: appointmentView(order),
      appointmentPassed: appointmentPassed(order, now),
      pickupCode: paid.get(order.id) ? order.pickupCode : null,
      expressCompany: order.expressCompany,
      expressNo: order.expressNo,
      totalSen: order.totalSen,
      paidSen: ledger.paidSen,
      refundedSen: ledger.returnedSen,
      money: moneyOf(ledger),
      payBefore: order.status === 'PENDING_PAYMENT' && order.payBefore ? order.payBefore.toISOString() : null,
      secondsToPay: payable ? Math.floor((order.payBefore!.getTime() - now.getTime()) / 1000) : 0,
      refund: told ? { refundNo: refundNo(order.orderNo, told.seq), status: told.status, amountSen: told.amountSen } : null,
      reschedulesLeft: order.method === 'install' ? Math.max(0, MAX_RESCHEDULES - order.rescheduleCount) : 0,
      reviewOpen: reviewOpen(order, own.map((l) => l.productId), written.get(order.id), now),
      actions: customerActions(customerView(order, ledger, refund?.status ?? null), now),
    };
  });
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize, counts };
}

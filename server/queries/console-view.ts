import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { consoleOrderCard, consoleOrderDetail } from '../../contract/console.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { lineWords } from '../../contract/rules/line-words.ts';
import { message } from '../../contract/rules/messages.ts';
import type { Db } from '../db/client.ts';
import { pick } from '../i18n/localized.ts';
import { bookedUnits } from '../modules/booking/schema.ts';
import { orderLines, orders as ordersTable } from '../modules/orders/schema.ts';
import { linesOf, type OrderLineRow, type OrderRow } from '../modules/orders/service.ts';
import { lineName } from '../modules/orders/line-view.ts';
import { orderEventsFor } from '../modules/orders/states.ts';
import { ledgersOf, moneyOf } from '../modules/payments/ledger.ts';
import { latestRefunds, refundNo, type RefundRow } from '../modules/refunds/service.ts';
import { refundEventsFor } from '../modules/refunds/states.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import type { ReadContext } from './context.ts';
import { describeOrder } from './order-view.ts';
import { appointmentView } from './order-parts.ts';
import { closedAccounts } from '../modules/auth/service.ts';
import { customerOfOrder } from './closed-accounts.ts';

type Card = z.input<typeof consoleOrderCard>;
type Detail = z.input<typeof consoleOrderDetail>;

/** The moves the console offers on the order now, for this staff member. */
export function staffActionsOf(order: OrderRow, refund: Pick<RefundRow, 'status'> | undefined, who: StaffRow) {
  const events = orderEventsFor({ status: order.status, stage: order.stage, method: order.method }, 'staff');
  return {
    start: events.includes('start'),
    ready: events.includes('ready'),
    ship: events.includes('ship'),
    complete: events.includes('complete'),
    reviewRefund: who.role === 'admin' && refund !== undefined && refundEventsFor(refund.status, 'staff').includes('approve'),
  };
}

/** The bay each order's booking holds (its units all lie in one bay). */
export async function baysOf(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: bookedUnits.holderId, bay: sql<number>`min(${bookedUnits.bay})::int` })
    .from(bookedUnits)
    .where(and(eq(bookedUnits.holder, 'order'), inArray(bookedUnits.holderId, orderIds)))
    .groupBy(bookedUnits.holderId);
  return new Map(rows.map((r) => [r.orderId, r.bay]));
}

/** An order's lines as staff read them: the product in their language, with the choices made in words. */
export function linesInWords(ctx: ReadContext, lines: OrderLineRow[], locale: Locale) {
  return lines.map((l) => {
    const oil = l.options.oilId ? ctx.indexes.catalog.byId.get(l.options.oilId) : undefined;
    return { name: lineName(l, ctx.indexes.catalog.byId, locale), category: l.category, quantity: l.quantity, options: lineWords(l.options, (key, params) => message(locale, key, params), oil ? pick(oil.name, locale) : null) };
  });
}

const storeOf = (ctx: ReadContext, storeId: string | null) => {
  const w = storeId ? ctx.indexes.workshops.find((s) => s.id === storeId) : undefined;
  return storeId ? { id: storeId, name: w?.name ?? storeId } : null;
};

const appointmentOf = (order: OrderRow, bay: number | undefined) => {
  const appointment = appointmentView(order);
  return appointment ? { ...appointment, bay: bay ?? null } : null;
};

export async function orderCards(ctx: ReadContext, orders: OrderRow[], who: StaffRow, locale: Locale): Promise<Card[]> {
  const ids = orders.map((o) => o.id);
  const [lines, refunds, bays, ledgers, closed] = await Promise.all([
    ids.length ? ctx.db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position)) : [],
    latestRefunds(ctx.db, ids),
    baysOf(ctx.db, ids),
    ledgersOf(ctx.db, ids),
    closedAccounts(
      ctx.db,
      orders.map((o) => o.customerId),
    ),
  ]);
  return orders.map((o) => {
    const refund = refunds.get(o.id);
    return {
      orderNo: o.orderNo,
      status: o.status,
      stage: o.stage,
      method: o.method,
      createdAt: o.createdAt.toISOString(),
      store: storeOf(ctx, o.storeId),
      appointment: appointmentOf(o, bays.get(o.id)),
      car: { name: [o.car.brand, o.car.model, o.car.variant].filter(Boolean).join(' '), plate: o.carPlate },
      customer: customerOfOrder(o, closed, locale),
      lines: linesInWords(ctx, lines.filter((l) => l.orderId === o.id), locale),
      notes: o.notes,
      expressCompany: o.expressCompany,
      expressNo: o.expressNo,
      totalSen: o.totalSen,
      paidSen: ledgers.get(o.id)!.paidSen,
      refundedSen: ledgers.get(o.id)!.returnedSen,
      money: moneyOf(ledgers.get(o.id)!),
      refund: refund ? { refundNo: refundNo(o.orderNo, refund.seq), status: refund.status, amountSen: refund.amountSen } : null,
      actions: staffActionsOf(o, refund, who),
    };
  });
}

/** Everything staff need of one order; the customer's pickup code stays out of it. */
export async function orderForStaff(ctx: ReadContext, order: OrderRow, who: StaffRow, locale: Locale): Promise<Detail> {
  const [detail, lines, bays, refunds, closed] = await Promise.all([
    describeOrder(ctx, order, locale),
    linesOf(ctx.db, order.id),
    baysOf(ctx.db, [order.id]),
    latestRefunds(ctx.db, [order.id]),
    closedAccounts(ctx.db, [order.customerId]),
  ]);
  const { pickupCode: _code, actions: _customerActions, secondsToPay: _s, payBefore: _p, ...rest } = detail;
  const customer = customerOfOrder(order, closed, locale);
  return {
    ...rest,
    ...(customer.closedAccount ? { contact: { name: customer.name, phone: '', email: null }, closedAccount: true } : {}),
    bay: bays.get(order.id) ?? null,
    consoleLines: linesInWords(ctx, lines, locale),
    hasPickupCode: order.method === 'pickup' && order.pickupCode !== null,
    actions: staffActionsOf(order, refunds.get(order.id), who),
  };
}

export async function orderWhere(db: Db, where: { orderNo: string } | { pickupCode: string }): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(ordersTable)
    .where(
      'orderNo' in where
        ? eq(ordersTable.orderNo, where.orderNo)
        : and(eq(ordersTable.pickupCode, where.pickupCode), inArray(ordersTable.status, ['UPCOMING', 'IN_PROGRESS'])),
    );
  return row;
}

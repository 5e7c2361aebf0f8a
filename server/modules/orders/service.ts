import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories } from '../../../contract/rules/categories.ts';
import type { Actor } from '../../../contract/rules/order-status.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Db } from '../../db/client.ts';
import { upsertAll } from '../../db/upsert.ts';
import { warning } from '../errors.ts';
import { paidOrder } from '../payments/service.ts';
import type { DeliveryRules, FulfilmentRules, MobileFileRules, PaymentRules, WarrantyRules } from './content.ts';
import { orderHistory, orderLines, orderLineTyres, orderRules, orders } from './schema.ts';
import { transitionOrder, type OrderEvent, type OrderMoveContext, type Refusal } from './states.ts';

export type { CarSnapshot } from './schema.ts';

const TYRE_CATEGORY = categories.find((c) => c.slug === 'auto-tires-service')!.className;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderLineTyreRow = typeof orderLineTyres.$inferSelect;
export type NewOrderLineTyre = typeof orderLineTyres.$inferInsert;
export type HistoryEntry = typeof orderHistory.$inferSelect;

export interface HistoryNote {
  by: Actor;
  /** Words of the customer or staff, kept as written. */
  note?: string;
  /** A system note, worded in the reader's language when shown. */
  noteKey?: MessageKey;
  noteParams?: Record<string, string | number>;
}

/** content/orders rules, stored so every API process loads the same ones after the sync. */
export interface OrderRules {
  fulfilment: FulfilmentRules;
  delivery: DeliveryRules;
  warranty: WarrantyRules;
  mobile: MobileFileRules;
  payments: PaymentRules;
}

export async function syncOrderRules(db: Db, rules: OrderRules) {
  await upsertAll(db, orderRules, orderRules.key, [
    { key: 'fulfilment', rules: rules.fulfilment },
    { key: 'delivery', rules: rules.delivery },
    { key: 'warranty', rules: rules.warranty },
    { key: 'mobile', rules: rules.mobile },
    { key: 'payments', rules: rules.payments },
  ]);
}

export async function loadOrderRules(db: Db): Promise<OrderRules> {
  const rows = await db.select().from(orderRules);
  const rule = (key: keyof OrderRules) => {
    const row = rows.find((r) => r.key === key);
    if (!row) throw new Error(`the ${key} rules of content/orders were not loaded: run the content sync first`);
    return row.rules;
  };
  return {
    fulfilment: rule('fulfilment') as FulfilmentRules,
    delivery: rule('delivery') as DeliveryRules,
    warranty: rule('warranty') as WarrantyRules,
    mobile: rule('mobile') as MobileFileRules,
    payments: rule('payments') as PaymentRules,
  };
}

/** The customer's order placed under `key`, if any. */
export async function orderByIdempotencyKey(db: Db, customerId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
  return row;
}

/**
 * Inserts an order under a fresh order number (random digits: a clash is tried again), with
 * its lines and first history row. Null when the customer's idempotency key is already taken
 * (a concurrent retry won): the caller answers with that order.
 */
export async function insertOrder(
  tx: Db,
  order: Omit<NewOrder, 'orderNo'>,
  lines: NewOrderLine[],
  history: HistoryNote,
  orderNo: () => string,
): Promise<OrderRow | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({ ...order, orderNo: orderNo() })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row.id })));
      await addHistory(tx, row, history, order.createdAt as Date);
      return row;
    }
    if (await orderByIdempotencyKey(tx, order.customerId, order.idempotencyKey)) return null;
  }
  throw new Error('five order numbers in a row were taken');
}

/** What reconciliation needs of these orders: their number, state and total. */
export async function orderTotals(db: Db, ids: string[]): Promise<Pick<OrderRow, 'id' | 'orderNo' | 'status' | 'totalSen'>[]> {
  if (ids.length === 0) return [];
  return db.select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, totalSen: orders.totalSen }).from(orders).where(inArray(orders.id, ids));
}

/** These orders, whole (for documents that itemise their amounts). */
export async function ordersOfIds(db: Db, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(orders).where(inArray(orders.id, ids));
}

export async function addHistory(tx: Db, order: Pick<OrderRow, 'id' | 'status' | 'stage'>, note: HistoryNote, at: Date) {
  await tx.insert(orderHistory).values({
    orderId: order.id,
    status: order.status,
    stage: order.stage,
    at,
    by: note.by,
    note: note.note ?? '',
    noteKey: note.noteKey ?? null,
    noteParams: note.noteParams ?? null,
  });
}

/** The order, locked for the rest of the transaction: every change to an order takes turns here. */
export async function lockOrder(tx: Db, where: { id: string } | { orderNo: string }): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where('id' in where ? eq(orders.id, where.id) : eq(orders.orderNo, where.orderNo))
    .for('update');
  return row;
}

/** The order of this customer, or undefined: someone else's order is as good as none. */
export async function customerOrder(db: Db, customerId: string, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId), eq(orders.hidden, false)));
  return row;
}

export async function linesOf(db: Db, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** The tyres an order fitted, in the order staff gave them. */
export async function tyresOf(db: Db, orderId: string): Promise<OrderLineTyreRow[]> {
  return db.select().from(orderLineTyres).where(eq(orderLineTyres.orderId, orderId)).orderBy(asc(orderLineTyres.position));
}

/** The tyres these orders fitted. */
export async function tyresOfOrders(db: Db, orderIds: string[]): Promise<OrderLineTyreRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderLineTyres).where(inArray(orderLineTyres.orderId, orderIds)).orderBy(asc(orderLineTyres.position));
}

/** A line of tyres (the Tires Service category): its tyres' date codes are recorded when fitted. */
export const isTyreLine = (line: Pick<OrderLineRow, 'category'>) => line.category === TYRE_CATEGORY;

/** Whether an uploaded photo is a fitted tyre's sidewall (kept, not swept as unused). */
export const photoOnTyre = (key: AnyPgColumn): SQL => sql`exists (select 1 from ${orderLineTyres} where ${orderLineTyres.photoKey} = ${key})`;

/** Of `keys`, those already a fitted tyre's sidewall photo. */
export async function tyrePhotosInUse(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: orderLineTyres.photoKey }).from(orderLineTyres).where(inArray(orderLineTyres.photoKey, keys));
  return rows.map((r) => r.key!);
}

/** Records the tyres an installation fitted (in the completing transaction). */
export async function recordTyres(tx: Db, tyres: NewOrderLineTyre[]): Promise<void> {
  if (tyres.length) await tx.insert(orderLineTyres).values(tyres);
}

export async function historyOf(db: Db, orderId: string): Promise<HistoryEntry[]> {
  return db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(asc(orderHistory.id));
}

/**
 * What a move writes besides the state: times, courier. The state itself only moveOrder
 * writes; money is the payments module's (its ledger), never the order's.
 */
export type OrderChanges = Omit<Partial<NewOrder>, 'id' | 'status' | 'stage'>;

export interface OrderTransition extends OrderMoveContext {
  /** A system note for the history, worded in the reader's language when shown. */
  noteKey?: MessageKey;
  noteParams?: Record<string, string | number>;
  changes?: OrderChanges;
}

/**
 * The one writer of an order's status and stage: `event` by `by` as the state table allows
 * (docs/contracts/orders.md §1), the new state and its history row written in the caller's transaction (the
 * caller holds the order's lock). Answers the table's refusal and writes nothing otherwise.
 * For `refund` the table weighs the paid and returned sums the caller read from the ledger.
 */
export async function tryMoveOrder(
  tx: Db,
  order: OrderRow,
  event: OrderEvent,
  by: Actor,
  context: OrderTransition,
  now: Date,
): Promise<{ ok: true; order: OrderRow } | Refusal> {
  const { noteKey, noteParams, changes, ...guard } = context;
  const move = transitionOrder(order, event, by, guard);
  if (!move.ok) return move;
  const [row] = await tx
    .update(orders)
    .set({ ...changes, status: move.status, stage: move.stage, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await addHistory(tx, row!, { by, note: move.history.note, noteKey, noteParams }, now);
  return { ok: true, order: row! };
}

/** As tryMoveOrder, refusing a move the table does not allow with its message (807). */
export async function moveOrder(tx: Db, order: OrderRow, event: OrderEvent, by: Actor, context: OrderTransition, now: Date): Promise<OrderRow> {
  const moved = await tryMoveOrder(tx, order, event, by, context, now);
  if (!moved.ok) throw warning(moved.key, moved.params);
  return moved.order;
}

/** A booked installation's new time, in the caller's transaction; `counted`: it uses one of the customer's changes. */
export async function rescheduleOrder(tx: Db, order: OrderRow, appointment: { date: string; time: string }, counted: boolean, now: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ appointmentDate: appointment.date, appointmentTime: appointment.time, rescheduleCount: order.rescheduleCount + (counted ? 1 : 0), updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  return row!;
}

/** Hides an ended order from its owner; the order, its history and its money stay for the shop. */
export async function hideOrder(tx: Db, orderId: string, now: Date) {
  await tx.update(orders).set({ hidden: true, hiddenAt: now, updatedAt: now }).where(eq(orders.id, orderId));
}

/** The installations booked at the workshop on the date, locked for the rest of the transaction. */
export async function lockBookedOn(tx: Db, storeId: string, date: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.appointmentDate, date), eq(orders.status, 'UPCOMING'), eq(orders.stage, 'BOOKED')))
    .for('update');
}

/** A history note on an order that does not move it (a payment it cannot keep, money returned). */
export async function noteOnOrder(tx: Db, order: OrderRow, note: HistoryNote, now: Date) {
  const [row] = await tx
    .update(orders)
    .set({ updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  await addHistory(tx, row!, note, now);
  return row!;
}

/** The customer's orders that were ever paid (by the ledger's rule): a first-order coupon is for a customer with none. */
export async function paidOrderCount(db: Db, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), paidOrder(orders.id, orders.totalSen)));
  return row?.n ?? 0;
}

/**
 * Takes this customer's turn for placing orders until the transaction ends, so that counting
 * their unpaid orders and adding one cannot interleave with another of their requests, on any
 * API process. Other customers do not wait.
 */
export async function lockCustomerOrders(tx: Db, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`orders:${customerId}`}, 0))`);
}

/** The customer's orders waiting for payment whose time to pay has not run out at `now`. */
export async function openUnpaidCount(db: Db, customerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'PENDING_PAYMENT'), gt(orders.payBefore, now)));
  return row?.n ?? 0;
}

/** The customer's orders still open for closing the account: awaiting payment, upcoming or in progress, oldest first. */
export async function openOrdersOf(db: Db, customerId: string): Promise<Pick<OrderRow, 'id' | 'orderNo' | 'status'>[]> {
  return db
    .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['PENDING_PAYMENT', 'UPCOMING', 'IN_PROGRESS'])))
    .orderBy(asc(orders.createdAt));
}

/** Every order of the customer, hidden ones too, oldest first. */
export async function ordersOfCustomer(db: Db, customerId: string): Promise<Pick<OrderRow, 'id' | 'orderNo'>[]> {
  return db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(eq(orders.customerId, customerId)).orderBy(asc(orders.createdAt));
}

/**
 * Closing an account (docs/contracts/running-the-business.md §5), in the caller's transaction: the
 * customer's orders lose the plate, the contact's name, phone and e-mail, the address (every field
 * emptied, its shape kept) and the customer's notes. They stay, with their lines, amounts and
 * history, for the books. Answers how many orders were erased.
 */
export async function eraseOrderContacts(tx: Db, customerId: string, now: Date): Promise<number> {
  const erased = await tx
    .update(orders)
    .set({
      carPlate: '',
      contact: { name: '', phone: '' },
      address: sql`case when ${orders.address} is null then null else ${JSON.stringify({ recipient: '', phone: '', line1: '', postcode: '', city: '', state: '' })}::jsonb end`,
      notes: '',
      updatedAt: now,
    })
    .where(eq(orders.customerId, customerId))
    .returning({ id: orders.id });
  return erased.length;
}

/** The database refused a row because another holds the same value under `constraint`. */
export function breaksUnique(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}

/**
 * Gives a paid pickup order its counter code, in the caller's transaction: one no other open
 * order holds, as the unique index over open orders' codes decides. A code drawn twice (a
 * one-in-a-million clash, or two payments at once) is drawn again, inside a savepoint so the
 * payment's transaction goes on.
 */
export async function assignPickupCode(tx: Db, orderId: string, draw: () => string, attempts = 10): Promise<OrderRow> {
  for (let i = 0; i < attempts; i++) {
    const code = draw();
    try {
      const [row] = await tx.transaction((sp) => sp.update(orders).set({ pickupCode: code }).where(eq(orders.id, orderId)).returning());
      return row!;
    } catch (err) {
      if (!breaksUnique(err, 'orders_open_pickup_code_key')) throw err;
    }
  }
  throw new Error(`${attempts} pickup codes in a row were taken`);
}

/**
 * At the customer's place: the technician set off for a booked job, arriving in about
 * `etaMinutes`; once per order (a second answers null), with its history note.
 */
export async function markOnTheWay(tx: Db, order: OrderRow, etaMinutes: number, now: Date): Promise<OrderRow | null> {
  const [row] = await tx
    .update(orders)
    .set({ onTheWayAt: now, etaMinutes, updatedAt: now })
    .where(and(eq(orders.id, order.id), sql`${orders.onTheWayAt} is null`))
    .returning();
  if (!row) return null;
  await addHistory(tx, row, { by: 'staff', noteKey: 'history.onTheWay', noteParams: { eta: etaMinutes } }, now);
  return row;
}

/** A van's jobs on a date: its orders paid or under way, by window and then by when they were placed. */
export async function vanOrdersOn(db: Db, vanId: string, date: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.vanId, vanId), eq(orders.appointmentDate, date), inArray(orders.status, ['UPCOMING', 'IN_PROGRESS', 'COMPLETED'])))
    .orderBy(asc(orders.appointmentTime), asc(orders.createdAt));
}

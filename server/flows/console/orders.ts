import { and, asc, desc, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import { Code } from '../../../contract/codes.ts';
import type { Locale } from '../../../contract/language.ts';
import type { MessageKey } from '../../../contract/messages.ts';
import type { FulfilmentMethod, OrderStatus } from '../../../contract/order-status.ts';
import { findCourier } from '../../../contract/couriers.ts';
import { couriers } from '../../../contract/couriers.ts';
import { ApiError, warning } from '../../http/errors.ts';
import { audit } from '../../modules/audit/service.ts';
import { bookedUnits } from '../../modules/booking/schema.ts';
import { orders } from '../../modules/orders/schema.ts';
import { moveOrder, type NewOrder } from '../../modules/orders/service.ts';
import { transitionOrder, type OrderEvent } from '../../modules/orders/states.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { ShopContext } from '../context.ts';
import { orderNotice, type Notice } from '../my-orders/notices.ts';
import { lockStaffOrder, requireOrderAccess, requireStoreAccess } from './access.ts';
import { orderCards, orderForStaff, orderWhere } from './view.ts';

export interface PageInput {
  storeId?: string;
  date?: string;
  status?: OrderStatus;
  method?: FulfilmentMethod;
  q?: string;
  pageNum: number;
  pageSize: number;
}

/**
 * Orders for the console. Workshop staff see their workshop's (another's is refused); admins
 * any store's or all. With a date: the day's bookings by time and bay, the unpaid and
 * cancelled left out unless a status asks for them.
 */
export async function consoleOrderPage(ctx: ShopContext, who: StaffRow, input: PageInput, locale: Locale) {
  const storeId = input.storeId ?? (who.role === 'workshop' ? who.storeId! : undefined);
  if (storeId) requireStoreAccess(who, storeId);
  const where: SQL[] = [];
  if (storeId) where.push(eq(orders.storeId, storeId));
  if (input.date) where.push(eq(orders.appointmentDate, input.date));
  if (input.method) where.push(eq(orders.method, input.method));
  if (input.status) where.push(eq(orders.status, input.status));
  else if (input.date) where.push(notInArray(orders.status, ['PENDING_PAYMENT', 'CANCELLED']));
  const q = input.q?.replace(/[\s%_\\]/g, '');
  if (q) where.push(or(ilike(orders.orderNo, `%${q}%`), sql`replace(${orders.carPlate}, ' ', '') ilike ${`%${q}%`}`)!);
  const condition = where.length ? and(...where) : undefined;

  const bay = sql<number>`(select min(${bookedUnits.bay}) from ${bookedUnits} where ${bookedUnits.orderId} = ${orders.id})`;
  const order = input.date ? [asc(orders.appointmentTime), asc(bay), asc(orders.orderNo)] : [desc(orders.createdAt), desc(orders.orderNo)];
  const [rows, [counted]] = await Promise.all([
    ctx.db.select().from(orders).where(condition).orderBy(...order).limit(input.pageSize).offset((input.pageNum - 1) * input.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition),
  ]);
  return { list: await orderCards(ctx, rows, who, locale), total: counted?.n ?? 0, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function consoleFind(ctx: ShopContext, who: StaffRow, input: { orderNo?: string; pickupCode?: string }, locale: Locale) {
  const order = await orderWhere(ctx.db, input.orderNo !== undefined ? { orderNo: input.orderNo } : { pickupCode: input.pickupCode! });
  if (!order) throw new ApiError(Code.NOT_FOUND, 'order.notFound', {}, { field: input.orderNo !== undefined ? 'orderNo' : 'pickupCode' });
  requireOrderAccess(who, order);
  return orderForStaff(ctx, order, who, locale);
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type MoveInput =
  | { event: 'start' | 'ready'; orderNo: string }
  | { event: 'complete'; orderNo: string; pickupCode?: string }
  | { event: 'ship'; orderNo: string; expressCompany: string; expressNo: string };

const historyKey: Record<Exclude<OrderEvent, 'pay' | 'payLate' | 'cancel' | 'expire' | 'refund'>, MessageKey> = {
  start: 'history.started',
  ready: 'history.ready',
  ship: 'history.shipped',
  complete: 'history.completed',
};

/**
 * One move of an order by staff (orders.md §4), in one transaction with the order locked: the
 * state table decides (807 otherwise), a pickup is handed over with its code only, the
 * history row, the SMS (ready, shipped) and the audit row are written with the move.
 */
export async function staffMove(ctx: ShopContext, who: StaffRow, input: MoveInput, locale: Locale) {
  const now = ctx.now();
  const { notice, moved } = await ctx.db.transaction(async (tx) => {
    const order = await lockStaffOrder(tx, who, input.orderNo);
    const move = transitionOrder({ status: order.status, stage: order.stage, method: order.method }, input.event, 'staff');
    if (!move.ok) throw warning(move.key, move.params);

    const changes: Partial<NewOrder> = {};
    let noteKey = historyKey[input.event];
    let noteParams: Record<string, string> | undefined;
    const details: Record<string, unknown> = { from: { status: order.status, stage: order.stage }, to: { status: move.status, stage: move.stage } };
    if (input.event === 'complete') {
      changes.completedAt = now;
      if (order.method === 'pickup') {
        if (!input.pickupCode) throw warning('console.pickupCodeNeeded', {}, { field: 'pickupCode' });
        if (!order.pickupCode || !sameCode(order.pickupCode, input.pickupCode)) throw warning('console.pickupCodeWrong', {}, { field: 'pickupCode' });
        noteKey = 'history.handedOver';
      }
    }
    if (input.event === 'ship') {
      const courier = couriers.find((c) => c.id === input.expressCompany) ?? findCourier(input.expressCompany);
      if (!courier) throw warning('console.courier', {}, { field: 'expressCompany' });
      changes.expressCompany = courier.name;
      changes.expressNo = input.expressNo.toUpperCase();
      noteParams = { company: courier.name, trackingNo: changes.expressNo };
      Object.assign(details, { expressCompany: courier.name, expressNo: changes.expressNo });
    }
    const row = await moveOrder(tx, order, move, { by: 'staff', noteKey, noteParams }, now, changes);
    let notice: Notice = async () => {};
    if (input.event === 'ready') notice = await orderNotice(tx, ctx, row, { kind: 'pickupReady' }, now);
    if (input.event === 'ship') notice = await orderNotice(tx, ctx, row, { kind: 'shipped' }, now);
    await audit(tx, { staff: who, action: `console/orders/${input.event}`, orderNo: order.orderNo, storeId: order.storeId, details }, now);
    return { notice, moved: row };
  });
  await notice();
  return orderForStaff(ctx, moved, who, locale);
}


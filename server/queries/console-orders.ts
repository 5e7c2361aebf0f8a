import { and, asc, desc, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { FulfilmentMethod, OrderStatus } from '../../contract/rules/order-status.ts';
import { bookedUnits } from '../modules/booking/schema.ts';
import { DomainError } from '../modules/errors.ts';
import { orders } from '../modules/orders/schema.ts';
import { requireOrderAccess, requireStoreAccess } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import type { ReadContext } from './context.ts';
import { orderCards, orderForStaff, orderWhere } from './console-view.ts';

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
export async function consoleOrderPage(ctx: ReadContext, who: StaffRow, input: PageInput, locale: Locale) {
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

export async function consoleFind(ctx: ReadContext, who: StaffRow, input: { orderNo?: string; pickupCode?: string }, locale: Locale) {
  const order = await orderWhere(ctx.db, input.orderNo !== undefined ? { orderNo: input.orderNo } : { pickupCode: input.pickupCode! });
  if (!order) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: input.orderNo !== undefined ? 'orderNo' : 'pickupCode' });
  requireOrderAccess(who, order);
  return orderForStaff(ctx, order, who, locale);
}

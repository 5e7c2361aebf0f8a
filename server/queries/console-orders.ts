import { and, asc, desc, eq, ilike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { dialled, nationalDigits } from '../../contract/rules/phone.ts';
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

/** The fewest digits a search takes as part of a phone number. */
const PHONE_SEARCH_MIN_DIGITS = 4;

/**
 * What a staff search looks for: part of an order number or plate (spaces and case ignored),
 * and, when it reads as a phone number however it was typed (`012-345 6789`, `+60123456789`,
 * `0123456789`), the national digits of the customer's or the recipient's phone.
 */
export function searchTerms(q: string): { text: string; phone: string | null } | null {
  const text = q.replace(/[\s%_\\]/g, '');
  const number = dialled(q);
  const phone = /^\+?\d+$/.test(number) ? nationalDigits(number) : '';
  if (!text && !phone) return null;
  return { text, phone: phone.length >= PHONE_SEARCH_MIN_DIGITS ? phone : null };
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
  const search = input.q ? searchTerms(input.q) : null;
  if (search) {
    const found: SQL[] = [];
    if (search.text) found.push(ilike(orders.orderNo, `%${search.text}%`), sql`replace(${orders.carPlate}, ' ', '') ilike ${`%${search.text}%`}`);
    if (search.phone) found.push(sql`${orders.contact}->>'phone' like ${`%${search.phone}%`}`, sql`coalesce(${orders.address}->>'phone', '') like ${`%${search.phone}%`}`);
    where.push(or(...found)!);
  }
  const condition = where.length ? and(...where) : undefined;

  const bay = sql<number>`(select min(${bookedUnits.bay}) from ${bookedUnits} where ${bookedUnits.holder} = 'order' and ${bookedUnits.holderId} = ${orders.id})`;
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

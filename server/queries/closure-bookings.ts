import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes.ts';
import { DomainError } from '../modules/errors.ts';
import { orders } from '../modules/orders/schema.ts';
import { requireAdmin } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import type { ReadContext } from './context.ts';

/**
 * What closing a workshop's day would hit, asked before the admin confirms: the paid
 * installations booked there that day and not yet started, the same orders the closure tells
 * (orders/service.ts lockBookedOn).
 */
export async function closureBookings(ctx: ReadContext, who: StaffRow, input: { storeId: string; date: string }) {
  requireAdmin(who);
  if (!ctx.indexes.workshops.some((w) => w.id === input.storeId)) throw new DomainError(Code.NOT_FOUND, 'console.storeUnknown', {}, { field: 'storeId' });
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.storeId, input.storeId), eq(orders.appointmentDate, input.date), eq(orders.status, 'UPCOMING'), eq(orders.stage, 'BOOKED')));
  return { storeId: input.storeId, date: input.date, bookings: row?.n ?? 0 };
}

import { and, eq } from 'drizzle-orm';
import { Code } from '../../contract/codes.ts';
import { DomainError } from '../modules/errors.ts';
import { orders } from '../modules/orders/schema.ts';
import { warrantyClaims } from '../modules/warranty/schema.ts';
import { requireAdmin } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import type { ReadContext } from './context.ts';

/**
 * What closing a workshop's day would hit, asked before the admin confirms: the paid
 * installations booked there that day and not yet started, and the orders whose warranty claim
 * has its free rework booked there that day, each order once: the orders the closure tells
 * (flows/console/stores.ts closeStore).
 */
export async function closureBookings(ctx: ReadContext, who: StaffRow, input: { storeId: string; date: string }) {
  requireAdmin(who);
  if (!ctx.indexes.workshops.some((w) => w.id === input.storeId)) throw new DomainError(Code.NOT_FOUND, 'console.storeUnknown', {}, { field: 'storeId' });
  const booked = ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, input.storeId), eq(orders.appointmentDate, input.date), eq(orders.status, 'UPCOMING'), eq(orders.stage, 'BOOKED')));
  const reworks = ctx.db
    .select({ id: warrantyClaims.orderId })
    .from(warrantyClaims)
    .where(and(eq(warrantyClaims.workshopId, input.storeId), eq(warrantyClaims.reworkDate, input.date), eq(warrantyClaims.status, 'ACCEPTED')));
  const ids = new Set([...(await booked), ...(await reworks)].map((r) => r.id));
  return { storeId: input.storeId, date: input.date, bookings: ids.size };
}

import { Code } from '../../../contract/codes.ts';
import type { User } from '../../../contract/user.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../errors.ts';
import { lockOrder, type OrderRow } from '../orders/service.ts';
import { currentStaff, type StaffRow } from './service.ts';

/**
 * Who may use the console, read on every call: a staff member removed a moment ago is
 * refused on their next call, whatever session they hold.
 */
export async function staffFor(db: Db, user: User): Promise<StaffRow> {
  const who = await currentStaff(db, user.phone);
  if (!who) throw new DomainError(Code.FORBIDDEN, 'console.staffOnly');
  return who;
}

export function requireAdmin(who: StaffRow): void {
  if (who.role !== 'admin') throw new DomainError(Code.FORBIDDEN, 'console.adminOnly');
}

/** Workshop staff work on their workshop's orders only; an admin on every order. */
export function requireOrderAccess(who: StaffRow, order: Pick<OrderRow, 'storeId'>): void {
  if (who.role === 'workshop' && order.storeId !== who.storeId) throw new DomainError(Code.FORBIDDEN, 'console.otherStore');
}

export function requireStoreAccess(who: StaffRow, storeId: string): void {
  if (who.role === 'workshop' && storeId !== who.storeId) throw new DomainError(Code.FORBIDDEN, 'console.otherStore');
}

/** The order locked for the move, once the staff member may touch it. */
export async function lockStaffOrder(tx: Db, who: StaffRow, orderNo: string): Promise<OrderRow> {
  const order = await lockOrder(tx, { orderNo });
  if (!order) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
  requireOrderAccess(who, order);
  return order;
}

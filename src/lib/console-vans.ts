import mobile from '../../content/orders/mobile.json';
import type { StaffRole } from '../../contract/console.ts';

/**
 * The vans that fit at the customer's place (content/orders/mobile.json, read at build, as the
 * server reads it), for the console's van day: admins may open every van, workshop staff the
 * vans based at their workshop (the server refuses the others).
 */
export interface ConsoleVan {
  id: string;
  name: string;
  baseStoreId: string;
}

export const vans: readonly ConsoleVan[] = mobile.vans.map((v) => ({ id: v.id, name: v.name, baseStoreId: v.baseStoreId }));

/** The vans a staff member may open, in the content's order. */
export function vansFor(staff: { role: StaffRole; storeId: string | null }, all: readonly ConsoleVan[] = vans): ConsoleVan[] {
  return staff.role === 'admin' ? [...all] : all.filter((v) => v.baseStoreId === staff.storeId);
}

import type { Db } from '../../db/client.ts';
import { auditLog } from './schema.ts';

export interface AuditEntry {
  staff: { id: string; phone: string; role: string };
  action: string;
  orderNo?: string | null;
  refundNo?: string | null;
  storeId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes the action's row in the caller's transaction: no change without its row, no row without the change. */
export async function audit(tx: Db, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staff.id,
    phone: entry.staff.phone,
    role: entry.staff.role,
    action: entry.action,
    orderNo: entry.orderNo ?? null,
    refundNo: entry.refundNo ?? null,
    storeId: entry.storeId ?? null,
    details: entry.details ?? {},
    at,
  });
}

import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per staff action that changed something, written in the action's own transaction:
 * it exists exactly when the change does.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: uuid('staff_id').notNull(),
    phone: text('phone').notNull(),
    role: text('role').notNull(),
    /** The call, e.g. "console/orders/start". */
    action: text('action').notNull(),
    orderNo: text('order_no'),
    refundNo: text('refund_no'),
    storeId: text('store_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_order_idx').on(t.orderNo), index('audit_log_at_idx').on(t.at)],
);

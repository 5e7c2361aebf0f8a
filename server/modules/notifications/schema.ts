import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';
// Only for the foreign key the table has always had: nothing here reads or writes orders.
import { orders } from '../orders/schema.ts';

/**
 * The SMS sent about an order (the timeline shows them), in the order's language. `key` makes
 * a notice that must go once (a reminder per appointment) unique, whichever process sends it.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<NoticeKind>().notNull(),
    key: text('key'),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** False once the SMS provider refused it. */
    sent: boolean('sent').notNull().default(true),
  },
  (t) => [index('order_notices_order_idx').on(t.orderId, t.id), uniqueIndex('order_notices_key').on(t.key)],
);

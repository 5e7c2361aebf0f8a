import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who uploaded which stored file: only its owner may attach it or be given a link to it.
 * `customerId` is the auth module's user id. The bytes are in the storage, never here.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    customerId: uuid('customer_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('uploads_customer_idx').on(t.customerId, t.createdAt)],
);

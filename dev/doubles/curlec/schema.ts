import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The Curlec double's own books (CURLEC_DOUBLE=1, development and tests): what Curlec would
 * keep on its side. Each entity is kept as the JSON Curlec answers with, beside the columns
 * the double looks it up by, so every process on the database and every restart answers the
 * same. Only the double (dev/doubles/curlec/) writes these tables.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Curlec's JSON, as it answers it
type Entity = Record<string, any>;

/** Payment links (plink_…). */
export const curlecDoubleLinks = pgTable(
  'curlec_double_links',
  {
    id: text('id').primaryKey(),
    /** The caller's reference_id: Curlec refuses a second link with the same one. */
    referenceId: text('reference_id'),
    status: text('status').notNull(),
    /** Unix seconds, as Curlec counts. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    entity: jsonb('entity').$type<Entity>().notNull(),
  },
  (t) => [uniqueIndex('curlec_double_links_reference').on(t.referenceId), index('curlec_double_links_created_idx').on(t.createdAt)],
);

/** Orders (order_…): one per link, and the ones a server-to-server payment is made against. */
export const curlecDoubleOrders = pgTable('curlec_double_orders', {
  id: text('id').primaryKey(),
  status: text('status').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  entity: jsonb('entity').$type<Entity>().notNull(),
});

/** Payments (pay_…): a link's attempts and DuitNow QR payments. */
export const curlecDoublePayments = pgTable(
  'curlec_double_payments',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id'),
    orderId: text('order_id'),
    method: text('method').notNull(),
    /** created (a QR waiting to be scanned), captured or failed. */
    status: text('status').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    entity: jsonb('entity').$type<Entity>().notNull(),
  },
  (t) => [index('curlec_double_payments_order_idx').on(t.orderId), index('curlec_double_payments_link_idx').on(t.linkId)],
);

/** Refunds (rfnd_…). */
export const curlecDoubleRefunds = pgTable(
  'curlec_double_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    /** pending, processed or failed. */
    status: text('status').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    entity: jsonb('entity').$type<Entity>().notNull(),
  },
  (t) => [index('curlec_double_refunds_payment_idx').on(t.paymentId), index('curlec_double_refunds_created_idx').on(t.createdAt)],
);

/** X-Refund-Idempotency keys: the same key on the same payment answers the same refund. */
export const curlecDoubleIdempotency = pgTable(
  'curlec_double_idempotency',
  {
    paymentId: text('payment_id').notNull(),
    key: text('key').notNull(),
    /** The first request's body: another body under the same key is refused. */
    requestBody: text('request_body').notNull(),
    refundId: text('refund_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.key] })],
);

/** Every request the API received, for tests to read what the shop sent. */
export const curlecDoubleRequests = pgTable('curlec_double_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  /** The query string without its "?" ('' when none). */
  query: text('query').notNull(),
  body: text('body'),
  idempotencyKey: text('idempotency_key'),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** Webhooks, signed when the fact happened; a delivery job sends each one until the shop takes it. */
export const curlecDoubleWebhooks = pgTable(
  'curlec_double_webhooks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** x-razorpay-event-id: the same for a webhook Curlec sends twice. */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    url: text('url').notNull(),
    rawBody: text('raw_body').notNull(),
    signature: text('signature').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('curlec_double_webhooks_due_idx').on(t.dueAt)],
);

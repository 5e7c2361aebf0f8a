import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Actor, RefundStatus } from '../../../contract/rules/order-status.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Refund requests on orders (docs/contracts/orders.md §1). `orderId` is the orders module's id (no
 * cross-module reference). The partial unique index lets an order have one open request at a
 * time whatever two requests do at once; Σ refunded ≤ Σ paid is checked on the order's ledger
 * (payments module) under the order's lock.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** 1, 2, … per order: the refund's number is the order's with "-R<seq>". */
    seq: integer('seq').notNull(),
    customerId: uuid('customer_id').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    /** What the customer asked for. */
    requestedSen: integer('requested_sen').notNull(),
    /** What is to be returned: the request, then the amount approved. */
    amountSen: integer('amount_sen').notNull(),
    reason: text('reason').notNull(),
    contact: text('contact').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    decidedAt: at('decided_at'),
    completedAt: at('completed_at'),
    /** The provider's id of the refund once it was sent (the console's approval). */
    providerRefundRef: text('provider_refund_ref'),
  },
  (t) => [
    uniqueIndex('refunds_order_seq_key').on(t.orderId, t.seq),
    uniqueIndex('refunds_one_open_key')
      .on(t.orderId)
      .where(sql`${t.status} in ('PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED')`),
    index('refunds_status_idx').on(t.status, t.createdAt),
    check('refunds_amount_check', sql`${t.amountSen} > 0 and ${t.requestedSen} > 0`),
    check('refunds_status_check', sql`${t.status} in ('PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'FAILED', 'COMPLETED', 'REJECTED', 'REVOKED')`),
  ],
);

/** Every move of a refund, like the order's history. */
export const refundHistory = pgTable(
  'refund_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    status: text('status').$type<RefundStatus>().notNull(),
    at: at('at').notNull(),
    by: text('by').$type<Actor>().notNull(),
    note: text('note').notNull().default(''),
    noteKey: text('note_key').$type<MessageKey>(),
  },
  (t) => [index('refund_history_refund_idx').on(t.refundId, t.id)],
);

/** The photos of a refund: keys only (the files are in the storage); a photo serves one refund. */
export const refundImages = pgTable(
  'refund_images',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    key: text('key').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [uniqueIndex('refund_images_key').on(t.key), index('refund_images_refund_idx').on(t.refundId)],
);

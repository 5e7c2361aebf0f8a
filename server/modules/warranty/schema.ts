import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Actor } from '../../../contract/rules/order-status.ts';
import type { WarrantyStatus } from '../../../contract/rules/warranty.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Warranty claims on completed installations (docs/contracts/going-live.md §2). `orderId` and `customerId` are
 * the orders' and the auth module's ids (no cross-module reference). The free rework an accepted
 * claim books holds bay units under the claim's id (booking module), as an order's do.
 */
export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** 1, 2, … per order: the claim's number is the order's with "-W<seq>". */
    seq: integer('seq').notNull(),
    customerId: uuid('customer_id').notNull(),
    workshopId: text('workshop_id').notNull(),
    status: text('status').$type<WarrantyStatus>().notNull(),
    description: text('description').notNull(),
    /** A tyre fitted older than the shop's promise (an admin's override) is claimed: accepted at once. */
    preApproved: boolean('pre_approved').notNull().default(false),
    /** The staff's note on accepting, or the reason of a rejection, as the customer reads it. */
    decisionNote: text('decision_note').notNull().default(''),
    refundAmountSen: integer('refund_amount_sen'),
    /** The refund the offer opened (refunds module's id). */
    refundId: uuid('refund_id'),
    reworkDate: date('rework_date', { mode: 'string' }),
    reworkTime: text('rework_time'),
    reworkBay: integer('rework_bay'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    decidedAt: at('decided_at'),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('warranty_claims_order_seq_key').on(t.orderId, t.seq),
    index('warranty_claims_status_idx').on(t.status, t.createdAt),
    index('warranty_claims_workshop_idx').on(t.workshopId, t.status),
    check('warranty_claims_status_check', sql`${t.status} in ('SUBMITTED', 'ACCEPTED', 'RESOLVED', 'REJECTED', 'REFUND_OFFERED')`),
  ],
);

/**
 * The lines a claim is about. `open` follows the claim (true while SUBMITTED or ACCEPTED): the
 * partial unique index keeps one open claim per line, whatever two requests do at once.
 */
export const warrantyClaimLines = pgTable(
  'warranty_claim_lines',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => warrantyClaims.id),
    lineId: uuid('line_id').notNull(),
    open: boolean('open').notNull(),
  },
  (t) => [uniqueIndex('warranty_claim_lines_key').on(t.claimId, t.lineId), uniqueIndex('warranty_claim_lines_one_open_key').on(t.lineId).where(sql`${t.open}`)],
);

/** Photos the customer attached (keys of app/upload/image). */
export const warrantyClaimPhotos = pgTable(
  'warranty_claim_photos',
  {
    claimId: uuid('claim_id')
      .notNull()
      .references(() => warrantyClaims.id),
    key: text('key').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('warranty_claim_photos_key').on(t.key), index('warranty_claim_photos_claim_idx').on(t.claimId)],
);

/** Every move of a claim, like an order's history. */
export const warrantyClaimHistory = pgTable(
  'warranty_claim_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => warrantyClaims.id),
    status: text('status').$type<WarrantyStatus>().notNull(),
    at: at('at').notNull(),
    by: text('by').$type<Actor>().notNull(),
    note: text('note').notNull().default(''),
    noteKey: text('note_key').$type<MessageKey>(),
  },
  (t) => [index('warranty_claim_history_claim_idx').on(t.claimId, t.id)],
);

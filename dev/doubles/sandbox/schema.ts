import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox gateway's own records, as a real gateway keeps its own: the shop asks them for
 * the truth (paymentStatus) instead of trusting what its callback handler saw.
 */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    /** sbx_…: the providerRef the shop keeps. */
    id: text('id').primaryKey(),
    /** The shop's id for this attempt: asking twice for one attempt answers the same checkout. */
    paymentId: text('payment_id').notNull().unique(),
    orderNo: text('order_no').notNull(),
    amountSen: integer('amount_sen').notNull(),
    currency: text('currency').notNull(),
    /** The method the customer chose in the shop; the page preselects it. */
    payMethod: text('pay_method').notNull(),
    bankCode: text('bank_code'),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** open (nothing pressed yet), failed (the last press was Fail) or paid. */
    state: text('state').notNull().default('open'),
    /** The event of the first Pay: what paymentStatus reports. */
    paidEventId: text('paid_event_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What the customer paid with on the page. */
    paidMethod: text('paid_method'),
    paidBankCode: text('paid_bank_code'),
    /** The event of the last press, Pay or Fail. */
    lastEventId: text('last_event_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    check('sandbox_checkouts_amount_positive', sql`${t.amountSen} > 0`),
    check('sandbox_checkouts_state', sql`${t.state} in ('open', 'failed', 'paid')`),
  ],
);

/** Refunds of paid checkouts: together never more than was paid. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** sbxr_…: the providerRefundRef. */
    id: text('id').primaryKey(),
    /** The shop's refund id, used as the idempotency key. */
    refundId: text('refund_id').notNull().unique(),
    checkoutId: text('checkout_id')
      .notNull()
      .references(() => sandboxCheckouts.id),
    amountSen: integer('amount_sen').notNull(),
    reason: text('reason'),
    /** The refund.succeeded event sent for it. */
    eventId: text('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_refunds_checkout_idx').on(t.checkoutId), check('sandbox_refunds_amount_positive', sql`${t.amountSen} > 0`)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PayMethod } from '../../../contract/rules/order-status.ts';

export type PaymentState = 'pending' | 'succeeded' | 'failed' | 'expired';
export type EventOutcome = 'applied' | 'duplicate' | 'refused';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One attempt to pay an order at a provider. Its id is the paymentId the provider echoes.
 * `orderId` is the orders module's (no cross-module reference).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    provider: text('provider').notNull(),
    /** The provider's checkout id; null until the provider has answered. */
    providerRef: text('provider_ref'),
    /** Asked for at Pay; once paid, the method the provider says was used. */
    method: text('method').$type<PayMethod>().notNull(),
    bankCode: text('bank_code'),
    /** Card payments: credit or debit, when the provider said (the e-invoice's payment mode). */
    cardType: text('card_type').$type<'credit' | 'debit'>(),
    amountSen: integer('amount_sen').notNull(),
    currency: text('currency').notNull(),
    state: text('state').$type<PaymentState>().notNull(),
    /** Money taken that the order cannot keep (paid twice, or after its time was taken). */
    refundDue: boolean('refund_due').notNull().default(false),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    paidAt: at('paid_at'),
    /** A DuitNow QR attempt: the QR's text as the provider gave it, for the shop's own page to draw. */
    qrText: text('qr_text'),
    /** When that QR stops working, as the provider said. */
    qrExpiresAt: at('qr_expires_at'),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId, t.createdAt.desc()),
    check('payments_amount_check', sql`${t.amountSen} > 0`),
  ],
);

/**
 * Every provider event received, once: a replay meets the unique (provider, event id) and is
 * counted in `repeats`, never processed again. Refused events are kept with the reason.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    providerRef: text('provider_ref').notNull(),
    paymentId: uuid('payment_id'),
    amountSen: integer('amount_sen').notNull(),
    currency: text('currency').notNull(),
    /** The callback's raw body, or the provider's answer when the server asked. */
    payload: text('payload').notNull(),
    outcome: text('outcome').$type<EventOutcome>().notNull(),
    reason: text('reason').notNull().default(''),
    receivedAt: at('received_at').notNull(),
    repeats: integer('repeats').notNull().default(0),
    lastRepeatAt: at('last_repeat_at'),
  },
  (t) => [uniqueIndex('payment_events_event_key').on(t.provider, t.eventId), index('payment_events_payment_idx').on(t.paymentId)],
);

export type ReturnState = 'sending' | 'succeeded' | 'failed';

/**
 * Money sent back to one payment of an order (docs/contracts/orders.md, the ledger): a refund's share of it,
 * or (refundId null) money the order could not use, returned by the shop without a request.
 * `refundId` names the refunds module's request (no cross-module reference: money sits below
 * the modules that move it).
 * Each provider request has its own idempotency key: a new attempt after a definite failure is
 * a new row with a new key, never the same key again.
 */
export const paymentReturns = pgTable(
  'payment_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** The payments module's payment the money goes back to. */
    paymentId: uuid('payment_id').notNull(),
    refundId: uuid('refund_id'),
    amountSen: integer('amount_sen').notNull(),
    state: text('state').$type<ReturnState>().notNull(),
    providerRefundRef: text('provider_refund_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** When the money was confirmed back (state succeeded): the day the ledger counts it returned. */
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('payment_returns_key').on(t.idempotencyKey),
    index('payment_returns_order_idx').on(t.orderId),
    index('payment_returns_payment_idx').on(t.paymentId),
    index('payment_returns_refund_idx').on(t.refundId),
    check('payment_returns_amount_check', sql`${t.amountSen} > 0`),
    check('payment_returns_state_check', sql`${t.state} in ('sending', 'succeeded', 'failed')`),
  ],
);

/**
 * Money the shop has agreed to give back on an order, under a claim (a refund request, named by
 * the refunds module's id): owed from the approval until the claim is closed, less what came
 * back against it meanwhile (`payment_returns` with the same `refund_id`). The refunds module
 * opens and closes it through the payments service as its requests move; the ledger reads it.
 */
export const moneyOwed = pgTable(
  'money_owed',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull(),
    /** The claim's id (a refund's), which its returns carry as `refund_id`. */
    claimId: uuid('claim_id').notNull(),
    amountSen: integer('amount_sen').notNull(),
    openedAt: at('opened_at').notNull(),
    /** Null while owed; set when the claim has been paid back. */
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('money_owed_claim_key').on(t.claimId),
    index('money_owed_order_idx').on(t.orderId),
    check('money_owed_amount_check', sql`${t.amountSen} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NoticeKind } from '../../../contract/my-orders-dto.ts';
// Only for the foreign key the table has always had: nothing here reads or writes orders.
import { orders } from '../orders/schema.ts';

/** How a message goes. */
export type MessageChannel = 'sms' | 'whatsapp' | 'email';

/** What the provider's status callbacks tell of a message it took, in the order they can come. */
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** Where a message is on its way: written as to send, then sent once the provider took it, or failed after the last try. */
export type NoticeState = 'sending' | 'sent' | 'failed';

/** The columns of a message on its way. */
export const deliveryColumns = () => ({
  state: text('state').$type<NoticeState>().notNull().default('sending'),
  /** Tries made so far, and the provider's last refusal. */
  tries: integer('tries').notNull().default(0),
  lastError: text('last_error'),
  /** True when the last refusal was final (the provider refused the number or text, not a passing fault). */
  refused: boolean('refused').notNull().default(false),
  /** Not tried before this moment: a retry waits its turn. */
  nextTryAt: timestamp('next_try_at', { withTimezone: true }),
  /** When the provider accepted it, and its reference there (Twilio's message SID). */
  sentAt: timestamp('sent_at', { withTimezone: true }),
  providerRef: text('provider_ref'),
});

/** What a customer may be reminded of (PDPA: a purpose each, off until turned on). */
export type ReminderPurpose = 'serviceReminders' | 'expiryReminders';

/**
 * A purpose of the consent records: a reminder's, or `whatsapp`, order updates on WhatsApp
 * (docs/contracts/running-the-business.md §3), off until turned on.
 */
export type ConsentPurpose = ReminderPurpose | 'whatsapp';

/** Where a change of consent was made: the account's switches, the checkout's box, a reply (STOP) on WhatsApp. */
export type ConsentSource = 'account' | 'checkout' | 'reply';

/**
 * Every change of a customer's consent, never updated: when, to what, and the sentence they
 * were shown in their language. The latest row per purpose is the consent in force.
 */
export const reminderConsents = pgTable(
  'reminder_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The auth module's user; no cross-module reference by design. */
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').$type<ConsentPurpose>().notNull(),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    locale: text('locale').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Where the change was made (rows before WhatsApp: the account). */
    source: text('source').$type<ConsentSource>().notNull().default('account'),
  },
  (t) => [index('reminder_consents_user_idx').on(t.userId, t.purpose, t.id)],
);

/**
 * The reminders sent about a garage car (its history lists them). `key` (car, kind, due date,
 * days before) is claimed before sending, so each goes once whichever process plans it.
 */
export const carReminders = pgTable(
  'car_reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The vehicles module's garage car; no cross-module reference by design. */
    carId: uuid('car_id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<'service' | 'roadTax' | 'insurance'>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    key: text('key').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** False once the SMS provider refused it. */
    sent: boolean('sent').notNull().default(true),
  },
  (t) => [uniqueIndex('car_reminders_key').on(t.key), index('car_reminders_car_idx').on(t.carId, t.at)],
);

/**
 * The shop's one outbox: every message to a customer (an SMS about an order, which the order's
 * timeline shows; a garage reminder's SMS or e-mail), written as to send in the transaction that
 * causes it and sent after the commit by the one deliverer (outbox.ts). `orderId` and `kind` name
 * the order and the timeline's notice; `key` makes a message that must go once (a reminder per
 * appointment) unique, whichever process writes it. `claimedUntil` is the lease of the process
 * sending it: another may claim it again only once it has passed.
 */
export const outbox = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    /** A phone number (E.164; on WhatsApp too, without its `whatsapp:` prefix), an e-mail address, or a WhatsApp sender that is no phone (a reply to it). */
    to: text('to').notNull(),
    /** The customer it is for, when known: a STOP from their WhatsApp number withdraws their choice. */
    userId: uuid('user_id'),
    /** On WhatsApp: the approved template (its Content SID) and its variables; null: a free text (a reply within WhatsApp's window). */
    template: jsonb('template').$type<{ contentSid: string; variables: Record<string, string> }>(),
    /** On WhatsApp: the SMS of the same notice, sent instead (once) when WhatsApp fails for good. */
    fallbackText: text('fallback_text'),
    /** An SMS sent instead of this WhatsApp message: its id (unique, so the fallback goes once). */
    fallbackOf: bigint('fallback_of', { mode: 'number' }),
    /** What Twilio's status callbacks said last (sent, delivered, read, failed), with its error code and time. */
    delivery: text('delivery').$type<DeliveryStatus>(),
    deliveryError: text('delivery_error'),
    deliveryAt: timestamp('delivery_at', { withTimezone: true }),
    /** An e-mail's subject; null for an SMS. */
    subject: text('subject'),
    text: text('text').notNull(),
    /** The order whose timeline shows it, and what it tells; null for a message about no order. */
    orderId: uuid('order_id').references(() => orders.id),
    kind: text('kind').$type<NoticeKind>(),
    key: text('key'),
    /**
     * Erase `to` once the message is sent, or has failed for good: the confirmation of a closed
     * account (docs/contracts/running-the-business.md §5) keeps no number after it has gone.
     */
    forgetTo: boolean('forget_to').notNull().default(false),
    /** The garage reminder it carries, if any. */
    carReminderId: bigint('car_reminder_id', { mode: 'number' }).references(() => carReminders.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ...deliveryColumns(),
    /** While a process sends it: no other claims it before this moment. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_reminder_idx').on(t.carReminderId),
    index('outbox_messages_failed_idx').on(t.at).where(sql`${t.state} = 'failed'`),
    index('outbox_messages_order_idx').on(t.orderId, t.id),
    uniqueIndex('outbox_messages_key').on(t.key),
    uniqueIndex('outbox_messages_fallback_of').on(t.fallbackOf),
    index('outbox_messages_provider_ref_idx').on(t.providerRef),
    index('outbox_messages_to_idx').on(t.channel, t.to),
    index('outbox_messages_due_idx').on(t.nextTryAt).where(sql`${t.state} = 'sending'`),
  ],
);

/**
 * Messages customers sent the shop on WhatsApp (Twilio's inbound callback), once each by
 * Twilio's MessageSid: a repeated callback finds its row and changes nothing. `fromPhone` is the
 * sender's phone only when Twilio named one (`whatsapp:+60…`); a sender id that is no phone (a
 * WhatsApp username) is kept as it came and never read as a number.
 */
export const inboundMessages = pgTable('inbound_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  sid: text('sid').notNull().unique(),
  from: text('from').notNull(),
  fromPhone: text('from_phone'),
  body: text('body').notNull(),
  /** What the shop did: `stop` (the sender's WhatsApp updates turned off, and confirmed), or nothing. */
  action: text('action').$type<'stop' | 'none'>().notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

import { and, asc, desc, eq, gte, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import type { PayMethod } from '../../../contract/rules/order-status.ts';
import { warning } from '../errors.ts';
import { paymentEvents, payments, type EventOutcome } from './schema.ts';
import { paymentRefusal, paymentStates, type PaymentEvent } from './states.ts';

export type { EventOutcome, PaymentState } from './schema.ts';
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/**
 * The one writer of a payment's state: `event` with `changes`, in one statement that holds only
 * while the payment is in a state the table lets it leave that way. Answers whether it moved;
 * a payment whose state does not allow it is left as it was.
 */
async function movePayment(tx: Db, paymentId: string, event: PaymentEvent, changes: Partial<NewPayment>, now: Date): Promise<boolean> {
  const to = paymentStates.rows.find((r) => r.event === event)!.to;
  const rows = await tx
    .update(payments)
    .set({ ...changes, state: to, updatedAt: now })
    .where(and(eq(payments.id, paymentId), inArray(payments.state, paymentStates.fromStates(event))))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** As movePayment, refused with the table's 807 when the payment's state does not allow the move. */
async function movePaymentOrRefuse(tx: Db, paymentId: string, event: PaymentEvent, changes: Partial<NewPayment>, now: Date): Promise<void> {
  if (await movePayment(tx, paymentId, event, changes, now)) return;
  const [row] = await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, paymentId));
  const refusal = row ? paymentRefusal(row.state, event) : null;
  throw warning(refusal?.key ?? 'payment.moveRefused', refusal?.params);
}

export async function createPayment(tx: Db, payment: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(payment).returning();
  return row!;
}

/** The provider's checkout id, once it answered. */
export async function attachCheckout(db: Db, paymentId: string, providerRef: string, now: Date) {
  await db.update(payments).set({ providerRef, updatedAt: now }).where(eq(payments.id, paymentId));
}

/** A payment whose checkout the provider would not open (one the provider's word already moved stays as it is). */
export async function abandonPayment(db: Db, paymentId: string, note: string, now: Date) {
  await movePayment(db, paymentId, 'fail', { note }, now);
}

/**
 * The provider references of the order's checkouts that may still be open: attempts still
 * waiting, and those an attempt failed on (a hosted page such as Curlec's lets the customer try
 * again on it).
 */
export async function pendingCheckouts(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ ref: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, ['pending', 'failed']), isNotNull(payments.providerRef)));
  return rows.map((r) => r.ref!);
}

/** The order's checkouts that may still be open (pending, or failed once), newest first: the ones a new checkout replaces. */
export async function replaceableCheckouts(db: Db, orderId: string, limit = 20): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, ['pending', 'failed']), isNotNull(payments.providerRef)))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** Every attempt the order has had so far: what a new attempt knows to be older than itself. */
export async function attemptIds(db: Db, orderId: string): Promise<string[]> {
  const rows = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId));
  return rows.map((r) => r.id);
}

/**
 * Whether the order has an attempt besides the `known` ones (so one started after them) that
 * is still opening or may still be paid: pending, or failed once on a checkout that stays open.
 */
export async function hasOtherLiveAttempt(db: Db, orderId: string, known: readonly string[]): Promise<boolean> {
  const live = or(eq(payments.state, 'pending'), and(eq(payments.state, 'failed'), isNotNull(payments.providerRef)));
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), live, known.length > 0 ? notInArray(payments.id, [...known]) : undefined))
    .limit(1);
  return row !== undefined;
}

/** The order's attempts still waiting, newest first: the ones to ask the provider about. */
export async function pendingPayments(db: Db, orderId: string, limit = 3): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'pending'), isNotNull(payments.providerRef)))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** The order's newest attempt to pay, if any. */
export async function lastPayment(db: Db, orderId: string): Promise<Pick<PaymentRow, 'state' | 'method'> | undefined> {
  const [row] = await db
    .select({ state: payments.state, method: payments.method })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}

/** The payment an event names, locked: by our id when the provider echoes it, else by its reference. */
export async function lockPayment(tx: Db, provider: string, ref: { paymentId?: string; providerRef: string }): Promise<PaymentRow | undefined> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const where =
    ref.paymentId && uuid.test(ref.paymentId)
      ? and(eq(payments.provider, provider), eq(payments.id, ref.paymentId))
      : and(eq(payments.provider, provider), eq(payments.providerRef, ref.providerRef));
  const [row] = await tx.select().from(payments).where(where).for('update');
  return row;
}

/** The method a payment was made with, as its provider reported it. */
export interface UsedMethod {
  method: PayMethod;
  bank?: string;
  cardType?: 'credit' | 'debit';
}

/**
 * The method the provider says the customer used replaces the one asked for at Pay (a hosted
 * page lets the customer choose again): with its FPX bank, or its card type.
 */
export async function recordUsedMethod(tx: Db, paymentId: string, used: UsedMethod) {
  await tx
    .update(payments)
    .set({ method: used.method, bankCode: used.method === 'fpx' ? (used.bank ?? null) : null, cardType: used.method === 'card' ? (used.cardType ?? null) : null })
    .where(eq(payments.id, paymentId));
}

/**
 * The provider confirmed the payment: it counts in the order's ledger from now on (paid, and
 * to be returned when `refundDue`, money the order cannot keep).
 */
export async function recordPaid(tx: Db, paymentId: string, paid: { providerRef: string; refundDue: boolean; note: string }, now: Date) {
  await movePaymentOrRefuse(tx, paymentId, 'pay', { ...paid, paidAt: now }, now);
}

/** The provider's word that the attempt ended without money: failed, or expired (807 for one no longer waiting). */
export async function recordUnpaid(tx: Db, paymentId: string, state: 'failed' | 'expired', providerRef: string, now: Date) {
  await movePaymentOrRefuse(tx, paymentId, state === 'failed' ? 'fail' : 'expire', { providerRef }, now);
}

export interface IncomingEvent {
  provider: string;
  eventId: string;
  kind: string;
  providerRef: string;
  amountSen: number;
  currency: string;
  payload: string;
}

/**
 * Records the event under its unique (provider, event id). The first arrival gets the row id
 * to process it with; a replay (now or later, from any process) only counts a repeat and gets
 * null. The row stays locked until the caller's transaction ends, so a replay that arrives
 * meanwhile waits, then finds it.
 */
export async function claimEvent(tx: Db, event: IncomingEvent, now: Date): Promise<string | null> {
  const [row] = await tx
    .insert(paymentEvents)
    .values({ ...event, outcome: 'applied', receivedAt: now })
    .onConflictDoUpdate({
      target: [paymentEvents.provider, paymentEvents.eventId],
      set: { repeats: sql`${paymentEvents.repeats} + 1`, lastRepeatAt: now },
    })
    .returning({ id: paymentEvents.id, fresh: sql<boolean>`(xmax = 0)` });
  return row!.fresh ? row!.id : null;
}

export async function settleEvent(tx: Db, eventId: string, outcome: EventOutcome, reason: string, paymentId?: string) {
  await tx
    .update(paymentEvents)
    .set({ outcome, reason, ...(paymentId ? { paymentId } : {}) })
    .where(eq(paymentEvents.id, eventId));
}

/** The paid payments of these orders, oldest first: what a ledger starts from. */
export async function paidPayments(db: Db, orderIds: string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.state, 'succeeded')))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}

/** Reconciliation's period: payments started since then, and those the provider names (started just before). */
export async function paymentsSince(db: Db, since: Date, providerRefs: string[]): Promise<PaymentRow[]> {
  const named = providerRefs.length > 0 ? inArray(payments.providerRef, providerRefs) : undefined;
  return db.select().from(payments).where(or(gte(payments.createdAt, since), named));
}

/** Every payment of these orders, whatever its state. */
export async function paymentsOf(db: Db, orderIds: string[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.orderId, orderIds));
}

/** The payment a provider's checkout belongs to. */
export async function paymentByCheckout(db: Db, provider: string, providerRef: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  return row;
}

export async function paymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The note on an attempt a newer checkout of its order replaced. */
export const SUPERSEDED_NOTE = 'superseded by a newer checkout';

/** The note on an attempt whose checkout opened after its order had stopped waiting for payment (cancelled, expired or paid). */
export const NOT_WAITING_NOTE = 'closed: the order was no longer waiting for payment';

/**
 * Closes an attempt a newer checkout of its order replaced (closed at the provider first), if
 * nothing was heard of it meanwhile, with `note` saying why. A payment that still arrives for it
 * is recorded as usual.
 */
export async function supersedePayment(db: Db, paymentId: string, now: Date, note: string = SUPERSEDED_NOTE) {
  await movePayment(db, paymentId, 'expire', { note }, now);
}

/**
 * Whether the order under `orderId` was paid, as a condition for another module's own queries
 * (the first-order coupon counts a customer's paid orders): a payment it kept, or a coupon that
 * took its whole price (`totalSen` 0, paid as placed). The ledger's rule (paidAtFrom).
 */
export const paidOrder = (orderId: AnyPgColumn, totalSen: AnyPgColumn): SQL =>
  sql`(${totalSen} = 0 or exists (select 1 from ${payments} where ${payments.orderId} = ${orderId} and ${payments.state} = 'succeeded' and not ${payments.refundDue}))`;

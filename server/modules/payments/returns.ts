import { and, asc, eq, gte, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentReturns, type ReturnState } from './schema.ts';

/** Money sent back to one payment: the payments module is the only writer of these rows. */
export type ReturnRow = typeof paymentReturns.$inferSelect;

/**
 * The key of a return staff paid outside the provider (its providerRefundRef is then their
 * reference, a bank transfer the provider never saw).
 */
export const outsideKey = (refundId: string, n: number) => `outside:${refundId}:${n}`;
export const isPaidOutside = (ret: Pick<ReturnRow, 'idempotencyKey'>) => ret.idempotencyKey.startsWith('outside:');

/** A return on its way to one payment (or, paid outside the provider, already back). */
export async function recordReturn(
  tx: Db,
  row: { orderId: string; paymentId: string; refundId: string | null; amountSen: number; idempotencyKey: string; state?: ReturnState; providerRefundRef?: string; note?: string },
  now: Date,
): Promise<ReturnRow> {
  const [inserted] = await tx
    .insert(paymentReturns)
    .values({ ...row, state: row.state ?? 'sending', note: row.note ?? '', createdAt: now, updatedAt: now, settledAt: row.state === 'succeeded' ? now : null })
    .returning();
  return inserted!;
}

/** The returns of these orders, oldest first. */
export async function returnsOf(db: Db, orderIds: string[]): Promise<ReturnRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(paymentReturns).where(inArray(paymentReturns.orderId, orderIds)).orderBy(asc(paymentReturns.createdAt), asc(paymentReturns.id));
}

/** Reconciliation's period: returns sent since then, and those the provider names. */
export async function returnsSince(db: Db, since: Date, providerRefundRefs: string[]): Promise<ReturnRow[]> {
  const named = providerRefundRefs.length > 0 ? inArray(paymentReturns.providerRefundRef, providerRefundRefs) : undefined;
  return db.select().from(paymentReturns).where(or(gte(paymentReturns.createdAt, since), named));
}

export async function returnsOfRefund(db: Db, refundId: string): Promise<ReturnRow[]> {
  return db.select().from(paymentReturns).where(eq(paymentReturns.refundId, refundId)).orderBy(asc(paymentReturns.createdAt), asc(paymentReturns.id));
}

/** The return a provider event names by the idempotency key it was sent with. */
export async function returnByKey(db: Db, key: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(paymentReturns).where(eq(paymentReturns.idempotencyKey, key));
  return row;
}

/** Moves a return on from `sending` (only once: the first word of the provider counts). */
export async function settleReturn(tx: Db, id: string, state: Exclude<ReturnState, 'sending'>, now: Date, note?: string): Promise<boolean> {
  const rows = await tx
    .update(paymentReturns)
    .set({ state, updatedAt: now, ...(state === 'succeeded' && { settledAt: now }), ...(note !== undefined && { note }) })
    .where(and(eq(paymentReturns.id, id), eq(paymentReturns.state, 'sending')))
    .returning({ id: paymentReturns.id });
  return rows.length > 0;
}

/** The provider's id of the return once it answered, kept for the reconciliation. */
export async function recordReturnRef(tx: Db, id: string, providerRefundRef: string, now: Date): Promise<void> {
  await tx.update(paymentReturns).set({ providerRefundRef, updatedAt: now }).where(eq(paymentReturns.id, id));
}

export async function returnById(db: Db, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(paymentReturns).where(eq(paymentReturns.id, id));
  return row;
}

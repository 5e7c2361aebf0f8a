import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { moneyOwed } from './schema.ts';

/** Money owed back on one claim (a refund request): the payments module is the only writer of these rows. */
export type OwedRow = typeof moneyOwed.$inferSelect;

/**
 * The shop owes `amountSen` back on the order under `claimId` (a refund approved): counted in
 * the order's ledger as to return, less what comes back against the claim, until it is closed.
 * Once per claim: a second call changes nothing.
 */
export async function oweBack(tx: Db, claim: { orderId: string; claimId: string; amountSen: number }, now: Date): Promise<void> {
  await tx
    .insert(moneyOwed)
    .values({ ...claim, openedAt: now })
    .onConflictDoNothing({ target: moneyOwed.claimId });
}

/** The claim is paid back: nothing more is owed on it. */
export async function closeOwed(tx: Db, claimId: string, now: Date): Promise<void> {
  await tx
    .update(moneyOwed)
    .set({ closedAt: now })
    .where(and(eq(moneyOwed.claimId, claimId), isNull(moneyOwed.closedAt)));
}

/** What is owed, or was, on these orders. */
export async function owedOf(db: Db, orderIds: string[]): Promise<OwedRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(moneyOwed).where(inArray(moneyOwed.orderId, orderIds));
}

import { and, asc, count, eq, gt, inArray, lt, min, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { uploads } from './schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

/**
 * Whether a photo (its key column) is attached to something: given by the module that attaches
 * photos (refunds), so this table knows nobody else's.
 */
export type AttachedTest = (key: AnyPgColumn) => SQL;

export async function recordUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insert(uploads).values(row);
}

/**
 * Of `keys`, those this customer uploaded, locked against the removal of unused photos until
 * the caller's transaction ends (a photo being attached is not removed under it).
 */
export async function ownedUploads(db: Db, customerId: string, keys: string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.customerId, customerId), inArray(uploads.key, keys)))
    .for('share');
}

/**
 * Holds the customer's uploads for the rest of the transaction: two uploads of one customer, in
 * any processes, count and record one after the other.
 */
export async function lockCustomerUploads(tx: Db, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${customerId}`}, 0))`);
}

/** The customer's uploads since `since`, and the first of them. */
export async function uploadsSince(db: Db, customerId: string, since: Date): Promise<{ count: number; first: Date | null }> {
  const [row] = await db
    .select({ count: count(), first: min(uploads.createdAt) })
    .from(uploads)
    .where(and(eq(uploads.customerId, customerId), gt(uploads.createdAt, since)));
  return { count: row?.count ?? 0, first: row?.first ?? null };
}

/** The customer's photos attached to nothing. */
export async function unattachedCount(db: Db, customerId: string, attached: AttachedTest): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(uploads)
    .where(and(eq(uploads.customerId, customerId), not(attached(uploads.key))));
  return row?.count ?? 0;
}

/**
 * Up to `limit` photos uploaded before `before` and attached to nothing, locked (a request
 * attaching one waits, then finds it gone); others' locked rows are skipped, not waited for.
 */
export async function lockUnattachedBefore(tx: Db, before: Date, attached: AttachedTest, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(lt(uploads.createdAt, before), not(attached(uploads.key))))
    .orderBy(asc(uploads.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.key);
}

export async function deleteUploads(tx: Db, keys: string[]): Promise<void> {
  if (keys.length) await tx.delete(uploads).where(inArray(uploads.key, keys));
}

/** The keys of every photo the customer uploaded, locked until the caller's transaction ends. */
export async function lockCustomerUploadKeys(tx: Db, customerId: string): Promise<string[]> {
  const rows = await tx.select({ key: uploads.key }).from(uploads).where(eq(uploads.customerId, customerId)).for('update');
  return rows.map((r) => r.key);
}

import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Actor } from '../../../contract/rules/order-status.ts';
import { openWarrantyStatuses, transitionWarranty, type WarrantyEvent, type WarrantyRole, type WarrantyStatus } from '../../../contract/rules/warranty.ts';
import type { Db } from '../../db/client.ts';
import { DomainError, warning } from '../errors.ts';
import { Code } from '../../../contract/codes.ts';
import { warrantyClaimHistory, warrantyClaimLines, warrantyClaimPhotos, warrantyClaims } from './schema.ts';

export type ClaimRow = typeof warrantyClaims.$inferSelect;
export type ClaimHistoryRow = typeof warrantyClaimHistory.$inferSelect;

export interface ClaimNote {
  by: Actor;
  note?: string;
  noteKey?: MessageKey;
}

async function addHistory(tx: Db, claimId: string, status: WarrantyStatus, note: ClaimNote, at: Date) {
  await tx.insert(warrantyClaimHistory).values({ claimId, status, at, by: note.by, note: note.note ?? '', noteKey: note.noteKey ?? null });
}

/** The lines a claim is about. */
export async function lineIdsOfClaim(db: Db, claimId: string): Promise<string[]> {
  return (await db.select({ lineId: warrantyClaimLines.lineId }).from(warrantyClaimLines).where(eq(warrantyClaimLines.claimId, claimId))).map((r) => r.lineId);
}

/** Of these lines, those with an open claim (SUBMITTED or ACCEPTED). */
export async function linesWithOpenClaims(db: Db, lineIds: string[]): Promise<string[]> {
  if (lineIds.length === 0) return [];
  const rows = await db
    .select({ lineId: warrantyClaimLines.lineId })
    .from(warrantyClaimLines)
    .where(and(inArray(warrantyClaimLines.lineId, lineIds), eq(warrantyClaimLines.open, true)));
  return rows.map((r) => r.lineId);
}

/**
 * Opens a claim in SUBMITTED (the caller holds the order's lock) with its lines, photos and
 * first history row; null when a line already has an open claim (the partial unique index
 * decides it, whatever another request does at the same moment; the caller's transaction
 * must then end).
 */
export async function insertClaim(
  tx: Db,
  claim: { orderId: string; customerId: string; workshopId: string; description: string; preApproved: boolean; lineIds: string[]; photoKeys: string[] },
  now: Date,
): Promise<ClaimRow | null> {
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${warrantyClaims.seq}), 0)::int` })
    .from(warrantyClaims)
    .where(eq(warrantyClaims.orderId, claim.orderId));
  const [row] = await tx
    .insert(warrantyClaims)
    .values({
      orderId: claim.orderId,
      seq: (last?.seq ?? 0) + 1,
      customerId: claim.customerId,
      workshopId: claim.workshopId,
      status: 'SUBMITTED',
      description: claim.description,
      preApproved: claim.preApproved,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const taken = await tx
    .insert(warrantyClaimLines)
    .values(claim.lineIds.map((lineId) => ({ claimId: row!.id, lineId, open: true })))
    .onConflictDoNothing()
    .returning({ lineId: warrantyClaimLines.lineId });
  if (taken.length !== claim.lineIds.length) return null;
  if (claim.photoKeys.length) await tx.insert(warrantyClaimPhotos).values(claim.photoKeys.map((key, position) => ({ claimId: row!.id, key, position })));
  await addHistory(tx, row!.id, 'SUBMITTED', { by: 'customer', note: claim.description }, now);
  return row!;
}

/** The claim, locked for a move until the caller's transaction ends. */
/** The customer's claims still open (submitted, or accepted and not resolved): their orders' ids. */
export async function ordersWithOpenClaims(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orderId: warrantyClaims.orderId })
    .from(warrantyClaims)
    .where(and(eq(warrantyClaims.customerId, customerId), inArray(warrantyClaims.status, [...openWarrantyStatuses])));
  return rows.map((r) => r.orderId);
}

/**
 * Closing an account (docs/contracts/running-the-business.md §5), in the caller's transaction: the
 * customer's claims stay, with their descriptions, decisions and history, and lose their photos
 * (the storage removes the files). Answers the claims' count and the photos' keys.
 */
export async function forgetClaimPhotos(tx: Db, customerId: string): Promise<{ claims: number; photoKeys: string[] }> {
  const claims = await tx.select({ id: warrantyClaims.id }).from(warrantyClaims).where(eq(warrantyClaims.customerId, customerId));
  const ids = claims.map((c) => c.id);
  const removed = ids.length ? await tx.delete(warrantyClaimPhotos).where(inArray(warrantyClaimPhotos.claimId, ids)).returning({ key: warrantyClaimPhotos.key }) : [];
  return { claims: ids.length, photoKeys: removed.map((r) => r.key) };
}

/** A customer's own claim, read without a lock: someone else's is as good as none. */
export async function customerClaim(db: Db, customerId: string, claimId: string): Promise<ClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(warrantyClaims)
    .where(and(eq(warrantyClaims.id, claimId), eq(warrantyClaims.customerId, customerId)));
  return row;
}

export async function lockClaim(tx: Db, claimId: string): Promise<ClaimRow | undefined> {
  const [row] = await tx.select().from(warrantyClaims).where(eq(warrantyClaims.id, claimId)).for('update');
  return row;
}

export interface ClaimMove {
  event: WarrantyEvent;
  /** Who: a staff member's role, or the system (a pre-approved claim accepted as it opens). */
  role: WarrantyRole | 'system';
  note?: string;
  noteKey?: MessageKey;
  refundAmountSen?: number;
}

/**
 * The one writer of a claim's status: `move` as the claim state table allows (807 otherwise,
 * 403 for a workshop's refund offer), the new status, its lines' open flag and its history row
 * written in the caller's transaction, which holds the claim's lock.
 */
export async function moveClaim(tx: Db, claim: ClaimRow, move: ClaimMove, now: Date): Promise<ClaimRow> {
  const next = transitionWarranty(claim.status, move.event, move.role === 'system' ? 'admin' : move.role);
  if (!next.ok) throw next.forbidden ? new DomainError(Code.FORBIDDEN, next.key) : warning(next.key, {}, { field: 'claimId' });
  const decided = move.event === 'accept' || move.event === 'reject' || move.event === 'refund';
  const [row] = await tx
    .update(warrantyClaims)
    .set({
      status: next.status,
      updatedAt: now,
      ...(decided ? { decidedAt: now } : {}),
      ...(move.event === 'resolve' ? { resolvedAt: now } : {}),
      ...(move.note !== undefined && move.event !== 'resolve' ? { decisionNote: move.note } : {}),
      ...(move.refundAmountSen !== undefined ? { refundAmountSen: move.refundAmountSen } : {}),
      // A refund instead of the repair: a repair booked is no longer (the flow frees its bay).
      ...(move.event === 'refund' ? { reworkDate: null, reworkTime: null, reworkBay: null } : {}),
    })
    .where(eq(warrantyClaims.id, claim.id))
    .returning();
  if (!openWarrantyStatuses.includes(next.status)) await tx.update(warrantyClaimLines).set({ open: false }).where(eq(warrantyClaimLines.claimId, claim.id));
  await addHistory(tx, claim.id, next.status, { by: move.role === 'system' ? 'system' : 'staff', note: move.note ?? '', ...(move.noteKey ? { noteKey: move.noteKey } : {}) }, now);
  return row!;
}

/** The accepted claims whose free rework is booked at the workshop on the date (a closure of that day tells them). */
export async function reworksOn(db: Db, workshopId: string, date: string): Promise<ClaimRow[]> {
  return db
    .select()
    .from(warrantyClaims)
    .where(and(eq(warrantyClaims.workshopId, workshopId), eq(warrantyClaims.reworkDate, date), eq(warrantyClaims.status, 'ACCEPTED')))
    .orderBy(asc(warrantyClaims.reworkTime), asc(warrantyClaims.id));
}

/** The refund a claim's refund offer opened (written once the refund exists, in the same transaction as the offer). */
export async function linkClaimRefund(tx: Db, claimId: string, refundId: string, now: Date): Promise<void> {
  await tx.update(warrantyClaims).set({ refundId, updatedAt: now }).where(eq(warrantyClaims.id, claimId));
}

/** The free rework of an accepted claim, booked (the bay is held by the booking module under the claim's id). */
export async function setRework(tx: Db, claimId: string, rework: { date: string; time: string; bay: number }, now: Date): Promise<void> {
  await tx.update(warrantyClaims).set({ reworkDate: rework.date, reworkTime: rework.time, reworkBay: rework.bay, updatedAt: now }).where(eq(warrantyClaims.id, claimId));
}

export async function claimsOfOrder(db: Db, orderId: string): Promise<ClaimRow[]> {
  return db.select().from(warrantyClaims).where(eq(warrantyClaims.orderId, orderId)).orderBy(asc(warrantyClaims.seq));
}

export async function claimDetails(db: Db, claimIds: string[]) {
  if (claimIds.length === 0) return { lines: [], photos: [], history: [] };
  const [lines, photos, history] = [
    await db.select().from(warrantyClaimLines).where(inArray(warrantyClaimLines.claimId, claimIds)),
    await db.select().from(warrantyClaimPhotos).where(inArray(warrantyClaimPhotos.claimId, claimIds)).orderBy(asc(warrantyClaimPhotos.position)),
    await db.select().from(warrantyClaimHistory).where(inArray(warrantyClaimHistory.claimId, claimIds)).orderBy(asc(warrantyClaimHistory.id)),
  ];
  return { lines, photos, history };
}

/**
 * Claims oldest first, of a workshop or every one, in a status or all, a page at a time; with a
 * date, those whose rework is booked that day, by time then bay.
 */
export async function claimPage(db: Db, where: { workshopId?: string; status?: WarrantyStatus; reworkDate?: string }, page: { offset: number; limit: number }) {
  const filter = and(
    where.workshopId ? eq(warrantyClaims.workshopId, where.workshopId) : undefined,
    where.status ? eq(warrantyClaims.status, where.status) : undefined,
    where.reworkDate ? eq(warrantyClaims.reworkDate, where.reworkDate) : undefined,
  );
  const order = where.reworkDate ? [asc(warrantyClaims.reworkTime), asc(warrantyClaims.reworkBay), asc(warrantyClaims.id)] : [asc(warrantyClaims.createdAt), asc(warrantyClaims.id)];
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(warrantyClaims).where(filter);
  const rows = await db.select().from(warrantyClaims).where(filter).orderBy(...order).offset(page.offset).limit(page.limit);
  return { total: total?.n ?? 0, rows };
}

/** The latest claim of each of these orders. */
export async function latestClaims(db: Db, orderIds: string[]): Promise<ClaimRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectDistinctOn([warrantyClaims.orderId]).from(warrantyClaims).where(inArray(warrantyClaims.orderId, orderIds)).orderBy(warrantyClaims.orderId, desc(warrantyClaims.seq));
}

/** Whether the photo under a key column is on a claim: kept, not swept as unused. */
export const photoOnClaim = (key: AnyPgColumn): SQL => sql`exists (select 1 from ${warrantyClaimPhotos} where ${warrantyClaimPhotos.key} = ${key})`;

/** Of `keys`, those already on a claim. */
export async function claimPhotosInUse(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: warrantyClaimPhotos.key }).from(warrantyClaimPhotos).where(inArray(warrantyClaimPhotos.key, keys));
  return rows.map((r) => r.key);
}

import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import { openRefundStatuses, type Actor, type RefundStatus } from '../../../contract/rules/order-status.ts';
import type { Db } from '../../db/client.ts';
import { warning } from '../errors.ts';
import type { Refusal } from '../orders/states.ts';
import { closeOwed, oweBack } from '../payments/owed.ts';
import { refundHistory, refundImages, refunds } from './schema.ts';
import { transitionRefund, type RefundEvent, type RefundMoveContext } from './states.ts';

/**
 * Refund requests in the database, and the one writer of their status. The caller holds the
 * order's row lock (lockOrder) for every change, so a request, a revoke and a review on one
 * order take turns; the partial unique index on open requests is the last word if one ever
 * does not.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** A refund whose money is owed: approved and not yet all paid back. */
export const owingStatuses: readonly RefundStatus[] = ['REVIEWED', 'PROCESSING', 'FAILED'];
export type RefundHistoryRow = typeof refundHistory.$inferSelect;

export interface RefundWithParts {
  refund: RefundRow;
  history: RefundHistoryRow[];
  imageKeys: string[];
}

export const refundNo = (orderNo: string, seq: number) => `${orderNo}-R${seq}`;

/** The order's refunds, newest first, with their history and photo keys. */
export async function refundsOf(db: Db, orderId: string): Promise<RefundWithParts[]> {
  const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.seq));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const history = await db.select().from(refundHistory).where(inArray(refundHistory.refundId, ids)).orderBy(asc(refundHistory.id));
  const images = await db.select().from(refundImages).where(inArray(refundImages.refundId, ids)).orderBy(asc(refundImages.position));
  return rows.map((refund) => ({
    refund,
    history: history.filter((h) => h.refundId === refund.id),
    imageKeys: images.filter((i) => i.refundId === refund.id).map((i) => i.key),
  }));
}

/** Every refund of these orders. */
export async function refundsOfOrders(db: Db, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.orderId, orderIds));
}

/** The latest refund of each order, by order id. */
export async function latestRefunds(db: Db, orderIds: string[]): Promise<Map<string, RefundRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([refunds.orderId])
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(refunds.orderId, desc(refunds.seq));
  return new Map(rows.map((r) => [r.orderId, r]));
}

export async function latestRefund(db: Db, orderId: string): Promise<RefundRow | undefined> {
  return (await latestRefunds(db, [orderId])).get(orderId);
}

/** The orders among `orderIds` with a refund still open (waiting for review, approved, being paid or failed). */
export async function ordersWithOpenRefunds(db: Db, orderIds: string[]): Promise<string[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .selectDistinct({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), inArray(refunds.status, [...openRefundStatuses])));
  return rows.map((r) => r.orderId);
}

/**
 * Closing an account (docs/contracts/running-the-business.md §5), in the caller's transaction: the
 * refunds of the customer's orders stay, with their amounts, reasons and history, for the books,
 * and lose the contact number and the photos (the storage removes the files). Answers the count
 * and the photos' keys.
 */
export async function forgetRefundContacts(tx: Db, orderIds: string[]): Promise<{ refunds: number; photoKeys: string[] }> {
  if (!orderIds.length) return { refunds: 0, photoKeys: [] };
  const erased = await tx.update(refunds).set({ contact: '' }).where(inArray(refunds.orderId, orderIds)).returning({ id: refunds.id });
  const ids = erased.map((r) => r.id);
  const removed = ids.length ? await tx.delete(refundImages).where(inArray(refundImages.refundId, ids)).returning({ key: refundImages.key }) : [];
  return { refunds: erased.length, photoKeys: removed.map((r) => r.key) };
}

/**
 * Whether the photo under a key column is on a refund (any refund, whatever its state), as a
 * condition for the uploads' own queries: the photos attached to nothing are the others.
 */
export const photoOnRefund = (key: AnyPgColumn): SQL => sql`exists (select 1 from ${refundImages} where ${refundImages.key} = ${key})`;

/** Of `keys`, those already on a refund. */
export async function keysInUse(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: refundImages.key }).from(refundImages).where(inArray(refundImages.key, keys));
  return rows.map((r) => r.key);
}

export interface RefundNote {
  by: Actor;
  note?: string;
  noteKey?: MessageKey;
}

async function addRefundHistory(tx: Db, refundId: string, status: RefundStatus, note: RefundNote, at: Date) {
  await tx.insert(refundHistory).values({ refundId, status, at, by: note.by, note: note.note ?? '', noteKey: note.noteKey ?? null });
}

/** Opens a request in PENDING_REVIEW with its photos and first history row. */
export async function insertRefund(
  tx: Db,
  request: { orderId: string; customerId: string; amountSen: number; reason: string; contact: string; imageKeys: string[] },
  note: RefundNote,
  now: Date,
): Promise<RefundRow> {
  const [last] = await tx
    .select({ seq: sql<number>`coalesce(max(${refunds.seq}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, request.orderId));
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: request.orderId,
      seq: (last?.seq ?? 0) + 1,
      customerId: request.customerId,
      status: 'PENDING_REVIEW',
      requestedSen: request.amountSen,
      amountSen: request.amountSen,
      reason: request.reason,
      contact: request.contact,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (request.imageKeys.length) {
    await tx.insert(refundImages).values(request.imageKeys.map((key, position) => ({ refundId: row!.id, key, position })));
  }
  await addRefundHistory(tx, row!.id, 'PENDING_REVIEW', note, now);
  return row!;
}

/** What a refund's move writes besides its status: the amount approved and the moments decided and paid. */
function changesOf(event: RefundEvent, context: RefundMoveContext, now: Date): Partial<Pick<RefundRow, 'amountSen' | 'decidedAt' | 'completedAt'>> {
  if (event === 'approve') return { amountSen: context.amountSen, decidedAt: now };
  if (event === 'reject') return { decidedAt: now };
  if (event === 'complete' || event === 'payOutside') return { completedAt: now };
  return {};
}

export interface RefundTransition extends RefundMoveContext {
  /** A system note for the history, worded in the reader's language when shown. */
  noteKey?: MessageKey;
}

/**
 * The one writer of a refund's status: `event` by `by` as the refund state table allows, the
 * new status and its history row written in the caller's transaction (the caller holds the
 * order's lock, see lockOrder). Answers the table's refusal and writes nothing otherwise.
 */
export async function tryMoveRefund(
  tx: Db,
  refund: RefundRow,
  event: RefundEvent,
  by: Actor,
  context: RefundTransition,
  now: Date,
): Promise<{ ok: true; refund: RefundRow } | Refusal> {
  const { noteKey, ...guard } = context;
  const move = transitionRefund(refund.status, event, by, guard);
  if (!move.ok) return move;
  const [row] = await tx
    .update(refunds)
    .set({ ...changesOf(event, guard, now), status: move.status, updatedAt: now })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, refund.status)))
    .returning();
  if (!row) throw new Error(`refund ${refund.id} moved meanwhile from ${refund.status}: the caller must hold the order's lock`);
  await addRefundHistory(tx, row.id, move.status, { by, note: move.history.note, noteKey }, now);
  // The money: owed back from the approval, in the payments module's ledger, until it is all back.
  const wasOwed = owingStatuses.includes(refund.status);
  const isOwed = owingStatuses.includes(row.status);
  if (!wasOwed && isOwed) await oweBack(tx, { orderId: row.orderId, claimId: row.id, amountSen: row.amountSen }, now);
  if (wasOwed && !isOwed) await closeOwed(tx, row.id, now);
  return { ok: true, refund: row };
}

/** As tryMoveRefund, refusing a move the table does not allow with its message (807), on `field` if given. */
export async function moveRefund(tx: Db, refund: RefundRow, event: RefundEvent, by: Actor, context: RefundTransition, now: Date, field?: string): Promise<RefundRow> {
  const moved = await tryMoveRefund(tx, refund, event, by, context, now);
  if (!moved.ok) throw warning(moved.key, moved.params, field ? { field } : null);
  return moved.refund;
}

export async function refundById(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

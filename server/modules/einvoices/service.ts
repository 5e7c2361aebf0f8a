import { and, asc, eq, sql } from 'drizzle-orm';
import type { DocumentEvent, DocumentType } from '../../../contract/rules/einvoice-rules.ts';
import type { Actor } from '../../../contract/rules/order-status.ts';
import type { Db } from '../../db/client.ts';
import { scheduleJob } from '../../jobs/queue.ts';
import { warning } from '../errors.ts';
import { breaksUnique } from '../orders/service.ts';
import { einvoiceDocumentHistory, einvoiceDocuments, einvoiceReceipts, type EinvoiceBuyer, type EinvoiceError } from './schema.ts';
import { transitionDocument } from './states.ts';

/**
 * The shop's e-invoices (docs/contracts/after-sale.md §4): the only writer of their tables. A document is
 * claimed once, by its unique claim key and the receipts it covers, in the caller's
 * transaction, with its signed text already made; the job `einvoice.submit` sends it.
 */

export type EinvoiceRow = typeof einvoiceDocuments.$inferSelect;
export type EinvoiceHistoryRow = typeof einvoiceDocumentHistory.$inferSelect;

/** The job that submits a claimed document and follows it to Valid or Invalid. */
export const SUBMIT_JOB = 'einvoice.submit';
export interface SubmitPayload {
  documentId: string;
}

/** The job that gives a completed refund its e-invoice note (or cancels the order's own e-invoice). */
export const NOTE_JOB = 'einvoice.note';
export interface NotePayload {
  refundId: string;
}

/**
 * A refund has completed (in the caller's transaction): its e-invoice side follows in a job,
 * which waits while the order's e-invoice is still on its way to LHDN.
 */
export async function scheduleRefundNote(tx: Db, refundId: string, now: Date, runAt: Date = now): Promise<void> {
  await scheduleJob(tx, { kind: NOTE_JOB, key: `${NOTE_JOB}:${refundId}:${runAt.getTime()}`, runAt, payload: { refundId } satisfies NotePayload }, now);
}

export interface DocumentClaim {
  claimKey: string;
  type: DocumentType;
  documentNo: string;
  month: string;
  orderId?: string;
  refundId?: string;
  buyer?: EinvoiceBuyer;
  totalSen: number;
  /** A note's original document (its LHDN UUID). */
  refersTo?: string;
  documentText: string;
  documentHash: string;
  /** The receipts (paid orders) it covers: none for a note. */
  receipts?: { orderId: string; orderNo: string }[];
}

const CLAIMED = ['einvoice_documents_claim_key', 'einvoice_receipts_pkey'];

/**
 * Claims a document and schedules its submission, inside a savepoint of the caller's
 * transaction: null, with nothing written, when its claim key or any of its receipts is
 * already taken (another request or job got there first, whatever the interleaving).
 */
export async function claimDocument(tx: Db, claim: DocumentClaim, now: Date): Promise<EinvoiceRow | null> {
  try {
    return await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(einvoiceDocuments)
        .values({
          claimKey: claim.claimKey,
          type: claim.type,
          documentNo: claim.documentNo,
          month: claim.month,
          orderId: claim.orderId ?? null,
          refundId: claim.refundId ?? null,
          buyer: claim.buyer ?? null,
          totalSen: claim.totalSen,
          refersTo: claim.refersTo ?? null,
          documentText: claim.documentText,
          documentHash: claim.documentHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await addHistory(sp, row!.id, 'claim', 'PENDING', 'system', '', now);
      const receipts = claim.receipts ?? [];
      if (receipts.length) await sp.insert(einvoiceReceipts).values(receipts.map((r) => ({ ...r, documentId: row!.id })));
      await scheduleJob(sp, { kind: SUBMIT_JOB, key: `${SUBMIT_JOB}:${row!.id}`, runAt: now, payload: { documentId: row!.id } satisfies SubmitPayload }, now);
      return row!;
    });
  } catch (err) {
    if (CLAIMED.some((c) => breaksUnique(err, c))) return null;
    throw err;
  }
}

export async function documentById(db: Db, id: string): Promise<EinvoiceRow | undefined> {
  const [row] = await db.select().from(einvoiceDocuments).where(eq(einvoiceDocuments.id, id));
  return row;
}

/** The document, locked for the rest of the caller's transaction (jobs of several processes take turns). */
export async function lockDocument(tx: Db, id: string): Promise<EinvoiceRow | undefined> {
  const [row] = await tx.select().from(einvoiceDocuments).where(eq(einvoiceDocuments.id, id)).for('update');
  return row;
}

/** The order's own e-invoice (a buyer's, or one for a sale above RM 10,000), if it has one. */
export async function ownDocumentOfOrder(db: Db, orderId: string): Promise<EinvoiceRow | undefined> {
  const [row] = await db.select().from(einvoiceDocuments).where(eq(einvoiceDocuments.claimKey, `invoice:${orderId}`));
  return row;
}

/** The e-invoice covering the receipt (its own or the month's consolidated one), if any. */
export async function documentOfReceipt(db: Db, orderId: string): Promise<EinvoiceRow | undefined> {
  const [row] = await db
    .select({ doc: einvoiceDocuments })
    .from(einvoiceReceipts)
    .innerJoin(einvoiceDocuments, eq(einvoiceDocuments.id, einvoiceReceipts.documentId))
    .where(eq(einvoiceReceipts.orderId, orderId));
  return row?.doc;
}

/** The note a refund got, if any. */
export async function noteOfRefund(db: Db, refundId: string): Promise<EinvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(einvoiceDocuments)
    .where(and(eq(einvoiceDocuments.refundId, refundId), sql`${einvoiceDocuments.type} in ('credit-note', 'refund-note')`));
  return row;
}

async function addHistory(tx: Db, documentId: string, event: DocumentEvent, status: EinvoiceRow['status'], by: Actor, note: string, at: Date) {
  await tx.insert(einvoiceDocumentHistory).values({ documentId, event, status, by, note, at });
}

/** What a move writes besides the status: what MyInvois answered, or a retry's fresh start. */
export type DocumentChange = Partial<Pick<EinvoiceRow, 'submissionUid' | 'uuid' | 'longId' | 'errors' | 'submittedAt' | 'validatedAt' | 'cancelledAt' | 'documentText' | 'documentHash'>>;

/**
 * The one writer of a document's status: `event` by `by` as the state table (states.ts)
 * allows, the new status, what goes with it and its history row written in the caller's
 * transaction (the caller holds the document's lock, see lockDocument). A move the table does
 * not allow is refused (807) and writes nothing. The history's note is LHDN's first reason for
 * an invalid document unless `note` is given.
 */
export async function moveDocument(tx: Db, doc: EinvoiceRow, event: DocumentEvent, by: Actor, change: DocumentChange, now: Date, note?: string): Promise<EinvoiceRow> {
  const move = transitionDocument(doc.status, event, by);
  if (!move.ok) throw warning(move.key, move.params, { field: 'documentId' });
  const [row] = await tx
    .update(einvoiceDocuments)
    .set({ ...change, status: move.status, updatedAt: now })
    .where(and(eq(einvoiceDocuments.id, doc.id), eq(einvoiceDocuments.status, doc.status)))
    .returning();
  if (!row) throw new Error(`e-invoice document ${doc.id} moved meanwhile from ${doc.status}: the caller must hold its lock`);
  await addHistory(tx, row.id, event, move.status, by, note ?? (move.status === 'INVALID' ? (change.errors?.[0]?.message ?? '') : ''), now);
  return row;
}

/** A document's moves, first first. */
export async function documentHistory(db: Db, documentId: string): Promise<EinvoiceHistoryRow[]> {
  return db.select().from(einvoiceDocumentHistory).where(eq(einvoiceDocumentHistory.documentId, documentId)).orderBy(asc(einvoiceDocumentHistory.id));
}

/** One more try at sending or following a document, counted for the console. */
export async function countAttempt(tx: Db, id: string, now: Date): Promise<void> {
  await tx
    .update(einvoiceDocuments)
    .set({ attempts: sql`${einvoiceDocuments.attempts} + 1`, updatedAt: now })
    .where(eq(einvoiceDocuments.id, id));
}

export type { EinvoiceBuyer, EinvoiceError };

/**
 * Sends a document again (the console's retry): a new text, signed now (LHDN refuses an issue
 * date older than 72 hours), for one that is INVALID or stuck PENDING; back to PENDING with
 * its submission scheduled in the caller's transaction. Null when it is on its way, valid or
 * cancelled.
 */
export async function resubmitDocument(tx: Db, id: string, signed: { documentText: string; documentHash: string }, by: Actor, now: Date): Promise<EinvoiceRow | null> {
  const doc = await lockDocument(tx, id);
  if (!doc || (doc.status === 'PENDING' && doc.submissionUid) || !transitionDocument(doc.status, 'retry', by).ok) return null;
  const row = await moveDocument(tx, doc, 'retry', by, { ...signed, submissionUid: null, uuid: null, longId: null, errors: [], submittedAt: null, validatedAt: null }, now);
  await scheduleJob(tx, { kind: SUBMIT_JOB, key: `${SUBMIT_JOB}:${id}:again:${now.getTime()}`, runAt: now, payload: { documentId: id } satisfies SubmitPayload }, now);
  return row;
}

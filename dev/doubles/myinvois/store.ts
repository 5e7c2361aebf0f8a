import { and, desc, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import type { LhdnError } from './errors.ts';
import { myinvoisDoubleBodies, myinvoisDoubleDocuments, myinvoisDoubleSubmissions } from './schema.ts';
import type { DocumentFields } from './ubl-reader.ts';

/**
 * What the double remembers: submissions, their documents and how each one came out, and each
 * client's recent submission bodies. In the database (its own tables) when it has one, shared
 * by every process and kept across restarts; in memory only for a double without a database.
 * A submission is received in one transaction holding its client's lock: the 10-minute rule,
 * the duplicate-document rule and the documents with their outcome are decided and written
 * together, so nothing is left half-received and no document waits on a process that may die.
 */

export type DocumentStatus = 'Submitted' | 'Valid' | 'Invalid' | 'Cancelled';

export interface ValidationStep {
  name: string;
  status: 'Valid' | 'Invalid';
  error?: LhdnError;
}

export interface StoredDocument {
  uuid: string;
  submissionUid: string;
  longId: string;
  codeNumber: string;
  clientId: string;
  issuerTin: string;
  issuerName: string;
  fields: DocumentFields;
  hash: string;
  receivedAt: number;
  /** When the validation result shows: receivedAt plus the receiving double's delay. */
  validatedAt: number;
  /** How validation comes out, decided at receipt and shown once validatedAt has passed. */
  outcome: 'Valid' | 'Invalid';
  steps: ValidationStep[];
  cancelledAt?: number;
  cancelReason?: string;
}

export interface StoredSubmission {
  submissionUid: string;
  clientId: string;
  receivedAt: number;
  uuids: string[];
}

export function documentStatus(doc: StoredDocument, now: number): DocumentStatus {
  if (doc.cancelledAt !== undefined) return 'Cancelled';
  return now < doc.validatedAt ? 'Submitted' : doc.outcome;
}

/** What a submission reads and writes while it is received, inside its transaction. */
export interface ReceiptView {
  document(uuid: string): Promise<StoredDocument | undefined>;
  /** The issuer's Valid documents received since `since`, other than `uuid`. */
  validSince(issuerTin: string, since: number, uuid: string): Promise<StoredDocument[]>;
  addDocument(doc: StoredDocument): Promise<void>;
}

export interface SearchFilter {
  issuerTin: string;
  uuid?: string;
  submittedFrom?: number;
  submittedTo?: number;
  issuedFrom?: number;
  issuedTo?: number;
  status?: string;
  documentType?: string;
  /** Matches the internal ID, the UUID or the buyer's TIN or name. */
  searchQuery?: string;
}

export type CancelOutcome = { ok: true; doc: StoredDocument } | { ok: false; error: LhdnError; status: 400 | 403 | 404 };

export interface DoubleStore {
  /**
   * Receives a submission: `null` when the same body came from the client within `windowMs`
   * (with when it came), else the submission `receive` builds, written with its documents.
   */
  receive(
    clientId: string,
    bodyHash: string,
    now: number,
    windowMs: number,
    receive: (view: ReceiptView) => Promise<StoredSubmission>,
  ): Promise<{ duplicateOf: number } | { submission: StoredSubmission }>;
  submission(submissionUid: string): Promise<StoredSubmission | undefined>;
  document(uuid: string): Promise<StoredDocument | undefined>;
  documents(uuids: string[]): Promise<StoredDocument[]>;
  /** The Valid (or still validating, not Invalid), uncancelled notes that refer to a document. */
  referringNotes(uuid: string): Promise<StoredDocument[]>;
  /** Cancels a document if `check` finds nothing against it (given the notes that refer to it), with the document locked. */
  cancel(uuid: string, check: (doc: StoredDocument, notes: StoredDocument[]) => CancelOutcome, now: number, reason: string): Promise<CancelOutcome>;
  /** The issuer's documents matching the filter, newest submission first. */
  search(filter: SearchFilter): Promise<StoredDocument[]>;
}

function matches(doc: StoredDocument, filter: SearchFilter, now: number): boolean {
  if (doc.issuerTin !== filter.issuerTin) return false;
  if (filter.uuid && doc.uuid !== filter.uuid) return false;
  if (filter.submittedFrom !== undefined && doc.receivedAt < filter.submittedFrom) return false;
  if (filter.submittedTo !== undefined && doc.receivedAt > filter.submittedTo) return false;
  const issued = Date.parse(`${doc.fields.issueDate}T${doc.fields.issueTime}`);
  if (filter.issuedFrom !== undefined && !(issued >= filter.issuedFrom)) return false;
  if (filter.issuedTo !== undefined && !(issued <= filter.issuedTo)) return false;
  if (filter.status && documentStatus(doc, now).toLowerCase() !== filter.status.toLowerCase()) return false;
  if (filter.documentType && doc.fields.typeCode !== filter.documentType) return false;
  if (filter.searchQuery) {
    const q = filter.searchQuery.toLowerCase();
    const hay = [doc.uuid, doc.fields.internalId, doc.codeNumber, doc.fields.buyer.tin, doc.fields.buyer.name].map((v) => (v ?? '').toLowerCase());
    if (!hay.some((v) => v === q || (q.length >= 3 && v.includes(q)))) return false;
  }
  return true;
}

/** A double without a database: for checks of its answers alone. */
export function memoryStore(clock: () => number): DoubleStore {
  const documents = new Map<string, StoredDocument>();
  const submissions = new Map<string, StoredSubmission>();
  const bodies = new Map<string, number>();
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const view: ReceiptView = {
    document: async (uuid) => documents.get(uuid),
    validSince: async (tin, since, uuid) => [...documents.values()].filter((d) => d.issuerTin === tin && d.uuid !== uuid && d.outcome === 'Valid' && d.receivedAt > since),
    addDocument: async (doc) => void documents.set(doc.uuid, doc),
  };
  const referringNotes = async (uuid: string) =>
    [...documents.values()].filter((d) => d.fields.referencedUuids.includes(uuid) && d.outcome === 'Valid' && d.cancelledAt === undefined);
  return {
    receive: (clientId, bodyHash, now, windowMs, receive) =>
      serial(async () => {
        const key = `${clientId}\n${bodyHash}`;
        const at = bodies.get(key);
        if (at !== undefined && at > now - windowMs) return { duplicateOf: at };
        bodies.set(key, now);
        const submission = await receive(view);
        submissions.set(submission.submissionUid, submission);
        return { submission };
      }),
    submission: async (uid) => submissions.get(uid),
    document: async (uuid) => documents.get(uuid),
    documents: async (uuids) => uuids.map((uuid) => documents.get(uuid)).filter((d): d is StoredDocument => Boolean(d)),
    referringNotes,
    cancel: (uuid, check, now, reason) =>
      serial(async (): Promise<CancelOutcome> => {
        const doc = documents.get(uuid);
        if (!doc) return { ok: false, status: 404, error: { code: 'NotFound', message: 'No document with this uuid' } };
        const verdict = check(doc, await referringNotes(uuid));
        if (!verdict.ok) return verdict;
        doc.cancelledAt = now;
        doc.cancelReason = reason;
        return { ok: true, doc };
      }),
    search: async (filter) =>
      [...documents.values()].filter((d) => matches(d, filter, clock())).sort((a, b) => b.receivedAt - a.receivedAt),
  };
}

type DocumentRow = typeof myinvoisDoubleDocuments.$inferSelect;
const fromRow = (row: DocumentRow): StoredDocument => row.record as StoredDocument;

/** Lock key of a client's submissions: one receipt at a time per client, across processes. */
const clientLock = (clientId: string) => sql`select pg_advisory_xact_lock(hashtext(${`myinvois-double:${clientId}`}))`;

/** The double's books in its own tables. */
export function databaseStore(db: Db, clock: () => number): DoubleStore {
  const viewOf = (tx: Db): ReceiptView => ({
    document: async (uuid) => {
      const [row] = await tx.select().from(myinvoisDoubleDocuments).where(eq(myinvoisDoubleDocuments.uuid, uuid));
      return row ? fromRow(row) : undefined;
    },
    validSince: async (tin, since, uuid) =>
      (
        await tx
          .select()
          .from(myinvoisDoubleDocuments)
          .where(and(eq(myinvoisDoubleDocuments.issuerTin, tin), gt(myinvoisDoubleDocuments.receivedAt, since), eq(myinvoisDoubleDocuments.outcome, 'Valid'), ne(myinvoisDoubleDocuments.uuid, uuid)))
      ).map(fromRow),
    addDocument: async (doc) => {
      await tx.insert(myinvoisDoubleDocuments).values({
        uuid: doc.uuid,
        submissionUid: doc.submissionUid,
        issuerTin: doc.issuerTin,
        hash: doc.hash,
        receivedAt: doc.receivedAt,
        outcome: doc.outcome,
        referencedUuids: doc.fields.referencedUuids,
        record: doc,
      });
    },
  });
  const reader = viewOf(db);
  const notesOf = async (tx: Db, uuid: string) =>
    (
      await tx
        .select()
        .from(myinvoisDoubleDocuments)
        .where(and(sql`${myinvoisDoubleDocuments.referencedUuids} @> ${JSON.stringify([uuid])}::jsonb`, eq(myinvoisDoubleDocuments.outcome, 'Valid'), isNull(myinvoisDoubleDocuments.cancelledAt)))
    ).map(fromRow);
  return {
    receive: (clientId, bodyHash, now, windowMs, receive) =>
      db.transaction(async (tx) => {
        await tx.execute(clientLock(clientId));
        const [seen] = await tx
          .select()
          .from(myinvoisDoubleBodies)
          .where(and(eq(myinvoisDoubleBodies.clientId, clientId), eq(myinvoisDoubleBodies.hash, bodyHash)));
        if (seen && seen.at > now - windowMs) return { duplicateOf: seen.at };
        await tx
          .insert(myinvoisDoubleBodies)
          .values({ clientId, hash: bodyHash, at: now })
          .onConflictDoUpdate({ target: [myinvoisDoubleBodies.clientId, myinvoisDoubleBodies.hash], set: { at: now } });
        await tx.delete(myinvoisDoubleBodies).where(and(eq(myinvoisDoubleBodies.clientId, clientId), lte(myinvoisDoubleBodies.at, now - windowMs)));
        const submission = await receive(viewOf(tx));
        await tx.insert(myinvoisDoubleSubmissions).values(submission);
        return { submission };
      }),
    submission: async (uid) => {
      const [row] = await db.select().from(myinvoisDoubleSubmissions).where(eq(myinvoisDoubleSubmissions.submissionUid, uid));
      return row;
    },
    document: reader.document,
    documents: async (uuids) => {
      if (uuids.length === 0) return [];
      const rows = await db.select().from(myinvoisDoubleDocuments).where(inArray(myinvoisDoubleDocuments.uuid, uuids));
      const byUuid = new Map(rows.map((row) => [row.uuid, fromRow(row)]));
      return uuids.map((uuid) => byUuid.get(uuid)).filter((d): d is StoredDocument => Boolean(d));
    },
    referringNotes: (uuid) => notesOf(db, uuid),
    cancel: (uuid, check, now, reason) =>
      db.transaction(async (tx): Promise<CancelOutcome> => {
        const [row] = await tx.select().from(myinvoisDoubleDocuments).where(eq(myinvoisDoubleDocuments.uuid, uuid)).for('update');
        if (!row) return { ok: false, status: 404, error: { code: 'NotFound', message: 'No document with this uuid' } };
        const doc = fromRow(row);
        const verdict = check(doc, await notesOf(tx, uuid));
        if (!verdict.ok) return verdict;
        const cancelled = { ...doc, cancelledAt: now, cancelReason: reason };
        await tx.update(myinvoisDoubleDocuments).set({ cancelledAt: now, record: cancelled }).where(eq(myinvoisDoubleDocuments.uuid, uuid));
        return { ok: true, doc: cancelled };
      }),
    search: async (filter) => {
      const conditions = [eq(myinvoisDoubleDocuments.issuerTin, filter.issuerTin)];
      if (filter.uuid) conditions.push(eq(myinvoisDoubleDocuments.uuid, filter.uuid));
      if (filter.submittedFrom !== undefined) conditions.push(gte(myinvoisDoubleDocuments.receivedAt, filter.submittedFrom));
      if (filter.submittedTo !== undefined) conditions.push(lte(myinvoisDoubleDocuments.receivedAt, filter.submittedTo));
      const rows = await db.select().from(myinvoisDoubleDocuments).where(and(...conditions)).orderBy(desc(myinvoisDoubleDocuments.receivedAt));
      const now = clock();
      return rows.map(fromRow).filter((doc) => matches(doc, filter, now));
    },
  };
}

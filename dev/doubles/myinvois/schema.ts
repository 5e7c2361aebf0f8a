import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The local MyInvois double's own books (EINVOICE_PROVIDER=local, development and tests): what
 * MyInvois keeps on its side. Every process on the database and every restart answers the
 * same. A document's outcome is written with its receipt, in one transaction, so no document
 * waits on a process that may die. Only the double (dev/doubles/myinvois/) writes
 * these tables. Times are milliseconds since the epoch, as the double's clock counts.
 */

/** Submissions: what Get Submission answers. */
export const myinvoisDoubleSubmissions = pgTable('myinvois_double_submissions', {
  submissionUid: text('submission_uid').primaryKey(),
  clientId: text('client_id').notNull(),
  receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
  /** The accepted documents' UUIDs, in the order they were submitted. */
  uuids: jsonb('uuids').$type<string[]>().notNull(),
});

/** Documents: the columns they are looked up by, and the whole record as the double keeps it. */
export const myinvoisDoubleDocuments = pgTable(
  'myinvois_double_documents',
  {
    uuid: text('uuid').primaryKey(),
    submissionUid: text('submission_uid').notNull(),
    issuerTin: text('issuer_tin').notNull(),
    hash: text('hash').notNull(),
    receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
    /** Valid or Invalid: how validation comes out, shown once the validation delay has passed. */
    outcome: text('outcome').notNull(),
    cancelledAt: bigint('cancelled_at', { mode: 'number' }),
    /** The UUIDs a note refers to (BillingReference). */
    referencedUuids: jsonb('referenced_uuids').$type<string[]>().notNull(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the double's own record of the document
    record: jsonb('record').$type<Record<string, any>>().notNull(),
  },
  (t) => [index('myinvois_double_documents_submission_idx').on(t.submissionUid), index('myinvois_double_documents_issuer_idx').on(t.issuerTin, t.receivedAt)],
);

/** Each client's recent submission bodies (their SHA-256), for the 10-minute duplicate rule. */
export const myinvoisDoubleBodies = pgTable(
  'myinvois_double_bodies',
  {
    clientId: text('client_id').notNull(),
    hash: text('hash').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.hash] })],
);

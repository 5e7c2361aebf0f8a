import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BuyerIdType, BuyerType, DocumentEvent, DocumentStatus, DocumentType } from '../../../contract/rules/einvoice-rules.ts';
import type { Actor } from '../../../contract/rules/order-status.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The buyer of a buyer's own e-invoice, as they gave it (docs/contracts/after-sale.md §4). */
export interface EinvoiceBuyer {
  type: BuyerType;
  name: string;
  tin?: string;
  idType: BuyerIdType;
  idValue: string;
  sstNo?: string;
  email: string;
  phone: string;
  address: { line1: string; line2?: string; postcode: string; city: string; state: string };
}

/** One of LHDN's reasons for refusing a document, kept in words. */
export interface EinvoiceError {
  code: string;
  message: string;
  target: string | null;
}

/**
 * The shop's e-invoices at LHDN MyInvois: a buyer's own invoice, an invoice for a sale above
 * RM 10,000, a month's consolidated invoice, or a credit/refund note naming an original.
 * `claimKey` is unique: `invoice:<orderId>`, `consolidated:<YYYY-MM>`, `<type>:<refundId>`, so
 * whatever two requests or jobs do at once, a document is made once. `orderId`/`refundId` are
 * the orders' and refunds' modules' ids (no cross-module references).
 */
export const einvoiceDocuments = pgTable(
  'einvoice_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimKey: text('claim_key').notNull(),
    type: text('type').$type<DocumentType>().notNull(),
    /** The shop's number for it (the invoice's or credit note's number, or CONS-YYYY-MM): MyInvois' internal id. */
    documentNo: text('document_no').notNull(),
    /** The month of the payment (or the month a consolidated invoice covers), YYYY-MM in KL time. */
    month: text('month').notNull(),
    orderId: uuid('order_id'),
    refundId: uuid('refund_id'),
    buyer: jsonb('buyer').$type<EinvoiceBuyer>(),
    status: text('status').$type<DocumentStatus>().notNull().default('PENDING'),
    totalSen: integer('total_sen').notNull(),
    /** A note's original document (its LHDN UUID). */
    refersTo: text('refers_to'),
    /** The signed JSON exactly as submitted, and its SHA-256. */
    documentText: text('document_text'),
    documentHash: text('document_hash'),
    submissionUid: text('submission_uid'),
    uuid: text('uuid'),
    longId: text('long_id'),
    errors: jsonb('errors').$type<EinvoiceError[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    submittedAt: at('submitted_at'),
    validatedAt: at('validated_at'),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    uniqueIndex('einvoice_documents_claim_key').on(t.claimKey),
    uniqueIndex('einvoice_documents_uuid_key').on(t.uuid),
    index('einvoice_documents_month_idx').on(t.month, t.status),
    index('einvoice_documents_order_idx').on(t.orderId),
    check('einvoice_documents_type_check', sql`${t.type} in ('invoice', 'consolidated', 'credit-note', 'refund-note')`),
    check('einvoice_documents_status_check', sql`${t.status} in ('PENDING', 'SUBMITTED', 'VALID', 'INVALID', 'CANCELLED')`),
  ],
);

/**
 * Every move of a document (states.ts), like an order's and a refund's history: its claim
 * (PENDING), then each status it was moved to, by whom, with what LHDN said in `note`.
 */
export const einvoiceDocumentHistory = pgTable(
  'einvoice_document_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => einvoiceDocuments.id),
    event: text('event').$type<DocumentEvent>().notNull(),
    status: text('status').$type<DocumentStatus>().notNull(),
    at: at('at').notNull(),
    by: text('by').$type<Actor>().notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('einvoice_document_history_document_idx').on(t.documentId, t.id)],
);

/**
 * Which e-invoice covers each receipt (a paid order): one row per order, so no receipt is ever
 * in two e-invoices — a buyer's own and the month's consolidation included — whatever runs at once.
 */
export const einvoiceReceipts = pgTable(
  'einvoice_receipts',
  {
    orderId: uuid('order_id').primaryKey(),
    orderNo: text('order_no').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => einvoiceDocuments.id),
  },
  (t) => [index('einvoice_receipts_document_idx').on(t.documentId)],
);

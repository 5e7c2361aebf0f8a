import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The last number taken of each series ('invoice', 'credit-note'). A number is taken by
 * raising `last` in the transaction that issues the document: the row stays locked until it
 * commits, and a rollback gives the number back, so each series runs without gaps whatever
 * the number of processes.
 */
export const documentCounters = pgTable('document_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * One tax invoice per paid order, issued in the transaction that made it paid. `orderId` is
 * the orders module's, `paymentId` the payments module's (none for an order a coupon paid in
 * full): no cross-module references.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceNo: text('invoice_no').notNull(),
    orderId: uuid('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    paymentId: uuid('payment_id'),
    issuedAt: at('issued_at').notNull(),
  },
  (t) => [uniqueIndex('invoices_invoice_no_key').on(t.invoiceNo), uniqueIndex('invoices_order_no_key').on(t.orderNo), uniqueIndex('invoices_order_key').on(t.orderId)],
);

/** A credit note line as it was issued: what share of the money returned a line of the order stands for. */
export interface CreditNoteLine {
  productId: string;
  name: string;
  quantity: number;
  amountSen: number;
}

/** One credit note per completed refund, naming the invoice it corrects. `refundId` is the refunds module's. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditNoteNo: text('credit_note_no').notNull(),
    /** The invoice it corrects (this module's own invoices.invoice_no). */
    invoiceNo: text('invoice_no').notNull(),
    orderId: uuid('order_id').notNull(),
    refundId: uuid('refund_id').notNull(),
    refundNo: text('refund_no').notNull(),
    issuedAt: at('issued_at').notNull(),
    amountSen: integer('amount_sen').notNull(),
    serviceTaxSen: integer('service_tax_sen').notNull(),
    /**
     * The rest of the amount split as the invoice itemises it (refundFigures, credit-lines.ts):
     * parts (delivery and discount included: below zero only on a full refund of an order whose
     * coupon was larger than its parts) and fitting labour. The e-invoice note of the
     * refund reads these; null on a note issued before they were kept.
     */
    partsSen: integer('parts_sen'),
    labourSen: integer('labour_sen'),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_credit_note_no_key').on(t.creditNoteNo),
    uniqueIndex('credit_notes_refund_no_key').on(t.refundNo),
    index('credit_notes_order_idx').on(t.orderId),
    check('credit_notes_amount_check', sql`${t.amountSen} > 0 and ${t.serviceTaxSen} >= 0 and ${t.serviceTaxSen} <= ${t.amountSen}`),
    check(
      'credit_notes_figures_check',
      sql`(${t.partsSen} is null and ${t.labourSen} is null) or (${t.labourSen} >= 0 and ${t.partsSen} + ${t.labourSen} + ${t.serviceTaxSen} = ${t.amountSen})`,
    ),
  ],
);

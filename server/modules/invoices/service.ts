import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addCredited, creditNoteParts, NOTHING_CREDITED, refundFigures, type Credited, type InvoicedOrder, type RefundFigures, type TaxedOrder } from './credit-lines.ts';
import { creditNotes, documentCounters, invoices } from './schema.ts';

/**
 * Tax invoices and credit notes (docs/contracts/after-sale.md §4): the only writer of their tables. Both are
 * issued inside the caller's transaction (the payment's, the refund's), with the order locked,
 * so a rollback takes the document and its number back with it.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

type Series = 'invoice' | 'credit-note';
const PREFIX: Record<Series, string> = { invoice: 'INV', 'credit-note': 'CN' };

/** `INV-000001`: six digits, more once a series passes a million. */
export const documentNo = (series: Series, n: number) => `${PREFIX[series]}-${String(n).padStart(6, '0')}`;

/**
 * The next number of a series, taken in the caller's transaction: the counter row stays
 * locked until it ends, so another process's payment waits for this one to commit (and takes
 * the next number) or roll back (and takes this one).
 */
async function nextNumber(tx: Db, series: Series): Promise<string> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: documentCounters.series, set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return documentNo(series, row!.last);
}

export async function invoiceOfOrder(db: Db, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

/**
 * The order's invoice, issued now if it has none (the caller holds the order's lock): an
 * order paid twice keeps the invoice of its first payment.
 */
export async function issueInvoice(tx: Db, order: { id: string; orderNo: string }, paymentId: string | null, now: Date): Promise<InvoiceRow> {
  const existing = await invoiceOfOrder(tx, order.id);
  if (existing) return existing;
  const invoiceNo = await nextNumber(tx, 'invoice');
  const [row] = await tx.insert(invoices).values({ invoiceNo, orderId: order.id, orderNo: order.orderNo, paymentId, issuedAt: now }).returning();
  return row!;
}

/**
 * The credit note of a refund that has just completed, naming the order's invoice (the caller
 * holds the order's lock). Issued once per refund; none for an order that has no invoice. Its
 * parts, labour and service tax are worked out here, once (creditNoteParts), after what the
 * order's earlier credit notes gave back, and kept.
 */
export async function issueCreditNote(
  tx: Db,
  refund: { id: string; refundNo: string; orderId: string; amountSen: number },
  order: InvoicedOrder,
  now: Date,
): Promise<CreditNoteRow | null> {
  const existing = await creditNoteOfRefund(tx, refund.id);
  if (existing) return existing;
  const invoice = await invoiceOfOrder(tx, refund.orderId);
  if (!invoice) return null;
  const taxed = { labourSen: order.lines.reduce((sum, l) => sum + l.labourSen, 0), serviceTaxSen: order.serviceTaxSen, totalSen: order.totalSen };
  const before = creditedSoFar(await creditNotesOfOrder(tx, refund.orderId), taxed);
  const parts = creditNoteParts(order, refund.amountSen, before);
  const creditNoteNo = await nextNumber(tx, 'credit-note');
  const [row] = await tx
    .insert(creditNotes)
    .values({
      creditNoteNo,
      invoiceNo: invoice.invoiceNo,
      orderId: refund.orderId,
      refundId: refund.id,
      refundNo: refund.refundNo,
      issuedAt: now,
      amountSen: refund.amountSen,
      serviceTaxSen: parts.serviceTaxSen,
      partsSen: parts.partsSen,
      labourSen: parts.labourSen,
      lines: parts.lines,
    })
    .returning();
  return row!;
}

/**
 * What a refund gave back, split into parts, labour and service tax, as its credit note says:
 * the figures kept on the note when it was issued. A note issued before they were kept (or a
 * refund without a note: its order had no invoice) gets them from the same rule, once, now.
 */
export function creditedFigures(note: CreditNoteRow | undefined, order: TaxedOrder, amountSen: number): RefundFigures {
  if (note && note.partsSen !== null && note.labourSen !== null) return { partsSen: note.partsSen, labourSen: note.labourSen, serviceTaxSen: note.serviceTaxSen };
  if (!note) return refundFigures(order, amountSen);
  // The same rule made the tax the note states; the note's own figure is the one kept.
  const { labourSen } = refundFigures(order, note.amountSen);
  return { partsSen: note.amountSen - labourSen - note.serviceTaxSen, labourSen, serviceTaxSen: note.serviceTaxSen };
}

/** The credit note of a refund, if it has one. */
export async function creditNoteOfRefund(db: Db, refundId: string): Promise<CreditNoteRow | undefined> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.refundId, refundId));
  return row;
}

/** The order's credit notes, oldest first. */
export async function creditNotesOfOrder(db: Db, orderId: string): Promise<CreditNoteRow[]> {
  return db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.issuedAt), asc(creditNotes.creditNoteNo));
}

/** The invoices of these orders, by order id. */
export async function invoicesOfOrders(db: Db, orderIds: string[]): Promise<Map<string, InvoiceRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(invoices).where(inArray(invoices.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** The invoices issued from `from` (included) to `to` (excluded), by invoice number. */
export async function invoicesIssuedBetween(db: Db, from: Date, to: Date): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.invoiceNo));
}

/** What these credit notes of one order gave back, added up (their figures as creditedFigures reads them). */
export function creditedSoFar(notes: CreditNoteRow[], order: TaxedOrder): Credited {
  return notes.reduce<Credited>((sum, note) => addCredited(sum, { amountSen: note.amountSen, ...creditedFigures(note, order, note.amountSen) }), NOTHING_CREDITED);
}

/** The credit notes of these orders (completed refunds), by order id, oldest first. */
export async function creditNotesOfOrders(db: Db, orderIds: string[]): Promise<Map<string, CreditNoteRow[]>> {
  const byOrder = new Map<string, CreditNoteRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.creditNoteNo));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import { klInstant, nextMonth } from '../../../contract/rules/kl-calendar.ts';
import type { Db } from '../../db/client.ts';
import { noteAmounts, ordersToConsolidate, type ConsolidatedReceipt } from '../../providers/einvoice/ubl/index.ts';
import type { Credited } from '../invoices/credit-lines.ts';
import { creditedSoFar, creditNotesOfOrders, invoicesIssuedBetween } from '../invoices/service.ts';
import { ordersOfIds, type OrderRow } from '../orders/service.ts';
import { einvoiceDocuments, einvoiceReceipts } from './schema.ts';
import type { EinvoiceRow as EinvoiceDocumentRow } from './service.ts';
import { paidAtOf } from '../payments/ledger.ts';

/**
 * A month's consolidation as the e-invoice tables see it (docs/contracts/after-sale.md §4): which paid orders
 * of the month still wait for an e-invoice, and the month's consolidated documents.
 */

/** A receipt waiting for the month's consolidated e-invoice, with the amounts it kept. */
export interface WaitingReceipt extends ConsolidatedReceipt {
  orderId: string;
  orderNo: string;
}

/** `YYYY-MM` → its first instant and the next month's, Kuala Lumpur time. */
function monthSpan(month: string): { from: Date; to: Date } {
  return { from: klInstant(`${month}-01`), to: klInstant(`${nextMonth(month)}-01`) };
}

/**
 * What the order kept once its completed refunds are taken off: its total, labour and service
 * tax less what its credit notes gave back (so the notes and the consolidated e-invoice add up
 * to the order's invoice, to the sen); null when all of it was refunded.
 */
function keptAmounts(order: OrderRow, credited: Credited, receiptNo: string): ConsolidatedReceipt | null {
  const keptSen = order.totalSen - credited.amountSen;
  if (keptSen <= 0) return null;
  const charged = {
    // A van's visit fee is a service, as the fitting labour is (02, 8 %).
    lines: [
      {
        description: receiptNo,
        quantity: 1,
        unitSen: 0,
        partsSen: order.partsSen,
        labourSen: order.labourSen + order.visitFeeSen,
        serviceTaxSen: order.serviceTaxSen + order.visitFeeTaxSen,
        totalSen: order.partsSen + order.labourSen + order.serviceTaxSen + order.visitFeeSen + order.visitFeeTaxSen,
        classification: '004',
      },
    ],
    deliveryFeeSen: order.deliveryFeeSen,
    discountSen: order.discountSen,
  };
  const labourSen = order.labourSen + order.visitFeeSen - credited.labourSen;
  const serviceTaxSen = order.serviceTaxSen + order.visitFeeTaxSen - credited.serviceTaxSen;
  const kept = noteAmounts(charged, keptSen, receiptNo, { partsSen: keptSen - labourSen - serviceTaxSen, labourSen, serviceTaxSen });
  const line = kept.lines.reduce((s, l) => ({ partsSen: s.partsSen + l.partsSen, labourSen: s.labourSen + l.labourSen, serviceTaxSen: s.serviceTaxSen + l.serviceTaxSen }), { partsSen: 0, labourSen: 0, serviceTaxSen: 0 });
  return { receiptNo, ...line, deliveryFeeSen: kept.deliveryFeeSen ?? 0, discountSen: kept.discountSen ?? 0, totalSen: keptSen };
}

/**
 * The month's paid orders that no e-invoice covers yet, at most RM 10,000 each and not fully
 * refunded, by invoice number: the receipt number a consolidated e-invoice lists is the
 * order's invoice number.
 */
export async function waitingReceipts(db: Db, month: string): Promise<WaitingReceipt[]> {
  const { from, to } = monthSpan(month);
  // An invoice is issued with the payment; a day either side catches a payment recorded late.
  const issued = await invoicesIssuedBetween(db, new Date(from.getTime() - 86_400_000), new Date(to.getTime() + 86_400_000));
  if (issued.length === 0) return [];
  const orderIds = issued.map((i) => i.orderId);
  const orders = new Map((await ordersOfIds(db, orderIds)).map((o) => [o.id, o]));
  const paid = await paidAtOf(db, [...orders.values()]);
  const covered = new Set((await db.select({ orderId: einvoiceReceipts.orderId }).from(einvoiceReceipts).where(inArray(einvoiceReceipts.orderId, orderIds))).map((r) => r.orderId));
  const notes = await creditNotesOfOrders(db, orderIds);
  const candidates = issued.flatMap((invoice) => {
    const order = orders.get(invoice.orderId);
    if (!order) return [];
    return [{ receiptNo: invoice.invoiceNo, paidAt: paid.get(order.id) ?? invoice.issuedAt, totalSen: order.totalSen, ownEinvoice: covered.has(order.id), order }];
  });
  return ordersToConsolidate(candidates, month).included.flatMap(({ order, receiptNo }) => {
    const kept = keptAmounts(order, creditedSoFar(notes.get(order.id) ?? [], order), receiptNo);
    return kept ? [{ ...kept, orderId: order.id, orderNo: order.orderNo }] : [];
  });
}

/** The month's consolidated documents, first batch first. */
export async function consolidatedOfMonth(db: Db, month: string): Promise<EinvoiceDocumentRow[]> {
  return db
    .select()
    .from(einvoiceDocuments)
    .where(and(eq(einvoiceDocuments.type, 'consolidated'), eq(einvoiceDocuments.month, month)))
    .orderBy(asc(einvoiceDocuments.documentNo));
}

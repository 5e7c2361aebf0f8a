/** The e-invoice documents in UBL 2.1 JSON (document version 1.1), ready to be signed. */
export { buildInvoice, buildCreditNote, buildRefundNote } from './invoice.ts';
export { buildConsolidatedInvoice, ordersToConsolidate, needsOwnEinvoice, receiptGroups, consolidationBatches, RECEIPTS_PER_CONSOLIDATION, CONSOLIDATED_CLASSIFICATION } from './consolidation.ts';
export type { ConsolidationCandidate, ConsolidatedReceipt, ConsolidatedInvoiceInput } from './consolidation.ts';
export { einvoiceTypeCodes, type UblDocument, type EinvoiceTypeCode } from './document.ts';
export { documentTotals, type DocumentTotals } from './totals.ts';
export { buyerTin, FOREIGN_BUYER_TIN } from './parties.ts';
export type * from './types.ts';
export { noteAmounts, type ChargedOrder, type NoteAmounts, type TakenBack } from './note-lines.ts';

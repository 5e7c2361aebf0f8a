import { assembleDocument, einvoiceTypeCodes, type UblDocument } from './document.ts';
import { billLinesOf } from './lines.ts';
import type { EinvoiceNoteInput, EinvoiceOrderInput } from './types.ts';

/**
 * A paid order's own e-invoice (type 01), for a buyer who asked for it or for an order above
 * RM 10,000, which is never consolidated.
 */
export function buildInvoice(input: EinvoiceOrderInput): UblDocument {
  return assembleDocument({
    typeCode: einvoiceTypeCodes.invoice,
    header: input,
    buyer: input.buyer,
    lines: input.lines.flatMap((line) => billLinesOf(line, input.seller)),
    deliveryFeeSen: input.deliveryFeeSen,
    discountSen: input.discountSen,
    discountReason: input.discountReason,
    payment: input.payment,
  });
}

function buildNote(typeCode: '02' | '04', input: EinvoiceNoteInput): UblDocument {
  if (!input.original.uuid.trim() || !input.original.documentNo.trim()) throw new RangeError('a note must name the original e-invoice: its UUID and number');
  return assembleDocument({
    typeCode,
    header: input,
    buyer: input.buyer,
    lines: input.lines.flatMap((line) => billLinesOf(line, input.seller)),
    deliveryFeeSen: input.deliveryFeeSen,
    discountSen: input.discountSen,
    discountReason: input.discountReason,
    payment: input.payment,
    original: input.original,
  });
}

/** A credit note (02): the amounts taken back from an e-invoice, naming its UUID and number. */
export function buildCreditNote(input: EinvoiceNoteInput): UblDocument {
  return buildNote(einvoiceTypeCodes['credit-note'], input);
}

/** A refund note (04): money paid back to the buyer against an e-invoice, naming it. */
export function buildRefundNote(input: EinvoiceNoteInput): UblDocument {
  return buildNote(einvoiceTypeCodes['refund-note'], input);
}

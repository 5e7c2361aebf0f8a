import { z } from 'zod';
import { defineCall } from './call.ts';
import { fittedTyreDto } from './order-dto.ts';
import { paths } from './paths.ts';
import { documentStatuses, documentTypes } from './rules/einvoice-rules.ts';
import { fulfilmentMethods } from './rules/order-status.ts';

/**
 * A paid order's tax invoice and its credit notes (docs/contracts/after-sale.md §4), as data: the invoice
 * page shows and prints exactly this. Every figure comes from the order's lines and ledger.
 */

const money = z.number().int();
const orderNo = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9-]+$/, 'field.invalid');

/** An e-invoice document as the customer and the console see it. */
export const einvoiceDocument = z
  .object({
    documentId: z.string(),
    type: z.enum(documentTypes),
    status: z.enum(documentStatuses),
    uuid: z.string().nullable().meta({ description: "LHDN's unique identifier, once submitted." }),
    longId: z.string().nullable().meta({ description: "LHDN's long identifier, once valid." }),
    validationUrl: z.string().nullable().meta({ description: '`{portal}/{uuid}/share/{longId}`: where anyone can check it (and what its QR code holds).' }),
    validatedAt: z.string().nullable().meta({ description: 'ISO 8601.' }),
    errors: z
      .array(z.object({ code: z.string(), message: z.string(), target: z.string().nullable() }))
      .meta({ description: "LHDN's reasons for an invalid document, in words." }),
    refersTo: z.string().nullable().meta({ description: "A note's original document UUID." }),
  })
  .meta({ id: 'EinvoiceDocument' });

export const creditNoteDto = z
  .object({
    creditNoteNo: z.string(),
    invoiceNo: z.string().meta({ description: 'The invoice it corrects.' }),
    issuedAt: z.string().meta({ description: 'ISO 8601: when the refund completed.' }),
    refundNo: z.string(),
    reason: z.string(),
    lines: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number().int(), amountSen: money })),
    serviceTaxSen: money.meta({ description: 'The service tax within the amount returned.' }),
    amountSen: money,
    einvoice: einvoiceDocument.nullable(),
  })
  .meta({ id: 'CreditNote' });

export const invoiceDto = z
  .object({
    invoiceNo: z.string(),
    issuedAt: z.string().meta({ description: 'ISO 8601: the payment that made the order paid.' }),
    orderNo: z.string(),
    seller: z.object({
      legalName: z.string(),
      ssmNo: z.string(),
      sstNo: z.string(),
      tin: z.string(),
      msicCode: z.string(),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
      demo: z.boolean().meta({ description: 'The demo seller of a shop not yet configured: pages say so.' }),
    }),
    buyer: z.object({
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      address: z.string().nullable().meta({ description: 'Mail orders: the delivery address on one line.' }),
    }),
    payment: z.object({
      paidAt: z.string().meta({ description: 'ISO 8601.' }),
      method: z.string().meta({ description: 'How it was paid, in the request language (card, FPX with the bank, e-wallet).' }),
      reference: z.string().meta({ description: "The payment provider's reference." }),
    }),
    method: z.enum(fulfilmentMethods),
    store: z.object({ id: z.string(), name: z.string(), address: z.string() }).nullable(),
    appointment: z.object({ date: z.string(), time: z.string() }).nullable(),
    pickupCode: z.string().nullable(),
    car: z.object({ name: z.string(), plate: z.string() }),
    lines: z.array(
      z.object({
        productId: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        unitSen: money,
        partsSen: money,
        labourSen: money,
        serviceTaxSen: money,
        totalSen: money,
        tyres: z.array(fittedTyreDto).meta({ description: 'Tyres this line fitted, with their date codes, once the installation is completed.' }),
      }),
    ),
    totals: z.object({
      partsSen: money,
      labourSen: money,
      serviceTaxSen: money,
      deliveryFeeSen: money,
      visitFeeSen: money.meta({ description: "Fitting at the customer's place: the visit fee, before its service tax (also a line of the invoice)." }),
      visitFeeTaxSen: money,
      discountSen: money,
      totalSen: money,
      paidSen: money,
      creditedSen: money.meta({ description: 'The sum of its credit notes.' }),
    }),
    serviceTax: z.object({
      ratePercent: z.number().int(),
      taxableSen: money.meta({ description: 'The labour it is charged on.' }),
      amountSen: money,
      sstNo: z.string(),
    }),
    creditNotes: z.array(creditNoteDto),
    einvoice: einvoiceDocument.nullable().meta({ description: "The order's own e-invoice (the buyer's, or one for a sale above RM 10,000); null while it is in the month's consolidated e-invoice." }),
    einvoiceRequest: z
      .object({ allowed: z.boolean(), until: z.string().nullable().meta({ description: 'The last day (YYYY-MM-DD) the buyer may ask: the end of the month of payment.' }) })
      .meta({ description: 'Whether the buyer may still ask for their own e-invoice.' }),
  })
  .meta({ id: 'Invoice' });

export const orderInvoice = defineCall({
  path: paths.orderInvoice,
  summary: "A paid order's tax invoice with its credit notes and e-invoice",
  tag: 'invoices',
  auth: true,
  request: z.strictObject({ orderNo }),
  response: invoiceDto,
  codes: { 807: 'Not the caller’s order, or not paid yet (no invoice).' },
});

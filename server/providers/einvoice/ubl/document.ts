import { CURRENCY, DOCUMENT_VERSION, amount, utcDateTime, value, type UblNode } from './json.ts';
import { invoiceLine, taxCategory, type BillLine } from './lines.ts';
import { customerParty, supplierParty } from './parties.ts';
import { documentTotals } from './totals.ts';
import type { EinvoiceBuyer, EinvoiceHeader, EinvoicePayment, OriginalDocument } from './types.ts';

/** LHDN's e-invoice type codes for the documents the shop issues. */
export const einvoiceTypeCodes = { invoice: '01', 'credit-note': '02', 'refund-note': '04' } as const;
export type EinvoiceTypeCode = (typeof einvoiceTypeCodes)[keyof typeof einvoiceTypeCodes];

/** A UBL 2.1 JSON document as MyInvois takes it: namespaces, then one Invoice. */
export interface UblDocument {
  _D: string;
  _A: string;
  _B: string;
  Invoice: [UblNode];
}

/** LHDN's payment modes: 01 cash, 03 bank transfer (FPX, DuitNow), 04 credit card (05 debit card), 06 e-wallet, 08 others (Atome's pay later). */
const paymentModes: Record<EinvoicePayment['method'], string> = { cash: '01', fpx: '03', card: '04', tng: '06', grabpay: '06', shopeepay: '06', boost: '06', duitnow: '03', atome: '08', other: '08' };
const methodWords: Record<EinvoicePayment['method'], string> = { cash: 'cash', fpx: 'FPX online banking', card: 'card', tng: "Touch 'n Go eWallet", grabpay: 'GrabPay', shopeepay: 'ShopeePay', boost: 'Boost', duitnow: 'DuitNow QR', atome: 'Atome pay later', other: 'other means' };

export interface DocumentParts {
  typeCode: EinvoiceTypeCode;
  header: EinvoiceHeader;
  buyer: EinvoiceBuyer;
  lines: BillLine[];
  deliveryFeeSen?: number;
  discountSen?: number;
  discountReason?: string;
  payment?: EinvoicePayment;
  original?: OriginalDocument;
  /** A consolidation's month, first and last day. */
  period?: { startDate: string; endDate: string };
}

/** The payment mode code of how it was paid: a card known to be debit is 05, any other card 04. */
export function paymentMode(p: Pick<EinvoicePayment, 'method' | 'cardType'>): string {
  return p.method === 'card' && p.cardType === 'debit' ? '05' : paymentModes[p.method];
}

/**
 * How it was paid: the payment mode, words saying so, and, for an invoice paid online before it
 * was issued (a web order), LHDN's PrepaidPayment: the provider's reference, the amount, and
 * the date and time (UTC) it was paid. A note's payment is money going back: no prepayment.
 */
function payment(p: EinvoicePayment, typeCode: EinvoiceTypeCode): UblNode {
  const paid = utcDateTime(p.paidAt);
  const how = p.method === 'card' && p.cardType ? `${p.cardType} card` : methodWords[p.method];
  const words = typeCode === einvoiceTypeCodes.invoice ? `Paid in full by ${how} on ${paid.date}` : `Paid back by ${how} on ${paid.date}`;
  const prepaid = typeCode === einvoiceTypeCodes.invoice && p.reference && p.amountSen !== undefined;
  return {
    PaymentMeans: [{ PaymentMeansCode: value(paymentMode(p)) }],
    PaymentTerms: [{ Note: value(words) }],
    ...(prepaid
      ? { PrepaidPayment: [{ ID: value(p.reference!.slice(0, 150)), PaidAmount: amount(p.amountSen!), PaidDate: value(paid.date), PaidTime: value(paid.time) }] }
      : {}),
  };
}

/** The whole document, its totals adding up to the sen (see totals.ts). */
export function assembleDocument(parts: DocumentParts): UblDocument {
  const totals = documentTotals(parts.lines, parts);
  const { date, time } = utcDateTime(parts.header.issuedAt);
  const allowanceCharges: UblNode[] = [];
  if (totals.allowanceSen > 0) {
    allowanceCharges.push({ ChargeIndicator: value(false), AllowanceChargeReason: value(parts.discountReason ?? 'Discount'), Amount: amount(totals.allowanceSen) });
  }
  if (totals.chargeSen > 0) {
    allowanceCharges.push({ ChargeIndicator: value(true), AllowanceChargeReason: value('Delivery'), Amount: amount(totals.chargeSen) });
  }
  const invoice: UblNode = {
    ID: value(parts.header.documentNo),
    IssueDate: value(date),
    IssueTime: value(time),
    InvoiceTypeCode: value(parts.typeCode, { listVersionID: DOCUMENT_VERSION }),
    DocumentCurrencyCode: value(CURRENCY),
    TaxCurrencyCode: value(CURRENCY),
    ...(parts.period
      ? { InvoicePeriod: [{ StartDate: value(parts.period.startDate), EndDate: value(parts.period.endDate), Description: value('Monthly') }] }
      : {}),
    ...(parts.original
      ? { BillingReference: [{ InvoiceDocumentReference: [{ ID: value(parts.original.documentNo), UUID: value(parts.original.uuid) }] }] }
      : {}),
    AccountingSupplierParty: supplierParty(parts.header.seller),
    AccountingCustomerParty: customerParty(parts.buyer),
    ...(parts.payment ? payment(parts.payment, parts.typeCode) : {}),
    ...(allowanceCharges.length ? { AllowanceCharge: allowanceCharges } : {}),
    TaxTotal: [
      {
        TaxAmount: amount(totals.taxSen),
        TaxSubtotal: totals.byTaxType.map((t) => ({
          TaxableAmount: amount(t.taxableSen),
          TaxAmount: amount(t.taxSen),
          Percent: value(t.percent),
          TaxCategory: taxCategory(t.taxType),
        })),
      },
    ],
    LegalMonetaryTotal: [
      {
        LineExtensionAmount: amount(totals.lineExtensionSen),
        TaxExclusiveAmount: amount(totals.taxExclusiveSen),
        TaxInclusiveAmount: amount(totals.taxInclusiveSen),
        AllowanceTotalAmount: amount(totals.allowanceSen),
        ChargeTotalAmount: amount(totals.chargeSen),
        PayableAmount: amount(totals.payableSen),
      },
    ],
    InvoiceLine: parts.lines.map(invoiceLine),
  };
  return {
    _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
    _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    Invoice: [invoice],
  };
}

import type { BuyerIdType, LhdnState } from '../../../../contract/rules/einvoice-rules.ts';

/**
 * What the e-invoice builders take: plain objects in the shop's own words, money in integer
 * sen, times as instants (the documents carry them in UTC, as MyInvois requires).
 */

/** A Malaysian address as LHDN files it: the state by name, turned into LHDN's code. */
export interface EinvoiceAddress {
  line1: string;
  line2?: string;
  line3?: string;
  postcode: string;
  city: string;
  state: LhdnState;
}

/** The shop as the supplier of every document. */
export interface EinvoiceSeller {
  legalName: string;
  tin: string;
  /** SSM business registration number (BRN). */
  ssmNo: string;
  /** SST registration number, or "NA" for a seller that is not registered. */
  sstNo: string;
  msicCode: string;
  /** LHDN asks for the business activity's words beside the code. */
  msicDescription?: string;
  address: EinvoiceAddress;
  /** E.164, e.g. +60312345678. */
  phone: string;
  email: string;
  /**
   * How the parts (goods) are taxed. Default `not-applicable` (tax type 06): the shop buys its
   * parts with sales tax already paid upstream. `sales-tax` (01) is for a seller registered
   * for sales tax, with the rate it charges.
   */
  partsTax?: { kind: 'not-applicable' } | { kind: 'sales-tax'; percent: number };
}

/** A buyer who asked for their own e-invoice (docs/contracts/after-sale.md §4, app/einvoice/request). */
export interface EinvoiceNamedBuyer {
  type: 'individual' | 'business';
  name: string;
  /** Optional for an individual: LHDN's general TIN stands in (EI00000000010, or …020 for a passport). */
  tin?: string;
  idType: BuyerIdType;
  idValue: string;
  /** A business's SST number; "NA" when it has none. */
  sstNo?: string;
  email?: string;
  phone: string;
  address: EinvoiceAddress;
}

/** The buyer of a consolidated e-invoice: everyone who did not ask for their own. */
export interface EinvoiceGeneralPublic {
  type: 'general-public';
}

export type EinvoiceBuyer = EinvoiceNamedBuyer | EinvoiceGeneralPublic;

/** One line of an order as its invoice itemises it (contract/rules/order-total.ts LineTotal). */
export interface EinvoiceLineInput {
  description: string;
  quantity: number;
  /** Per unit, tax included, as the product page showed it. */
  unitSen: number;
  /** Line totals (quantity × unit): parts, fitting labour, service tax on labour, their sum. */
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
  /** Sales tax on the parts: only for a seller whose `partsTax` is `sales-tax`. */
  salesTaxSen?: number;
  totalSen: number;
  /** LHDN classification code (e.g. 030 repair and maintenance, 022 others). */
  classification: string;
}

/** How the order was paid: LHDN's payment mode code is derived from it. */
export interface EinvoicePayment {
  method: 'fpx' | 'card' | 'tng' | 'grabpay' | 'shopeepay' | 'boost' | 'duitnow' | 'atome' | 'cash' | 'other';
  /** Card: credit (04) or debit (05) when the provider said; 04 when unknown. */
  cardType?: 'credit' | 'debit';
  paidAt: Date;
  /** The provider's reference: an invoice names it as its prepayment (PrepaidPayment ID). */
  reference?: string;
  /** What the payment took, in sen: the prepayment's PaidAmount. */
  amountSen?: number;
}

/** What every document has. */
export interface EinvoiceHeader {
  /** The shop's own number for the document (invoice or credit note number). */
  documentNo: string;
  /** The moment of issue; MyInvois refuses one older than 72 hours or in the future. */
  issuedAt: Date;
  seller: EinvoiceSeller;
}

/** A paid order's own e-invoice (type 01). */
export interface EinvoiceOrderInput extends EinvoiceHeader {
  buyer: EinvoiceNamedBuyer;
  orderNo: string;
  lines: EinvoiceLineInput[];
  deliveryFeeSen?: number;
  /** A coupon's discount: taken off the whole order, after service tax was worked out. */
  discountSen?: number;
  /** Words for the discount line, e.g. "Coupon RAYA10". */
  discountReason?: string;
  payment?: EinvoicePayment;
}

/** The document a credit or refund note corrects: MyInvois' UUID and the shop's number. */
export interface OriginalDocument {
  uuid: string;
  documentNo: string;
}

/** A credit note (02) or refund note (04): the amounts taken back, naming the original. */
export interface EinvoiceNoteInput extends Omit<EinvoiceOrderInput, 'buyer'> {
  buyer: EinvoiceBuyer;
  original: OriginalDocument;
}

import { CONSOLIDATION_LIMIT_SEN, SERVICE_TAX_PERCENT } from '../../../../contract/rules/einvoice-rules.ts';
import { klMonth } from '../../../../contract/rules/kl-calendar.ts';
import { assembleDocument, einvoiceTypeCodes, type UblDocument } from './document.ts';
import { DESCRIPTION_LIMIT, partsTaxOf, type BillLine } from './lines.ts';
import type { EinvoiceHeader } from './types.ts';

/** LHDN's classification for a consolidated e-invoice's lines. */
export const CONSOLIDATED_CLASSIFICATION = '004';

/** A paid order as the month's consolidation sees it. */
export interface ConsolidationCandidate {
  receiptNo: string;
  paidAt: Date;
  totalSen: number;
  /** The buyer asked for their own e-invoice, or one was issued at payment. */
  ownEinvoice: boolean;
}

/** A transaction above RM 10,000 gets its own e-invoice at payment and is never consolidated. */
export function needsOwnEinvoice(totalSen: number): boolean {
  return totalSen > CONSOLIDATION_LIMIT_SEN;
}

/**
 * Which of a month's paid orders go into its consolidated e-invoice: paid in that Kuala Lumpur
 * month, no e-invoice of their own, and not above RM 10,000 (exactly RM 10,000.00 is in).
 * The ones left out are named with why; orders of other months are simply not in either list.
 */
export function ordersToConsolidate<T extends ConsolidationCandidate>(orders: readonly T[], month: string): { included: T[]; leftOut: { order: T; reason: 'above-limit' | 'own-einvoice' }[] } {
  const included: T[] = [];
  const leftOut: { order: T; reason: 'above-limit' | 'own-einvoice' }[] = [];
  for (const order of orders) {
    if (klMonth(order.paidAt) !== month) continue;
    if (order.ownEinvoice) leftOut.push({ order, reason: 'own-einvoice' });
    else if (needsOwnEinvoice(order.totalSen)) leftOut.push({ order, reason: 'above-limit' });
    else included.push(order);
  }
  included.sort((a, b) => a.receiptNo.localeCompare(b.receiptNo));
  return { included, leftOut };
}

/** One receipt's amounts, as its own invoice itemises them. */
export interface ConsolidatedReceipt {
  receiptNo: string;
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
  salesTaxSen?: number;
  deliveryFeeSen?: number;
  discountSen?: number;
  totalSen: number;
}

export interface ConsolidatedInvoiceInput extends EinvoiceHeader {
  /** `YYYY-MM`, the month the receipts were paid in. */
  month: string;
  receipts: ConsolidatedReceipt[];
}

/**
 * At most this many receipts per consolidated document: 1,500 signed come to about 180 KB,
 * under MyInvois' 300 KB a document even once base64-encoded for submission.
 */
export const RECEIPTS_PER_CONSOLIDATION = 1_500;

/** A month's receipts in batches, one consolidated e-invoice each. */
export function consolidationBatches<T>(receipts: readonly T[], size = RECEIPTS_PER_CONSOLIDATION): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < receipts.length; i += size) batches.push(receipts.slice(i, i + size));
  return batches;
}

/** Receipts in groups whose numbers, listed, fit one line's description. */
export function receiptGroups(receipts: readonly ConsolidatedReceipt[]): ConsolidatedReceipt[][] {
  const groups: ConsolidatedReceipt[][] = [];
  let current: ConsolidatedReceipt[] = [];
  for (const receipt of receipts) {
    const next = [...current, receipt];
    if (current.length > 0 && groupWords(next, 'fitting labour').length > DESCRIPTION_LIMIT) {
      groups.push(current);
      current = [receipt];
    } else current = next;
  }
  if (current.length) groups.push(current);
  return groups;
}

function groupWords(group: readonly ConsolidatedReceipt[], what: string): string {
  return `Receipts ${group.map((r) => r.receiptNo).join(', ')} (${what})`;
}

function monthBounds(month: string): { startDate: string; endDate: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`a month is YYYY-MM, not ${month}`);
  const lastDay = new Date(Date.UTC(Number(match[1]), Number(match[2]), 0)).getUTCDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(lastDay).padStart(2, '0')}` };
}

/**
 * The month's consolidated e-invoice (type 01) to "General Public": per group of receipts a
 * parts line and a fitting-labour line (service tax 8 %), classification 004, the receipt
 * numbers in the description; deliveries and coupons summed at the document level.
 */
export function buildConsolidatedInvoice(input: ConsolidatedInvoiceInput): UblDocument {
  if (input.receipts.length === 0) throw new RangeError('a consolidated e-invoice needs at least one receipt');
  const parts = partsTaxOf(input.seller);
  const lines: BillLine[] = [];
  const sum = (group: readonly ConsolidatedReceipt[], pick: (r: ConsolidatedReceipt) => number) => group.reduce((s, r) => s + pick(r), 0);
  for (const r of input.receipts) {
    const own = r.partsSen + r.labourSen + r.serviceTaxSen + (r.salesTaxSen ?? 0) + (r.deliveryFeeSen ?? 0) - (r.discountSen ?? 0);
    if (own !== r.totalSen) throw new RangeError(`receipt ${r.receiptNo}: its amounts add up to ${own} sen, not its total ${r.totalSen}`);
    if (needsOwnEinvoice(r.totalSen)) throw new RangeError(`receipt ${r.receiptNo} is above RM 10,000 and needs its own e-invoice`);
  }
  for (const group of receiptGroups(input.receipts)) {
    const partsSen = sum(group, (r) => r.partsSen);
    const labourSen = sum(group, (r) => r.labourSen);
    const base = { quantity: 1, classification: CONSOLIDATED_CLASSIFICATION };
    if (partsSen > 0 || labourSen === 0) {
      lines.push({ ...base, description: groupWords(group, 'parts'), unitPriceSen: partsSen, subtotalSen: partsSen, ...parts, taxSen: sum(group, (r) => r.salesTaxSen ?? 0) });
    }
    if (labourSen > 0) {
      lines.push({ ...base, description: groupWords(group, 'fitting labour'), unitPriceSen: labourSen, subtotalSen: labourSen, taxType: '02', percent: SERVICE_TAX_PERCENT, taxSen: sum(group, (r) => r.serviceTaxSen) });
    }
  }
  return assembleDocument({
    typeCode: einvoiceTypeCodes.invoice,
    header: input,
    buyer: { type: 'general-public' },
    lines,
    deliveryFeeSen: sum(input.receipts, (r) => r.deliveryFeeSen ?? 0),
    discountSen: sum(input.receipts, (r) => r.discountSen ?? 0),
    discountReason: 'Coupons',
    period: monthBounds(input.month),
  });
}

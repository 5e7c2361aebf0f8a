import type { BillLine, TaxType } from './lines.ts';

/**
 * A document's totals in whole sen, by LHDN's mathematical mapping:
 * net = Σ lines; before tax = net − discount + delivery; with tax = before tax + tax;
 * payable = with tax (the shop rounds nothing: every figure is already whole sen).
 *
 * The shop works out service tax on labour before a coupon and takes the coupon off the
 * whole order, so the discount lowers the amount before tax and the tax stays as charged:
 * the payable amount is exactly what the customer paid.
 */
export interface DocumentTotals {
  lineExtensionSen: number;
  allowanceSen: number;
  chargeSen: number;
  taxExclusiveSen: number;
  taxSen: number;
  taxInclusiveSen: number;
  payableSen: number;
  byTaxType: { taxType: TaxType; percent: number; taxableSen: number; taxSen: number }[];
}

export function documentTotals(lines: readonly BillLine[], extras: { deliveryFeeSen?: number; discountSen?: number } = {}): DocumentTotals {
  const chargeSen = extras.deliveryFeeSen ?? 0;
  const allowanceSen = extras.discountSen ?? 0;
  for (const [v, what] of [[chargeSen, 'deliveryFeeSen'], [allowanceSen, 'discountSen']] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} must be whole sen from 0, not ${v}`);
  }
  if (lines.length === 0) throw new RangeError('a document needs at least one line');
  const byKey = new Map<string, DocumentTotals['byTaxType'][number]>();
  for (const line of lines) {
    const key = `${line.taxType}/${line.percent}`;
    const group = byKey.get(key) ?? { taxType: line.taxType, percent: line.percent, taxableSen: 0, taxSen: 0 };
    group.taxableSen += line.subtotalSen;
    group.taxSen += line.taxSen;
    byKey.set(key, group);
  }
  const lineExtensionSen = lines.reduce((s, l) => s + l.subtotalSen, 0);
  const taxSen = lines.reduce((s, l) => s + l.taxSen, 0);
  const taxExclusiveSen = lineExtensionSen - allowanceSen + chargeSen;
  const taxInclusiveSen = taxExclusiveSen + taxSen;
  if (taxInclusiveSen < 0) throw new RangeError(`the discount ${allowanceSen} sen is more than the document's ${lineExtensionSen + taxSen + chargeSen} sen`);
  return {
    lineExtensionSen,
    allowanceSen,
    chargeSen,
    taxExclusiveSen,
    taxSen,
    taxInclusiveSen,
    payableSen: taxInclusiveSen,
    byTaxType: [...byKey.values()].sort((a, b) => a.taxType.localeCompare(b.taxType)),
  };
}

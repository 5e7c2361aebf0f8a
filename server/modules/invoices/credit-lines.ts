import type { CreditNoteLine } from './schema.ts';

/**
 * What a credit note says was given back: refunds are amounts, not lines, so the amount is
 * shared over the order's lines in proportion to what each cost (largest remainder, so the
 * shares add up to the sen), and its service tax and fitting labour are the order's in the
 * same proportion to the order's total; the rest is parts (delivery and discount included).
 * A refund of everything paid gives back all of the tax and labour. This is the one rule for
 * a refund's tax: computed when the credit note is issued, kept on it, and the e-invoice note
 * of the same refund reads it from there.
 */

export interface InvoicedLine {
  productId: string;
  name: string;
  quantity: number;
  totalSen: number;
  /** The line's fitting labour (all units), before service tax. */
  labourSen: number;
}

export interface InvoicedOrder {
  lines: InvoicedLine[];
  serviceTaxSen: number;
  totalSen: number;
}

/** `amountSen` shared by `weights`, in whole sen that add up to it. */
export function shareOut(amountSen: number, weights: number[]): number[] {
  const whole = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0) return [];
  if (whole <= 0) return weights.map((_, i) => (i === 0 ? amountSen : 0));
  const exact = weights.map((w) => (amountSen * w) / whole);
  const shares = exact.map(Math.floor);
  let left = amountSen - shares.reduce((s, x) => s + x, 0);
  const byRemainder = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** What a refund gives back, split as an invoice itemises it: parts (the rest), labour and its service tax. */
export interface RefundFigures {
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
}

/** The order's labour, service tax and total, as the refund rule reads them. */
export interface TaxedOrder {
  labourSen: number;
  serviceTaxSen: number;
  totalSen: number;
}

/** `amountSen × part / total`, to the sen, never more than `part`. */
const inProportion = (amountSen: number, part: number, total: number) => (total > 0 ? Math.min(part, Math.round((amountSen * part) / total)) : 0);

/**
 * The one rule: a refund's service tax and labour are the order's in the proportion the refund
 * bears to its total, never more than the refund (so its parts, the rest, are never below
 * zero); a refund of exactly the total gives back all of them (its parts may then be below
 * zero: a coupon larger than the parts, and the note repeats the e-invoice's lines).
 */
export function refundFigures(order: TaxedOrder, amountSen: number): RefundFigures {
  if (amountSen === order.totalSen) return { partsSen: amountSen - order.labourSen - order.serviceTaxSen, labourSen: order.labourSen, serviceTaxSen: order.serviceTaxSen };
  const serviceTaxSen = Math.min(amountSen, inProportion(amountSen, order.serviceTaxSen, order.totalSen));
  const labourSen = Math.min(amountSen - serviceTaxSen, inProportion(amountSen, order.labourSen, order.totalSen));
  return { partsSen: amountSen - labourSen - serviceTaxSen, labourSen, serviceTaxSen };
}

export function creditNoteParts(order: InvoicedOrder, amountSen: number): RefundFigures & { lines: CreditNoteLine[] } {
  const shares = shareOut(amountSen, order.lines.map((l) => l.totalSen));
  const lines = order.lines.map((l, i) => ({ productId: l.productId, name: l.name, quantity: l.quantity, amountSen: shares[i]! })).filter((l) => l.amountSen > 0);
  const labourSen = order.lines.reduce((s, l) => s + l.labourSen, 0);
  return { lines, ...refundFigures({ labourSen, serviceTaxSen: order.serviceTaxSen, totalSen: order.totalSen }, amountSen) };
}

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

/** What an order's credit notes gave back so far: their amounts, and the figures they state. */
export interface Credited extends RefundFigures {
  amountSen: number;
}

export const NOTHING_CREDITED: Credited = { amountSen: 0, partsSen: 0, labourSen: 0, serviceTaxSen: 0 };

/** Figures added up (the credit notes of one order). */
export const addCredited = (a: Credited, b: Credited): Credited => ({
  amountSen: a.amountSen + b.amountSen,
  partsSen: a.partsSen + b.partsSen,
  labourSen: a.labourSen + b.labourSen,
  serviceTaxSen: a.serviceTaxSen + b.serviceTaxSen,
});

/**
 * The one rule: a refund's service tax and labour are what the order's refunds so far, this
 * one included, take of the order's tax and labour in the proportion they bear to its total,
 * less what the earlier refunds' credit notes already gave back. So the notes of an order never
 * give back more tax or labour than it charged, however many part refunds it has, and the
 * refund that brings it to its total gives back all that is left (its parts, the rest, may then
 * be below zero: a coupon larger than the parts, and the note repeats the e-invoice's lines).
 * A part refund gives back no more labour and tax than its amount, so its parts are never below
 * zero.
 */
export function refundFigures(order: TaxedOrder, amountSen: number, before: Credited = NOTHING_CREDITED): RefundFigures {
  const after = before.amountSen + amountSen;
  if (after >= order.totalSen) {
    const serviceTaxSen = Math.max(0, order.serviceTaxSen - before.serviceTaxSen);
    const labourSen = Math.max(0, order.labourSen - before.labourSen);
    return { partsSen: amountSen - labourSen - serviceTaxSen, labourSen, serviceTaxSen };
  }
  const clamp = (sen: number, most: number) => Math.max(0, Math.min(most, sen));
  const serviceTaxSen = clamp(inProportion(after, order.serviceTaxSen, order.totalSen) - before.serviceTaxSen, amountSen);
  const labourSen = clamp(inProportion(after, order.labourSen, order.totalSen) - before.labourSen, amountSen - serviceTaxSen);
  return { partsSen: amountSen - labourSen - serviceTaxSen, labourSen, serviceTaxSen };
}

export function creditNoteParts(order: InvoicedOrder, amountSen: number, before: Credited = NOTHING_CREDITED): RefundFigures & { lines: CreditNoteLine[] } {
  const shares = shareOut(amountSen, order.lines.map((l) => l.totalSen));
  const lines = order.lines.map((l, i) => ({ productId: l.productId, name: l.name, quantity: l.quantity, amountSen: shares[i]! })).filter((l) => l.amountSen > 0);
  const labourSen = order.lines.reduce((s, l) => s + l.labourSen, 0);
  return { lines, ...refundFigures({ labourSen, serviceTaxSen: order.serviceTaxSen, totalSen: order.totalSen }, amountSen, before) };
}

import type { CreditNoteLine } from './schema.ts';

/**
 * What a credit note says was given back: refunds are amounts, not lines, so the amount is
 * shared over the order's lines in proportion to what each cost (largest remainder, so the
 * shares add up to the sen), and its service tax is the order's tax in the same proportion
 * to the order's total. A refund of everything paid gives back all of the tax.
 */

export interface InvoicedLine {
  productId: string;
  name: string;
  quantity: number;
  totalSen: number;
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

export function creditNoteParts(order: InvoicedOrder, amountSen: number): { lines: CreditNoteLine[]; serviceTaxSen: number } {
  const shares = shareOut(amountSen, order.lines.map((l) => l.totalSen));
  const lines = order.lines.map((l, i) => ({ productId: l.productId, name: l.name, quantity: l.quantity, amountSen: shares[i]! })).filter((l) => l.amountSen > 0);
  const serviceTaxSen = order.totalSen > 0 ? Math.min(order.serviceTaxSen, amountSen, Math.round((amountSen * order.serviceTaxSen) / order.totalSen)) : 0;
  return { lines, serviceTaxSen };
}

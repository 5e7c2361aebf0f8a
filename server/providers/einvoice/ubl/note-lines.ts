import { SERVICE_TAX_PERCENT } from '../../../../contract/rules/einvoice-rules.ts';
import type { EinvoiceLineInput } from './types.ts';

/** What an e-invoice charged, as its builder took it. */
export interface ChargedOrder {
  lines: EinvoiceLineInput[];
  deliveryFeeSen?: number;
  discountSen?: number;
}

/** A note's amounts: lines, delivery and discount, adding up to the refunded sen. */
export type NoteAmounts = ChargedOrder;

const paidOf = (order: ChargedOrder) => order.lines.reduce((s, l) => s + l.totalSen, 0) + (order.deliveryFeeSen ?? 0) - (order.discountSen ?? 0);

/**
 * The amounts a credit or refund note takes back for `refundedSen`. A full refund repeats the
 * e-invoice's lines, delivery and discount. A part refund (the shop refunds an amount, not
 * items) is split between fitting labour with its service tax and the rest in the shares the
 * order was paid in, so the tax taken back is the tax on the labour taken back.
 */
export function noteAmounts(order: ChargedOrder, refundedSen: number, description: string): NoteAmounts {
  const paidSen = paidOf(order);
  if (!Number.isSafeInteger(refundedSen) || refundedSen < 1 || refundedSen > paidSen) throw new RangeError(`a refund is from 1 sen to the ${paidSen} sen paid, not ${refundedSen}`);
  if (refundedSen === paidSen) return { lines: order.lines, deliveryFeeSen: order.deliveryFeeSen ?? 0, discountSen: order.discountSen ?? 0 };

  const labourSen = order.lines.reduce((s, l) => s + l.labourSen, 0);
  const taxSen = order.lines.reduce((s, l) => s + l.serviceTaxSen, 0);
  const taxedShare = Math.min(refundedSen, Math.round((refundedSen * (labourSen + taxSen)) / paidSen));
  const labourBack = Math.round((taxedShare * 100) / (100 + SERVICE_TAX_PERCENT));
  const taxBack = taxedShare - labourBack;
  const partsBack = refundedSen - taxedShare;
  const classification = order.lines[0]?.classification ?? '022';
  return {
    lines: [{ description, quantity: 1, unitSen: refundedSen, partsSen: partsBack, labourSen: labourBack, serviceTaxSen: taxBack, totalSen: refundedSen, classification }],
    deliveryFeeSen: 0,
    discountSen: 0,
  };
}

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

/** What the refund gave back, split as the invoice itemises it: read from the refund's credit note, never worked out here. */
export interface TakenBack {
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
}

const sum = (lines: EinvoiceLineInput[], pick: (l: EinvoiceLineInput) => number) => lines.reduce((s, l) => s + pick(l), 0);

/**
 * The amounts a credit or refund note takes back for `refundedSen`, split as `takenBack` says
 * (the credit note's parts, labour and service tax, so both documents of a refund state the
 * same tax). A full refund whose split is the e-invoice's own repeats its lines, delivery and
 * discount; anything else (the shop refunds an amount, not items) is one line.
 */
export function noteAmounts(order: ChargedOrder, refundedSen: number, description: string, takenBack: TakenBack): NoteAmounts {
  const paidSen = paidOf(order);
  if (!Number.isSafeInteger(refundedSen) || refundedSen < 1 || refundedSen > paidSen) throw new RangeError(`a refund is from 1 sen to the ${paidSen} sen paid, not ${refundedSen}`);
  const { partsSen, labourSen, serviceTaxSen } = takenBack;
  if (labourSen < 0 || serviceTaxSen < 0 || partsSen + labourSen + serviceTaxSen !== refundedSen) {
    throw new RangeError(`parts ${partsSen}, labour ${labourSen} and tax ${serviceTaxSen} do not add up to the ${refundedSen} sen refunded`);
  }
  const asCharged = labourSen === sum(order.lines, (l) => l.labourSen) && serviceTaxSen === sum(order.lines, (l) => l.serviceTaxSen);
  if (refundedSen === paidSen && asCharged) return { lines: order.lines, deliveryFeeSen: order.deliveryFeeSen ?? 0, discountSen: order.discountSen ?? 0 };
  if (partsSen < 0) throw new RangeError(`a part refund of ${refundedSen} sen cannot give back more labour and tax than it is`);
  const classification = order.lines[0]?.classification ?? '022';
  return {
    lines: [{ description, quantity: 1, unitSen: refundedSen, partsSen, labourSen, serviceTaxSen, totalSen: refundedSen, classification }],
    deliveryFeeSen: 0,
    discountSen: 0,
  };
}

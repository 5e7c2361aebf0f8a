import type { FulfilmentMethod } from './order-status.ts';
import { serviceTax } from './price.ts';

/**
 * An order's total, itemised as the product page itemises one product: parts, labour,
 * service tax on labour, then delivery and discount. Integer sen throughout.
 */

/** One cart line priced per unit for the customer's car (contract/rules/price.ts rules). */
export interface PricedLine {
  partsSen: number;
  /** Fitting labour for one unit on this car's size class. */
  labourSen: number;
  quantity: number;
}

export interface LineTotal {
  quantity: number;
  /** Per unit, as the product page shows it. */
  unitSen: number;
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
  totalSen: number;
}

export interface OrderTotal {
  lines: LineTotal[];
  partsSen: number;
  labourSen: number;
  serviceTaxSen: number;
  /** Parts, labour and tax: what a coupon can take off. */
  goodsSen: number;
  deliveryFeeSen: number;
  /** Fitting at the customer's place: the van's visit fee and its service tax (8 %); 0 otherwise. */
  visitFeeSen: number;
  visitFeeTaxSen: number;
  discountSen: number;
  totalSen: number;
}

export interface OrderTotalInput {
  method: FulfilmentMethod;
  lines: readonly PricedLine[];
  /** Only mailing has one (server/modules/orders/delivery.ts). */
  deliveryFeeSen?: number;
  /** Only fitting at the customer's place has one (content/orders/mobile.json), before its service tax. */
  visitFeeSen?: number;
  /** A coupon's discount; cut to the goods, so a total never goes below the delivery fee. */
  discountSen?: number;
}

function assertSen(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of sen, not ${value}`);
}

/**
 * Labour and its tax are charged only when the workshop fits the goods: a pickup or mailed
 * order pays for the parts alone. Tax is worked out per unit and multiplied, so a line costs
 * exactly its quantity times the unit price the product page showed.
 */
export function lineTotal(line: PricedLine, method: FulfilmentMethod): LineTotal {
  assertSen(line.partsSen, 'partsSen');
  assertSen(line.labourSen, 'labourSen');
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError(`quantity must be a whole number from 1, not ${line.quantity}`);
  const labour = method === 'install' || method === 'mobile' ? line.labourSen : 0;
  const tax = serviceTax(labour);
  const q = line.quantity;
  return {
    quantity: q,
    unitSen: line.partsSen + labour + tax,
    partsSen: line.partsSen * q,
    labourSen: labour * q,
    serviceTaxSen: tax * q,
    totalSen: (line.partsSen + labour + tax) * q,
  };
}

export function orderTotal(input: OrderTotalInput): OrderTotal {
  const deliveryFeeSen = input.deliveryFeeSen ?? 0;
  assertSen(deliveryFeeSen, 'deliveryFeeSen');
  if (deliveryFeeSen > 0 && input.method !== 'mail') throw new RangeError('only a mailed order has a delivery fee');
  const visitFeeSen = input.visitFeeSen ?? 0;
  assertSen(visitFeeSen, 'visitFeeSen');
  if (visitFeeSen > 0 && input.method !== 'mobile') throw new RangeError('only an order fitted at the customer\'s place has a visit fee');
  const visitFeeTaxSen = serviceTax(visitFeeSen);
  const requestedDiscount = input.discountSen ?? 0;
  assertSen(requestedDiscount, 'discountSen');

  const lines = input.lines.map((line) => lineTotal(line, input.method));
  const sum = (pick: (l: LineTotal) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const partsSen = sum((l) => l.partsSen);
  const labourSen = sum((l) => l.labourSen);
  const serviceTaxSen = sum((l) => l.serviceTaxSen);
  const goodsSen = partsSen + labourSen + serviceTaxSen;
  const discountSen = Math.min(requestedDiscount, goodsSen);
  return {
    lines,
    partsSen,
    labourSen,
    serviceTaxSen,
    goodsSen,
    deliveryFeeSen,
    visitFeeSen,
    visitFeeTaxSen,
    discountSen,
    totalSen: goodsSen - discountSen + deliveryFeeSen + visitFeeSen + visitFeeTaxSen,
  };
}

/** Ringgit as written everywhere (rules/money.ts), here for the callers that price orders. */
export { ringgit } from './money.ts';

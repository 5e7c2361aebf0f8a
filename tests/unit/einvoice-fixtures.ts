import { lineTotal } from '../../contract/rules/order-total.ts';
import type { EinvoiceLineInput, EinvoiceSeller } from '../../server/providers/einvoice/ubl/index.ts';

/** A car-care shop in Petaling Jaya, registered for service tax. */
export const seller: EinvoiceSeller = {
  legalName: 'Servauto Sdn. Bhd.',
  tin: 'C25845632020',
  ssmNo: '202001234567',
  sstNo: 'B16-1809-32000012',
  msicCode: '45201',
  address: { line1: 'No. 12, Jalan SS 2/24', line2: 'SS 2', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
  phone: '+60378801234',
  email: 'billing@servauto.my',
};

/** An order line priced the way the shop prices it: per unit, then times the quantity. */
export function orderLine(description: string, partsSen: number, labourSen: number, quantity: number, classification = '030'): EinvoiceLineInput {
  const total = lineTotal({ partsSen, labourSen, quantity }, 'install');
  return { description, classification, ...total };
}

/** The amount of a UBL amount element, back in sen. */
export function sen(node: unknown): number {
  const first = (node as { _: number }[])[0];
  return Math.round(first._ * 100);
}

/**
 * The same shop as the demo signing certificate names it: the demo seller's TIN and BRN
 * (content/seller.json). A document signs for the seller its certificate was issued to.
 */
export const signingSeller: EinvoiceSeller = { ...seller, tin: 'C00000000000', ssmNo: '000000000000 (DEMO-X)' };

import { SERVICE_TAX_PERCENT } from '../../../../contract/rules/einvoice-rules.ts';
import { amount, value, type UblNode } from './json.ts';
import type { EinvoiceLineInput, EinvoiceSeller } from './types.ts';

/** LHDN tax types the shop uses: 01 sales tax, 02 service tax, 06 not applicable. */
export type TaxType = '01' | '02' | '06';

/**
 * One line as the document files it: a single tax type, its price before tax. An order line
 * with both parts and fitting becomes two of these, so each tax type's taxable amount is the
 * sum of its lines, as LHDN's mathematical mapping reads it.
 */
export interface BillLine {
  description: string;
  quantity: number;
  unitPriceSen: number;
  /** quantity × unit price, before tax. */
  subtotalSen: number;
  taxType: TaxType;
  percent: number;
  taxSen: number;
  classification: string;
}

/** LHDN allows 300 characters of description. */
export const DESCRIPTION_LIMIT = 300;

function clip(text: string): string {
  return text.length <= DESCRIPTION_LIMIT ? text : `${text.slice(0, DESCRIPTION_LIMIT - 1)}…`;
}

function assertSen(v: number, what: string) {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${what} must be whole sen from 0, not ${v}`);
}

/** The parts' tax: not applicable (06) unless the seller charges sales tax (01). */
export function partsTaxOf(seller: Pick<EinvoiceSeller, 'partsTax'>): { taxType: TaxType; percent: number } {
  const partsTax = seller.partsTax ?? { kind: 'not-applicable' };
  return partsTax.kind === 'sales-tax' ? { taxType: '01', percent: partsTax.percent } : { taxType: '06', percent: 0 };
}

/** An order's line as one or two bill lines: its parts, and its fitting labour with 8 % service tax. */
export function billLinesOf(line: EinvoiceLineInput, seller: Pick<EinvoiceSeller, 'partsTax'>): BillLine[] {
  const q = line.quantity;
  if (!Number.isSafeInteger(q) || q < 1) throw new RangeError(`quantity must be a whole number from 1, not ${q}`);
  const salesTaxSen = line.salesTaxSen ?? 0;
  for (const [v, what] of [[line.partsSen, 'partsSen'], [line.labourSen, 'labourSen'], [line.serviceTaxSen, 'serviceTaxSen'], [salesTaxSen, 'salesTaxSen'], [line.totalSen, 'totalSen']] as const) assertSen(v, what);
  if (line.partsSen + line.labourSen + line.serviceTaxSen + salesTaxSen !== line.totalSen) {
    throw new RangeError(`"${line.description}": parts ${line.partsSen} + labour ${line.labourSen} + tax ${line.serviceTaxSen + salesTaxSen} is not its total ${line.totalSen}`);
  }
  if (line.partsSen % q !== 0 || line.labourSen % q !== 0) throw new RangeError(`"${line.description}": parts and labour must be ${q} equal units`);
  if (line.labourSen === 0 && line.serviceTaxSen !== 0) throw new RangeError(`"${line.description}": service tax without labour`);
  const parts = partsTaxOf(seller);
  if (parts.taxType !== '01' && salesTaxSen !== 0) throw new RangeError(`"${line.description}": sales tax from a seller that does not charge it`);

  const out: BillLine[] = [];
  if (line.partsSen > 0 || line.labourSen === 0) {
    out.push({
      description: clip(line.labourSen > 0 ? `${line.description} (parts)` : line.description),
      quantity: q,
      unitPriceSen: line.partsSen / q,
      subtotalSen: line.partsSen,
      taxType: parts.taxType,
      percent: parts.percent,
      taxSen: salesTaxSen,
      classification: line.classification,
    });
  }
  if (line.labourSen > 0) {
    out.push({
      description: clip(line.partsSen > 0 ? `${line.description} (fitting labour)` : line.description),
      quantity: q,
      unitPriceSen: line.labourSen / q,
      subtotalSen: line.labourSen,
      taxType: '02',
      percent: SERVICE_TAX_PERCENT,
      taxSen: line.serviceTaxSen,
      classification: line.classification,
    });
  }
  return out;
}

export function taxCategory(taxType: TaxType): [UblNode] {
  return [{ ID: value(taxType), TaxScheme: [{ ID: value('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) }] }];
}

/** cac:InvoiceLine. No line-level discounts: a coupon is taken off the whole document. */
export function invoiceLine(line: BillLine, index: number): UblNode {
  return {
    ID: value(String(index + 1)),
    InvoicedQuantity: value(line.quantity, { unitCode: 'C62' }),
    LineExtensionAmount: amount(line.subtotalSen),
    TaxTotal: [
      {
        TaxAmount: amount(line.taxSen),
        TaxSubtotal: [
          {
            TaxableAmount: amount(line.subtotalSen),
            TaxAmount: amount(line.taxSen),
            Percent: value(line.percent),
            TaxCategory: taxCategory(line.taxType),
          },
        ],
      },
    ],
    Item: [
      {
        CommodityClassification: [{ ItemClassificationCode: value(line.classification, { listID: 'CLASS' }) }],
        Description: value(line.description),
      },
    ],
    Price: [{ PriceAmount: amount(line.unitPriceSen) }],
    ItemPriceExtension: [{ Amount: amount(line.subtotalSen) }],
  };
}

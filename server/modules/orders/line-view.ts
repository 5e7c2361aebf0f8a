import type { Locale } from '../../../contract/rules/language.ts';
import { lineWords } from '../../../contract/rules/line-words.ts';
import { message } from '../../../contract/rules/messages.ts';
import { pick } from '../../i18n/localized.ts';
import type { ProductContent } from '../catalog/content.ts';
import type { OrderLineRow, OrderLineTyreRow } from './service.ts';

/**
 * One line of an order as the customer sees it: what was bought, how many, the choices made,
 * and the chosen engine oil named as the product page names it (the line keeps only its id).
 * An oil that has left the catalogue since is named by its id.
 */
/**
 * A line's product named in the reader's language, as the shop names it today; a product that has
 * left the catalogue keeps the name it had when the order was placed (in the order's language).
 */
export function lineName(line: Pick<OrderLineRow, 'productId' | 'name'>, products: ReadonlyMap<string, ProductContent>, locale: Locale): string {
  const product = products.get(line.productId);
  return product ? pick(product.name, locale) : line.name;
}

/** A fitted tyre's age in words: "less than a month old", "1 month old", "4 months old". */
function ageWords(locale: Locale, months: number): string {
  if (months < 1) return message(locale, 'tyre.ageNew');
  return months === 1 ? message(locale, 'tyre.ageOne') : message(locale, 'tyre.ageMonths', { months });
}

/** A tyre the line fitted, as the order page, the invoice and the garage say it. */
export function fittedTyreView(tyre: Pick<OrderLineTyreRow, 'dot' | 'madeWeek' | 'madeYear' | 'ageMonthsAtFitting'>, locale: Locale) {
  return {
    dot: tyre.dot,
    madeWeek: tyre.madeWeek,
    madeYear: tyre.madeYear,
    ageMonthsAtFitting: tyre.ageMonthsAtFitting,
    words: message(locale, 'tyre.made', { week: tyre.madeWeek, year: tyre.madeYear, age: ageWords(locale, tyre.ageMonthsAtFitting) }),
  };
}

/** Units an order holds for one of its lines (by the line's position), as the stock module tells them. */
export interface ReservedUnits {
  position: number;
  location: string;
  dot: string;
  quantity: number;
}

export function orderLineView(
  line: OrderLineRow,
  products: ReadonlyMap<string, ProductContent>,
  locale: Locale,
  tyres: readonly OrderLineTyreRow[] = [],
  reserved: readonly ReservedUnits[] = [],
) {
  const oilId = line.options.oilId;
  const product = oilId ? products.get(oilId) : undefined;
  const oil = oilId ? { id: oilId, name: product ? pick(product.name, locale) : oilId } : null;
  return {
    lineId: line.id,
    productId: line.productId,
    category: line.category,
    brand: line.brand,
    name: lineName(line, products, locale),
    image: line.image,
    quantity: line.quantity,
    options: line.options,
    optionWords: lineWords(line.options, (key, params) => message(locale, key, params), oil?.name),
    oil,
    unitSen: line.unitSen,
    partsSen: line.partsSen,
    labourSen: line.labourSen,
    serviceTaxSen: line.serviceTaxSen,
    totalSen: line.totalSen,
    tyres: tyres.filter((t) => t.lineId === line.id).map((t) => fittedTyreView(t, locale)),
    reserved: reserved.filter((r) => r.position === line.position).map((r) => ({ location: r.location, ...(r.dot ? { dot: r.dot } : {}), quantity: r.quantity })),
  };
}

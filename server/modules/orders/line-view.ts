import type { Locale } from '../../../contract/rules/language.ts';
import { lineWords } from '../../../contract/rules/line-words.ts';
import { message } from '../../../contract/rules/messages.ts';
import { pick } from '../../i18n/localized.ts';
import type { ProductContent } from '../catalog/content.ts';
import type { OrderLineRow } from './service.ts';

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

export function orderLineView(line: OrderLineRow, products: ReadonlyMap<string, ProductContent>, locale: Locale) {
  const oilId = line.options.oilId;
  const product = oilId ? products.get(oilId) : undefined;
  const oil = oilId ? { id: oilId, name: product ? pick(product.name, locale) : oilId } : null;
  return {
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
  };
}

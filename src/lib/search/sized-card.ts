/** A tyre's card priced for the size the customer searched for, as the product page would price that size. */
import type { ProductCard } from '../../../contract/catalog.ts';
import { savingClaim, serviceTax } from '../../../contract/rules/price.ts';

/**
 * `card` as a list shows it (for the chosen car, or for none), with that size's parts price; the
 * labour stays the card's, which is the car's size class (or the smallest, a "from" price, with no
 * car). A size the chosen car does not take cannot be said to fit it: `notYourSize` says why.
 */
export function cardForSize(card: ProductCard, size: string, partsSen: number, carKnown: boolean, notYourSize: (sizes: string) => string): ProductCard {
  const { labourSen } = card.price;
  const serviceTaxSen = serviceTax(labourSen);
  const price = { ...card.price, partsSen, serviceTaxSen, totalSen: partsSen + labourSen + serviceTaxSen };
  // A saving is claimed only beside the customer's own price, never beside a "from" price.
  const claim = (fromPrice: boolean) => savingClaim({ totalSen: price.totalSen, fromPrice }, card.listPriceSen);
  const sized: ProductCard = { ...card, price, savingPercent: claim(card.fromPrice), tyreSize: size, tyreSizes: [size] };
  if (!carKnown) return sized;
  if (card.fit.status === 'fits' && !card.tyreSizes.includes(size)) {
    return { ...sized, fit: { status: 'noFit', reason: notYourSize(card.tyreSizes.join(', ')) } };
  }
  return { ...sized, fromPrice: false, savingPercent: claim(false) };
}

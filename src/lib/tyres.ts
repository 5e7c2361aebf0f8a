import warranty from '../../content/orders/warranty.json';
import type { CategoryClassName } from '../../contract/rules/categories.ts';

/** Order lines of tyres carry this category (contract/rules/categories.ts, slug auto-tires-service). */
export const TYRE_CATEGORY: CategoryClassName = 'Tires Service';

/**
 * The shop's promise (content/orders/warranty.json, read at build, as the server reads it):
 * tyres fitted are made within this many months. The product pages and the checkout say so.
 */
export const maxTyreAgeMonths: number = warranty.maxTyreAgeMonths;
if (!Number.isInteger(maxTyreAgeMonths) || maxTyreAgeMonths < 1) throw new Error('content/orders/warranty.json: maxTyreAgeMonths must be a whole number of months');

export interface TypedTyre {
  dot: string;
  dotFull: string;
}

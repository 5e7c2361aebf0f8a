import warranty from '../../content/orders/warranty.json';
import type { CategoryClassName } from '../../contract/rules/categories.ts';
import { beyondPromise, readDotDate, readDotFull } from '../../contract/rules/tyre-date.ts';

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

/**
 * Which tyre a refusal of the server is about (its text names it in words only): the first that
 * the server's own checks would refuse, in the order sent (server/flows/console/fitted-tyres.ts),
 * with the field at fault and whether it is only older than the promise (an admin may override
 * that). Null when none would be: the refusal is about the tyres as a whole.
 */
export function refusedTyre(tyres: TypedTyre[], fittedOn: string, overridden: boolean): { index: number; field: 'dot' | 'dotFull'; tooOld: boolean } | null {
  for (const [index, t] of tyres.entries()) {
    const dot = t.dot.trim();
    const read = readDotDate(dot, fittedOn);
    if ('problem' in read) return { index, field: 'dot', tooOld: false };
    if (t.dotFull.trim() && 'problem' in readDotFull(t.dotFull, dot)) return { index, field: 'dotFull', tooOld: false };
    if (!overridden && beyondPromise(read.date, fittedOn, maxTyreAgeMonths)) return { index, field: 'dot', tooOld: true };
  }
  return null;
}

import { findState, type Region } from '../../../contract/rules/postcode.ts';
import type { DeliveryRules } from './content.ts';

export interface DeliveryQuote {
  region: Region;
  feeSen: number;
  /** Goods from which delivery to this region is free; null when it never is. */
  freeFromSen: number | null;
  /** How much more in goods would make delivery free; 0 when it already is or never can be. */
  moreForFreeSen: number;
}

/**
 * The fee for mailing goods worth `goodsSen` (parts, before a coupon) to `state`: West
 * Malaysia pays one rate, Sabah, Sarawak and Labuan another. Null for an unknown state.
 * The threshold counts goods before the coupon, so a coupon never brings a fee back.
 */
export function deliveryFee(rules: DeliveryRules, state: string, goodsSen: number): DeliveryQuote | null {
  const found = findState(state);
  if (!found) return null;
  const { feeSen, freeFromSen } = rules[found.region];
  const free = freeFromSen !== null && goodsSen >= freeFromSen;
  return {
    region: found.region,
    feeSen: free ? 0 : feeSen,
    freeFromSen,
    moreForFreeSen: free || freeFromSen === null || feeSen === 0 ? 0 : freeFromSen - goodsSen,
  };
}

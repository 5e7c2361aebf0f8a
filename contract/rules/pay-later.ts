/**
 * Pay later with Atome (docs/contracts/running-the-business.md §4): the customer pays in three
 * payments, the first at checkout. The shop is paid in full by Curlec; the three payments are
 * between the customer and Atome, and the pages only show them as a promise of the price.
 */

/**
 * The least amount Curlec takes Atome for, RM 10.00: the content's minimum (`atomeMinSen`,
 * content/orders/payments.json) may not be lower, or the shop would offer what Curlec refuses.
 */
export const ATOME_LEAST_SEN = 1000;

/** How many payments Atome splits a bill into. */
export const ATOME_PAYMENTS = 3;

/**
 * The three payments of `totalSen`: equal whole sen, the last taking the remainder, so they add
 * up to the total exactly (RM 973.21 is RM 324.40, RM 324.40 and RM 324.41).
 */
export function atomePayments(totalSen: number): number[] {
  if (!Number.isSafeInteger(totalSen) || totalSen < 0) throw new RangeError(`atomePayments: ${totalSen} is not a whole number of sen`);
  const each = Math.floor(totalSen / ATOME_PAYMENTS);
  return [...Array.from({ length: ATOME_PAYMENTS - 1 }, () => each), totalSen - each * (ATOME_PAYMENTS - 1)];
}

/**
 * Whether Atome takes an amount: only while the provider offers it (`minSen` is null otherwise)
 * and from the content's minimum up.
 */
export function atomeQualifies(totalSen: number, minSen: number | null): boolean {
  return minSen !== null && Number.isSafeInteger(totalSen) && totalSen >= minSen;
}

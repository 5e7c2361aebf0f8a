/**
 * The shapes of UBL 2.1 JSON as MyInvois reads it: every element is an array of objects, the
 * value under "_" and attributes beside it. Amounts are ringgit numbers made from whole sen.
 */

export type UblNode = Record<string, unknown>;

export const CURRENCY = 'MYR';
export const COUNTRY = 'MYS';
export const DOCUMENT_VERSION = '1.1';

/** `[{_: value, ...attributes}]`: one UBL basic element. */
export function value(v: string | number | boolean, attributes: Record<string, string> = {}): [UblNode] {
  return [{ _: v, ...attributes }];
}

/** Ringgit with at most two decimals, from whole sen: 12345 → 123.45 (never a float sum). */
export function ringgitOf(sen: number): number {
  if (!Number.isSafeInteger(sen)) throw new RangeError(`an amount must be whole sen, not ${sen}`);
  return sen / 100;
}

/** An amount element in MYR. */
export function amount(sen: number): [UblNode] {
  return value(ringgitOf(sen), { currencyID: CURRENCY });
}

/** `2026-11-25` and `01:43:56Z`: the date and time of an instant in UTC. */
export function utcDateTime(at: Date): { date: string; time: string } {
  const iso = at.toISOString();
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 19)}Z` };
}

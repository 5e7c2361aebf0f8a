import type { ResponseOf } from '../../../contract/call.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { parseSku } from '../../../contract/rules/stock.ts';
import type { consoleStockPage } from '../../../contract/stock.ts';
import { ApiFailure } from '../../lib/api.ts';
import { dictionary, fill } from '../../i18n/index.ts';

/** The stock screens' shared parts: a row, a place, counts and DOT codes in words. */

export type StockRow = ResponseOf<typeof consoleStockPage>['list'][number];
export interface Place {
  id: string;
  name: string;
}

/** A count as the shop writes it: 1,000 with its comma. */
export const count = (n: number) => n.toLocaleString('en-MY');

/** A DOT date code in words: "3226" → "week 32 of 2026". */
export function batchWords(locale: Locale, dot: string): string {
  if (!/^\d{4}$/.test(dot)) return dot;
  return fill(dictionary(locale).console.stockWeek, { week: Number(dot.slice(0, 2)), year: 2000 + Number(dot.slice(2)) });
}

export const placeNameOf = (places: readonly Place[], id: string) => places.find((p) => p.id === id)?.name ?? id;

/** A tyre's sku names its size: tyres are counted by batch (DOT date code). */
export const isTyreSku = (sku: string) => parseSku(sku)?.tyreSize !== undefined;

/** A refusal's field as the server named it (`data.field`), or '' when it named none. */
export function refusedField(err: unknown): string {
  const field = err instanceof ApiFailure ? (err.data as { field?: unknown } | null)?.field : undefined;
  return typeof field === 'string' ? field : '';
}

import type { ResponseOf } from '../../contract/call.ts';
import { dayWords } from '../../contract/rules/dates.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { LineOptions } from '../../contract/line.ts';
import type { productStock } from '../../contract/stock.ts';
import { fill, type Dictionary } from '../i18n/index.ts';

/**
 * What a customer reads of stock (docs/guide.md, "Stock"): on the product page and by each
 * cart line, whether the chosen workshop has it ("4 in stock at Kepong Tyre & Battery Centre ·
 * made week 32 of 2026"), the first day it can be fitted when it comes from the warehouse, or
 * that it is out of stock (the order page's words for the units an order holds are in
 * reserved-words.ts). Pure: the words come from the page's dictionary, dates as the shop writes
 * them (contract/rules/dates.ts).
 */

export type StockAnswer = ResponseOf<typeof productStock>;
type Words = Dictionary['availability'];


/** One unit the stock read is asked about, and how many of it one unit of the line takes. */
export interface StockAsk {
  tyreSize?: string;
  inches?: number;
  /** Units of this sku the line needs: blades of one length count twice when both front blades have it. */
  quantity: number;
  per: number;
}

/**
 * What a line needs counted: the tyre size, each wiper blade length (driver, passenger, rear),
 * or the product itself. Null while the choice that names the unit is missing (a tyre's size,
 * a wiper's lengths): nothing can be said yet.
 */
export function stockAsks(kind: 'tyre' | 'wiper' | 'other', options: LineOptions | undefined, quantity: number): StockAsk[] | null {
  if (kind === 'tyre') return options?.tyreSize ? [{ tyreSize: options.tyreSize, quantity, per: 1 }] : null;
  if (kind === 'wiper') {
    const wiper = options?.wiper;
    if (!wiper) return null;
    const per = new Map<number, number>();
    for (const inches of [wiper.driverInch, wiper.passengerInch, wiper.rearInch]) if (inches !== undefined) per.set(inches, (per.get(inches) ?? 0) + 1);
    return [...per].map(([inches, n]) => ({ inches, quantity: n * quantity, per: n }));
  }
  return [{ quantity, per: 1 }];
}

/** The kind of unit a line counts, from its choices: a tyre size or wiper lengths name it. */
export const lineKind = (options: LineOptions | undefined): 'tyre' | 'wiper' | 'other' => (options?.tyreSize ? 'tyre' : options?.wiper ? 'wiper' : 'other');

/**
 * Where a line stands:
 * - `store`: the chosen workshop has enough (`count` lines' worth), with the DOT date codes that would be held;
 * - `warehouse`: the warehouse has what the workshop lacks; it can be fitted from `date`;
 * - `noStore`: no workshop chosen: the warehouse's count;
 * - `parcel`: sent by post from the warehouse, which has `count`;
 * - `out`: not enough anywhere.
 */
export type Availability =
  | { kind: 'store'; count: number; dots: string[] }
  | { kind: 'warehouse'; date: string }
  | { kind: 'noStore'; count: number }
  | { kind: 'parcel'; count: number }
  | { kind: 'out' };

/** Whole lines a count makes: 5 blades of a length two of which each set takes make 2 sets. */
const lines = (available: number, per: number) => Math.floor(Math.max(0, available) / per);

/**
 * The answers of the stock read, one per ask, as one availability: every unit of the line must be
 * there for it to be "in stock"; the latest first date of them all is the line's.
 */
export function availabilityOf(answers: readonly { ask: StockAsk; answer: StockAnswer }[], place: 'store' | 'parcel'): Availability {
  if (answers.length === 0) return { kind: 'out' };
  const least = (count: (a: { ask: StockAsk; answer: StockAnswer }) => number) => Math.min(...answers.map(count));
  const warehouse = least(({ ask, answer }) => lines(answer.warehouse.available, ask.per));
  const enough = answers.every(({ ask, answer }) => answer.warehouse.available >= ask.quantity);
  if (place === 'parcel') return enough ? { kind: 'parcel', count: warehouse } : { kind: 'out' };
  if (answers.some(({ answer }) => answer.atStore === null)) return enough ? { kind: 'noStore', count: warehouse } : { kind: 'out' };
  if (answers.every(({ ask, answer }) => answer.atStore!.available >= ask.quantity)) {
    const dots = [...new Set(answers.flatMap(({ answer }) => answer.atStore!.dots.map((d) => d.dot)).filter(Boolean))];
    return { kind: 'store', count: least(({ ask, answer }) => lines(answer.atStore!.available, ask.per)), dots };
  }
  const dates = answers.map(({ answer }) => answer.earliestDate);
  if (dates.some((d) => d === null)) return { kind: 'out' };
  return { kind: 'warehouse', date: (dates as string[]).sort().at(-1)! };
}

/**
 * "week 32 of 2026" for each DOT date code, joined. As reserved-words.ts says it: not imported from
 * there, so the order page's code stays in its own chunk rather than one shared with these pages.
 */
const weeksWords = (dots: readonly string[], words: Words) =>
  dots
    .filter((dot) => /^\d{4}$/.test(dot))
    .map((dot) => fill(words.week, { week: Number(dot.slice(0, 2)), year: 2000 + Number(dot.slice(2)) }))
    .join(words.weeksJoin);

/** The line in words, e.g. "4 in stock at Kepong Tyre & Battery Centre · made week 32 of 2026", "From Wed, 16 Dec: comes from our warehouse". */
export function availabilityWords(a: Availability, words: Words, locale: Locale, workshop: string): string {
  switch (a.kind) {
    case 'store': {
      const stock = fill(words.inStock, { count: a.count, workshop });
      const weeks = weeksWords(a.dots, words);
      return weeks ? fill(words.made, { stock, weeks }) : stock;
    }
    case 'warehouse':
      return fill(words.fromWarehouse, { date: dayWords(a.date, locale) });
    case 'noStore':
      return fill(words.noWorkshop, { count: a.count });
    case 'parcel':
      return fill(words.atWarehouse, { count: a.count });
    case 'out':
      return words.outOfStock;
  }
}

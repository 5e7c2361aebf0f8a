import { fill, type Dictionary } from '../i18n/index.ts';

/**
 * The units an order holds for a line, in words (docs/guide.md, "Stock"), and the weeks a tyre's
 * DOT date codes name. Apart from stock-words.ts, so the order page carries only these.
 */

type Words = Dictionary['availability'];

/** The warehouse's location (contract/rules/stock.ts WAREHOUSE; that module would bring its CSV reader into pages). */
const WAREHOUSE = 'warehouse';

/** "week 32 of 2026" for the DOT date code "3226"; several joined: "week 20 of 2026, week 32 of 2026". */
export function weeksWords(dots: readonly string[], words: Pick<Words, 'week' | 'weeksJoin'>): string {
  return dots
    .filter((dot) => /^\d{4}$/.test(dot))
    .map((dot) => fill(words.week, { week: Number(dot.slice(0, 2)), year: 2000 + Number(dot.slice(2)) }))
    .join(words.weeksJoin);
}

/** The units an order holds for a line, one sentence per place and batch: "Reserved: 4 made week 32 of 2026". */
export function reservedWords(reserved: readonly { location: string; dot?: string; quantity: number }[], words: Words): string[] {
  return reserved.map((r) => {
    const weeks = r.dot ? weeksWords([r.dot], words) : '';
    const fromWarehouse = r.location === WAREHOUSE;
    const text = weeks ? (fromWarehouse ? words.reservedWarehouseMade : words.reservedMade) : fromWarehouse ? words.reservedWarehouse : words.reserved;
    return fill(text, { count: r.quantity, weeks });
  });
}

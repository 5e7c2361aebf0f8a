import { addDays, weekdayOf } from './kl-calendar.ts';
import { TYRE_SIZE } from './line-rules.ts';
import type { MessageKey } from './messages.ts';
import { beyondPromise, readDotDate } from './tyre-date.ts';

/**
 * Stock (docs/contracts/running-the-business.md §1). What is on every shelf is counted per `sku` and place:
 * the product, one tyre size of a tyre (`productId@185/55R15`), one blade length of a wiper
 * (`productId@24in`). Tyres are counted in batches by their DOT date code; everything else has
 * the one batch `''`. Pure: the caller passes the catalogue's facts and the KL date.
 */

/** The one warehouse; every workshop is its storeId. */
export const WAREHOUSE = 'warehouse';
/** What one receipt or transfer may move, and the most a count may say. */
export const STOCK_QUANTITY_MAX = 500;
export const STOCK_ON_HAND_MAX = 100_000;
/** The most lines one import takes (its header aside). */
export const STOCK_IMPORT_LINES_MAX = 10_000;
export const STOCK_CSV_HEADER = 'sku,location,quantity,dot';
export const STOCK_REASON_MAX = 200;

export const stockMovementKinds = ['receipt', 'adjustment', 'transfer', 'reservation', 'release', 'sale'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

/** The catalogue's facts about a product that stock needs. */
export interface StockedProduct {
  id: string;
  fit: { kind: string; sizes?: Record<string, number>; lengths?: number[] };
  stocked?: false;
}

export interface Sku {
  productId: string;
  tyreSize?: string;
  inches?: number;
}

const SKU = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:@(.+))?$/;
const INCHES = /^(\d{1,2})in$/;

/** The sku's parts, or null when it is not shaped as one. */
export function parseSku(sku: string): Sku | null {
  const m = SKU.exec(sku);
  if (!m) return null;
  const [, productId, tail] = m as unknown as [string, string, string | undefined];
  if (tail === undefined) return { productId };
  const inches = INCHES.exec(tail);
  if (inches) return { productId, inches: Number(inches[1]) };
  if (TYRE_SIZE.test(tail)) return { productId, tyreSize: tail };
  return null;
}

export function skuOf(productId: string, choice: { tyreSize?: string; inches?: number } = {}): string {
  if (choice.tyreSize) return `${productId}@${choice.tyreSize}`;
  if (choice.inches !== undefined) return `${productId}@${choice.inches}in`;
  return productId;
}

/** Every sku the shop stocks of a product: each tyre size, each blade length, or the product; none when not stocked. */
export function skusOf(product: StockedProduct): string[] {
  if (product.stocked === false) return [];
  if (product.fit.kind === 'tyre') return Object.keys(product.fit.sizes ?? {}).map((tyreSize) => skuOf(product.id, { tyreSize }));
  if (product.fit.kind === 'wiper') return (product.fit.lengths ?? []).map((inches) => skuOf(product.id, { inches }));
  return [product.id];
}

export function isTyre(product: StockedProduct): boolean {
  return product.fit.kind === 'tyre';
}

/** The product a sku counts, when it is one the shop stocks (a size or length it is made in); else null. */
export function stockedProductOf<P extends StockedProduct>(sku: string, byId: ReadonlyMap<string, P>): P | null {
  const parts = parseSku(sku);
  if (!parts) return null;
  const product = byId.get(parts.productId);
  if (!product) return null;
  return skusOf(product).includes(sku) ? product : null;
}

export type BatchProblem = { key: MessageKey; params?: Record<string, string | number> };

/**
 * The batch a unit is counted in: a tyre's DOT date code (required: four digits, a week its year
 * has, not in the future on `today`), `''` for everything else (a DOT code is refused).
 */
export function batchOf(product: StockedProduct, dot: string | undefined, today: string): { dot: string } | { problem: BatchProblem } {
  const given = dot?.trim() ?? '';
  if (!isTyre(product)) return given ? { problem: { key: 'stock.dotNotTyre' } } : { dot: '' };
  if (!given) return { problem: { key: 'stock.dotNeeded' } };
  const read = readDotDate(given, today);
  if ('problem' in read) {
    if (read.problem === 'tyre.dotWeek') return { problem: { key: 'stock.dotWeek', params: { ...read.params! } } };
    if (read.problem === 'tyre.dotFuture') return { problem: { key: 'stock.dotFuture' } };
    return { problem: { key: 'stock.dotFormat' } };
  }
  return { dot: given };
}

/** A batch older than the promise on `today` (maxTyreAgeMonths): never sold, listed as aged. */
export function isAged(dot: string, today: string, maxTyreAgeMonths: number): boolean {
  if (!dot) return false;
  const read = readDotDate(dot, today);
  return 'date' in read && beyondPromise(read.date, today, maxTyreAgeMonths);
}

/** Batches oldest first: by the Monday their week began ('' first, alone anyway). */
export function oldestFirst<B extends { dot: string }>(batches: readonly B[], today: string): B[] {
  const madeOn = (dot: string) => {
    if (!dot) return '';
    const read = readDotDate(dot, today);
    return 'date' in read ? read.date.madeOn : dot;
  };
  return [...batches].sort((a, b) => madeOn(a.dot).localeCompare(madeOn(b.dot)) || a.dot.localeCompare(b.dot));
}

/** The count under which a row is low: 4 for tyres (a set), 2 otherwise, as content sets. */
export function lowAtOf(product: StockedProduct, lowAt: { tyre: number; other: number }): number {
  return isTyre(product) ? lowAt.tyre : lowAt.other;
}

export interface CsvLine {
  line: number;
  sku: string;
  location: string;
  quantity: number;
  dot: string;
}

export interface CsvRefusal {
  line: number;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * Reads an import's text (`sku,location,quantity,dot`, a header first; a UTF-8 byte order mark
 * and Windows line ends are accepted): its lines, and each line refused for its shape (columns,
 * quantity 1–500, a line given twice). Blank lines are skipped; line numbers count every line,
 * the header being line 1. What the lines name is checked by the caller.
 */
export function readStockCsv(text: string): { lines: CsvLine[]; refused: CsvRefusal[] } {
  const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (all[0] ?? '').trim().toLowerCase().replace(/\s*,\s*/g, ',');
  if (header !== STOCK_CSV_HEADER) return { lines: [], refused: [{ line: 1, key: 'stock.csvHeader', params: { header: STOCK_CSV_HEADER } }] };
  const body = all.slice(1).map((raw, i) => ({ raw: raw.trim(), line: i + 2 })).filter((l) => l.raw !== '');
  if (body.length === 0) return { lines: [], refused: [{ line: 1, key: 'stock.csvEmpty' }] };
  if (body.length > STOCK_IMPORT_LINES_MAX) return { lines: [], refused: [{ line: STOCK_IMPORT_LINES_MAX + 2, key: 'stock.csvTooMany', params: { max: STOCK_IMPORT_LINES_MAX } }] };
  const lines: CsvLine[] = [];
  const refused: CsvRefusal[] = [];
  const seen = new Map<string, number>();
  for (const { raw, line } of body) {
    const cells = raw.split(',').map((c) => c.trim());
    if (cells.length !== 4) {
      refused.push({ line, key: 'stock.csvColumns', params: { header: STOCK_CSV_HEADER } });
      continue;
    }
    const [sku, location, quantityText, dot] = cells as [string, string, string, string];
    if (!/^\d{1,3}$/.test(quantityText) || Number(quantityText) < 1 || Number(quantityText) > STOCK_QUANTITY_MAX) {
      refused.push({ line, key: 'stock.quantity', params: { max: STOCK_QUANTITY_MAX } });
      continue;
    }
    const key = `${sku}|${location}|${dot}`;
    const first = seen.get(key);
    if (first !== undefined) {
      refused.push({ line, key: 'stock.csvDuplicate', params: { first } });
      continue;
    }
    seen.set(key, line);
    lines.push({ line, sku, location, quantity: Number(quantityText), dot });
  }
  return { lines, refused };
}

/** The DOT date code of the ISO week holding `date` (YYYY-MM-DD): "WWYY". */
export function dotOfDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const isoWeekday = (day.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(day.getTime() + (3 - isoWeekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${String(week).padStart(2, '0')}${String(year % 100).padStart(2, '0')}`;
}

/** One sku a line of an order takes, and how many. */
export interface LineUnits {
  sku: string;
  quantity: number;
}

/**
 * The stocked units a line takes (docs/guide.md, Stock): a tyre of its size, each blade of a
 * wiper set (driver, passenger, rear), the product itself; none for what is not stocked (labour,
 * tint films, a service package with its engine oil).
 */
export function lineUnitsOf(
  product: StockedProduct,
  options: { tyreSize?: string; wiper?: { driverInch: number; passengerInch: number; rearInch?: number } },
  quantity: number,
): LineUnits[] {
  if (product.stocked === false) return [];
  if (product.fit.kind === 'tyre') return [{ sku: skuOf(product.id, { tyreSize: options.tyreSize }), quantity }];
  if (product.fit.kind === 'wiper' && options.wiper) {
    const { driverInch, passengerInch, rearInch } = options.wiper;
    const units = new Map<string, number>();
    for (const inches of [driverInch, passengerInch, ...(rearInch !== undefined ? [rearInch] : [])]) {
      const sku = skuOf(product.id, { inches });
      units.set(sku, (units.get(sku) ?? 0) + quantity);
    }
    return [...units].map(([sku, n]) => ({ sku, quantity: n }));
  }
  return [{ sku: product.id, quantity }];
}

/**
 * The first date an installation can be booked when a unit comes from the warehouse: dates
 * before `today` + the first booking day + `transferDays` are not offered; a Sunday is skipped
 * as the booking dates skip it.
 */
export function transferDate(today: string, firstBookingDay: number, transferDays: number): string {
  let date = addDays(today, firstBookingDay + transferDays);
  if (weekdayOf(date) === 'sun') date = addDays(date, 1);
  return date;
}

/** The first booking date (a Sunday skipped), the date offered first when the workshop has the units. */
export function firstBookingDate(today: string, firstBookingDay: number): string {
  return transferDate(today, firstBookingDay, 0);
}

import { Code } from '../../contract/codes.ts';
import { STOCK_ATTENTION_MAX, STOCK_PRODUCTS_MAX } from '../../contract/stock.ts';
import { FIRST_BOOKING_DAY, klDate } from '../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import {
  batchOf,
  firstBookingDate,
  isAged,
  isTyre,
  lineUnitsOf,
  lowAtOf,
  oldestFirst,
  parseSku,
  readStockCsv,
  skuOf,
  skusOf,
  stockedProductOf,
  transferDate,
  WAREHOUSE,
  type StockedProduct,
} from '../../contract/rules/stock.ts';
import type { Db } from '../db/client.ts';
import { audit } from '../modules/audit/service.ts';
import { DomainError } from '../modules/errors.ts';
import { requireAdmin } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import {
  addUnits,
  heldUnits,
  levelsAt,
  levelsOf,
  loadStockRules,
  moveUnits,
  movementsOf,
  reserveUnits,
  setCount,
  type ReserveResult,
  type StockLevelRow,
  type UnitsWanted,
} from '../modules/stock/service.ts';
import { skuLevels, stockRulesNow } from '../modules/stock/memory.ts';
import type { LineOptions } from '../../contract/line.ts';
import type { ShopContext } from './context.ts';

/** Stock (docs/contracts/running-the-business.md §1): the public read and the console's calls, each write audited. */

type Product = StockedProduct & { name: Record<Locale, string> };

const today = (ctx: ShopContext) => klDate(ctx.now());
const maxMonths = (ctx: Pick<ShopContext, 'indexes'>) => ctx.indexes.orderRules.warranty.maxTyreAgeMonths;
const products = (ctx: Pick<ShopContext, 'indexes'>) => ctx.indexes.catalog.byId as unknown as ReadonlyMap<string, Product>;

function productOf(ctx: ShopContext, sku: string, field = 'sku'): Product {
  const product = stockedProductOf(sku, products(ctx));
  if (!product) throw new DomainError(Code.BAD_REQUEST, 'stock.unknownSku', { sku }, { field });
  return product;
}

function checkLocation(ctx: ShopContext, location: string, field: string) {
  if (location !== WAREHOUSE && !ctx.indexes.workshops.some((w) => w.id === location)) {
    throw new DomainError(Code.BAD_REQUEST, 'stock.unknownLocation', { location }, { field });
  }
}

function batch(ctx: ShopContext, product: Product, dot: string | undefined): string {
  const read = batchOf(product, dot, today(ctx));
  if ('problem' in read) throw new DomainError(Code.BAD_REQUEST, read.problem.key, read.problem.params, { field: 'dot' });
  return read.dot;
}

/** Workshop staff manage their own workshop's stock only (not the warehouse's); an admin any place's. */
function requireStoreAccess(who: StaffRow, location: string) {
  if (who.role !== 'admin' && location !== who.storeId) throw new DomainError(Code.FORBIDDEN, 'stock.otherStore');
}

/** A place that exists and that this staff member may manage. */
function ownPlace(ctx: ShopContext, who: StaffRow, location: string) {
  checkLocation(ctx, location, 'location');
  requireStoreAccess(who, location);
}

const free = (r: StockLevelRow) => r.onHand - r.reserved;

/** A sku named as the shop names it: the product, then its tyre size or blade length ("Michelin Energy XM2+ 185/55R15"). */
function skuName(product: Product, sku: string, locale: Locale): string {
  const parts = parseSku(sku)!;
  const size = parts.tyreSize ?? (parts.inches !== undefined ? `${parts.inches}"` : '');
  return [product.name[locale], size].filter(Boolean).join(' ');
}

/** A place's sku, its batches summed: aged batches count on hand but are never available. */
function rowOf(ctx: ShopContext, product: Product, location: string, sku: string, batches: StockLevelRow[], lowAt: { tyre: number; other: number }, locale: Locale) {
  const day = today(ctx);
  const listed = oldestFirst(batches, day).map((b) => ({ dot: b.dot, onHand: b.onHand, reserved: b.reserved, aged: isAged(b.dot, day, maxMonths(ctx)) }));
  return {
    sku,
    name: skuName(product, sku, locale),
    location,
    onHand: listed.reduce((n, b) => n + b.onHand, 0),
    reserved: listed.reduce((n, b) => n + b.reserved, 0),
    available: listed.filter((b) => !b.aged).reduce((n, b) => n + b.onHand - b.reserved, 0),
    lowAt: lowAtOf(product, lowAt),
    batches: listed,
  };
}

async function rowAt(ctx: ShopContext, db: Db, location: string, sku: string, locale: Locale) {
  const product = productOf(ctx, sku);
  return rowOf(ctx, product, location, sku, await levelsOf(db, [sku], [location]), (await loadStockRules(db)).lowAt, locale);
}

/** app/order/vehicle/product/stock: free units at the workshop (the batches a reservation would take now) and the warehouse. */
export async function productStock(ctx: ShopContext, input: { productId: string; tyreSize?: string; inches?: number; storeId?: string; quantity: number }) {
  const sku = skuOf(input.productId, input);
  const product = stockedProductOf(sku, products(ctx));
  if (!product) throw new DomainError(Code.NOT_FOUND, 'stock.unknownSku', { sku }, { field: 'productId' });
  if (input.storeId && !ctx.indexes.workshops.some((w) => w.id === input.storeId)) throw new DomainError(Code.NOT_FOUND, 'store.unknown', {}, { field: 'storeId' });
  const day = today(ctx);
  // From memory on PGlite (told of every change); one read each on PostgreSQL.
  const rules = await stockRulesNow(ctx.db);
  const levels = await skuLevels(ctx.db, sku, [WAREHOUSE, ...(input.storeId ? [input.storeId] : [])]);
  const sellable = (location: string) => oldestFirst(levels.filter((l) => l.location === location && free(l) > 0 && !isAged(l.dot, day, maxMonths(ctx))), day);
  const warehouse = sellable(WAREHOUSE).reduce((n, l) => n + free(l), 0);
  let atStore = null;
  if (input.storeId) {
    const batches = sellable(input.storeId);
    const dots: { dot: string; available: number }[] = [];
    let wanted = input.quantity;
    for (const b of batches) {
      if (wanted <= 0) break;
      if (isTyre(product)) dots.push({ dot: b.dot, available: free(b) });
      wanted -= free(b);
    }
    atStore = { storeId: input.storeId, available: batches.reduce((n, l) => n + free(l), 0), dots };
  }
  // The dates store/slots offers: from the first booking date, or the transfer's when the units come from the warehouse.
  const earliestDate =
    atStore && atStore.available >= input.quantity ? firstBookingDate(day, FIRST_BOOKING_DAY) : warehouse >= input.quantity ? transferDate(day, FIRST_BOOKING_DAY, rules.transferDays) : null;
  return { sku, atStore, warehouse: { available: warehouse }, earliestDate };
}

/** Every row at a place (every place when none), its batches summed, in place then sku order. */
async function rowsAt(ctx: ShopContext, location: string | undefined, locale: Locale) {
  const rules = await loadStockRules(ctx.db);
  const groups = new Map<string, StockLevelRow[]>();
  for (const level of await levelsAt(ctx.db, { location })) {
    const key = `${level.location}|${level.sku}`;
    groups.set(key, [...(groups.get(key) ?? []), level]);
  }
  const rows = [];
  for (const batches of groups.values()) {
    const product = stockedProductOf(batches[0]!.sku, products(ctx));
    if (product) rows.push(rowOf(ctx, product, batches[0]!.location, batches[0]!.sku, batches, rules.lowAt, locale));
  }
  return rows;
}

/** The place a call is about: the one asked for (checked), else workshop staff's own, else every place (admins). */
function placeOf(ctx: ShopContext, who: StaffRow, asked: string | undefined) {
  const location = asked ?? (who.role === 'workshop' ? who.storeId! : undefined);
  if (location) ownPlace(ctx, who, location);
  return location;
}

export async function stockPage(
  ctx: ShopContext,
  who: StaffRow,
  input: { location?: string; q?: string; low?: boolean; aged?: boolean; pageNum: number; pageSize: number },
  locale: Locale,
) {
  const location = placeOf(ctx, who, input.location);
  // A search matches the sku or the name the staff member reads.
  const words = (input.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const rows = (await rowsAt(ctx, location, locale)).filter(
    (row) =>
      words.every((w) => row.sku.toLowerCase().includes(w) || row.name.toLowerCase().includes(w)) &&
      !(input.low && row.available > row.lowAt) &&
      !(input.aged && !row.batches.some((b) => b.aged)),
  );
  const start = (input.pageNum - 1) * input.pageSize;
  return { list: rows.slice(start, start + input.pageSize), total: rows.length, pageNum: input.pageNum, pageSize: input.pageSize };
}

/**
 * console/stock/attention: rows at or under their low count (fewest available first) and aged
 * batches still on a shelf (oldest first), at workshop staff's own workshop or, for admins, every
 * place; each list capped, with its total.
 */
export async function stockAttention(ctx: ShopContext, who: StaffRow, locale: Locale) {
  const rows = await rowsAt(ctx, placeOf(ctx, who, undefined), locale);
  const low = rows.filter((r) => r.available <= r.lowAt).sort((a, b) => a.available - b.available);
  const aged = oldestFirst(
    rows.flatMap((r) => r.batches.filter((b) => b.aged && b.onHand > 0).map((b) => ({ sku: r.sku, name: r.name, location: r.location, dot: b.dot, onHand: b.onHand }))),
    today(ctx),
  );
  return {
    low: low.slice(0, STOCK_ATTENTION_MAX).map((r) => ({ sku: r.sku, name: r.name, location: r.location, available: r.available, lowAt: r.lowAt })),
    lowTotal: low.length,
    aged: aged.slice(0, STOCK_ATTENTION_MAX),
    agedTotal: aged.length,
  };
}

/**
 * console/stock/products: the stocked products whose name in the caller's language (or id) holds
 * every word searched, by name, each with its skus, so staff can receive a size their place has
 * never held (docs/guide.md, Stock).
 */
export function stockProducts(ctx: ShopContext, input: { q?: string }, locale: Locale) {
  const words = (input.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return [...products(ctx).values()]
    .map((product) => ({ product, skus: skusOf(product) }))
    .filter(({ product, skus }) => skus.length > 0 && words.every((w) => product.name[locale].toLowerCase().includes(w) || product.id.includes(w)))
    .sort((a, b) => a.product.name[locale].localeCompare(b.product.name[locale], locale))
    .slice(0, STOCK_PRODUCTS_MAX)
    .map(({ product, skus }) => ({
      productId: product.id,
      name: product.name[locale],
      tyre: isTyre(product),
      skus: skus.map((sku) => ({ sku, size: skuName(product, sku, locale).slice(product.name[locale].length).trim() })),
    }));
}

export async function receiveStock(ctx: ShopContext, who: StaffRow, input: { location: string; sku: string; quantity: number; dot?: string; note?: string }, locale: Locale) {
  ownPlace(ctx, who, input.location);
  const dot = batch(ctx, productOf(ctx, input.sku), input.dot);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const after = await addUnits(tx, { location: input.location, sku: input.sku, dot }, input.quantity, { by: who.phone, note: input.note ?? '' }, now);
    await audit(tx, { staff: who, action: 'stock.receive', storeId: input.location, details: { sku: input.sku, dot, quantity: input.quantity, onHandBefore: after.onHand - input.quantity, onHandAfter: after.onHand } }, now);
    return rowAt(ctx, tx, input.location, input.sku, locale);
  });
}

export async function adjustStock(ctx: ShopContext, who: StaffRow, input: { location: string; sku: string; dot?: string; onHand: number; reason: string }, locale: Locale) {
  ownPlace(ctx, who, input.location);
  // A count of an old batch is still a count: only the shape of its code is checked here.
  const dot = batch(ctx, productOf(ctx, input.sku), input.dot);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { before, after } = await setCount(tx, { location: input.location, sku: input.sku, dot }, input.onHand, { by: who.phone, note: input.reason }, now);
    await audit(tx, { staff: who, action: 'stock.adjust', storeId: input.location, details: { sku: input.sku, dot, reason: input.reason, onHandBefore: before.onHand, onHandAfter: after.onHand } }, now);
    return rowAt(ctx, tx, input.location, input.sku, locale);
  });
}

export async function transferStock(ctx: ShopContext, who: StaffRow, input: { from: string; to: string; sku: string; dot?: string; quantity: number }, locale: Locale) {
  requireAdmin(who);
  checkLocation(ctx, input.from, 'from');
  checkLocation(ctx, input.to, 'to');
  if (input.from === input.to) throw new DomainError(Code.BAD_REQUEST, 'stock.sameLocation', {}, { field: 'to' });
  const product = productOf(ctx, input.sku);
  const dot = batch(ctx, product, input.dot);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const moved = await moveUnits(tx, { location: input.from, sku: input.sku, dot }, input.to, input.quantity, { by: who.phone }, now);
    await audit(tx, { staff: who, action: 'stock.transfer', storeId: input.to, details: { sku: input.sku, dot, quantity: input.quantity, from: input.from, to: input.to, fromOnHandAfter: moved.from.onHand, toOnHandAfter: moved.to.onHand } }, now);
    return { from: await rowAt(ctx, tx, input.from, input.sku, locale), to: await rowAt(ctx, tx, input.to, input.sku, locale) };
  });
}

/** Every line checked first; all received in one transaction, or none when any is refused. */
export async function importStock(ctx: ShopContext, who: StaffRow, input: { csv: string; dryRun?: boolean }, locale: Locale) {
  requireAdmin(who);
  const read = readStockCsv(input.csv);
  const refused = read.refused.map((r) => ({ line: r.line, reason: message(locale, r.key, r.params) }));
  const lines: typeof read.lines = [];
  for (const line of read.lines) {
    try {
      checkLocation(ctx, line.location, 'location');
      const product = productOf(ctx, line.sku);
      lines.push({ ...line, dot: batch(ctx, product, line.dot) });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      refused.push({ line: line.line, reason: message(locale, err.key, err.params) });
    }
  }
  refused.sort((a, b) => a.line - b.line);
  if (refused.length) return { accepted: 0, refused };
  if (input.dryRun) return { accepted: lines.length, refused };
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    for (const line of lines) {
      await addUnits(tx, { location: line.location, sku: line.sku, dot: line.dot }, line.quantity, { by: who.phone, note: 'Import', details: { line: line.line } }, now);
    }
    await audit(tx, { staff: who, action: 'stock.import', details: { lines: lines.length, units: lines.reduce((n, l) => n + l.quantity, 0) } }, now);
  });
  return { accepted: lines.length, refused };
}

export async function stockHistory(ctx: ShopContext, who: StaffRow, input: { location: string; sku: string }) {
  ownPlace(ctx, who, input.location);
  productOf(ctx, input.sku);
  return (await movementsOf(ctx.db, input.location, input.sku)).map((m) => ({
    kind: m.kind,
    dot: m.dot,
    quantity: m.quantity,
    onHandBefore: m.onHandBefore,
    onHandAfter: m.onHandAfter,
    reservedBefore: m.reservedBefore,
    reservedAfter: m.reservedAfter,
    by: m.by,
    note: m.note,
    details: m.details,
    at: m.at.toISOString(),
  }));
}

/** A line of an order as reserving reads it. */
export interface LineToReserve {
  position: number;
  productId: string;
  options: LineOptions;
  quantity: number;
}

/** The stocked units of an order's lines (docs/guide.md, Stock). */
export function unitsWanted(ctx: Pick<ShopContext, 'indexes'>, lines: readonly LineToReserve[]): UnitsWanted[] {
  return lines.flatMap((line) => {
    const product = products(ctx).get(line.productId);
    if (!product) return [];
    // A size or length the shop does not stock (a line whose choices are not known yet) is not reserved.
    return lineUnitsOf(product, line.options, line.quantity)
      .filter((u) => stockedProductOf(u.sku, products(ctx)) !== null)
      .map((u) => ({ position: line.position, ...u }));
  });
}

/**
 * Reserves an order's stocked units in the caller's transaction: an installation's or pickup's
 * at its workshop first, then the warehouse; a parcel's at the warehouse.
 */
export function reserveOrderUnits(
  tx: Db,
  ctx: Pick<ShopContext, 'indexes'>,
  order: { id: string; orderNo: string; method: string; storeId: string | null },
  lines: readonly LineToReserve[],
  by: string,
  now: Date,
): Promise<ReserveResult> {
  return reserveUnits(
    tx,
    {
      orderId: order.id,
      orderNo: order.orderNo,
      workshop: order.method === 'mail' ? null : order.storeId,
      wants: unitsWanted(ctx, lines),
      today: klDate(now),
      maxTyreAgeMonths: maxMonths(ctx),
      by,
    },
    now,
  );
}

/** The 807 for a line that cannot be had: "Only 2 left of Michelin Energy XM2+ 185/55R15", or out of stock. */
export function notEnoughError(ctx: ShopContext, refused: Extract<ReserveResult, { ok: false }>, locale: Locale): DomainError {
  const product = stockedProductOf(refused.sku, products(ctx)) ?? products(ctx).get(parseSku(refused.sku)?.productId ?? '');
  const name = product ? skuName(product, refused.sku, locale) : refused.sku;
  const data = { field: `items.${refused.position}.quantity`, lineIndex: refused.position, available: refused.available };
  return refused.available > 0
    ? new DomainError(Code.WARNING, 'stock.onlyLeft', { available: refused.available, name }, data)
    : new DomainError(Code.WARNING, 'stock.outOfStock', { name }, data);
}

/** The first date an installation placed on `placedOn` may be booked: the transfer's when its units come from the warehouse. */
export async function firstDateFor(db: Db, placedOn: string, fromWarehouse: boolean): Promise<string> {
  if (!fromWarehouse) return firstBookingDate(placedOn, FIRST_BOOKING_DAY);
  return transferDate(placedOn, FIRST_BOOKING_DAY, (await loadStockRules(db)).transferDays);
}

/** Whether an order holds units at the warehouse now (a transfer to its workshop). */
export async function holdsWarehouseUnits(db: Db, orderId: string): Promise<boolean> {
  return (await heldUnits(db, [orderId])).some((h) => h.location === WAREHOUSE);
}

/**
 * The date before which a cart's installation at this workshop cannot be booked: the transfer
 * date when the workshop has not every stocked unit free and so some come from the warehouse;
 * null when it has them all.
 */
export async function cartNotBefore(ctx: ShopContext, storeId: string, lines: readonly LineToReserve[], now: Date): Promise<string | null> {
  const wants = unitsWanted(ctx, lines);
  if (wants.length === 0) return null;
  const day = klDate(now);
  const needed = new Map<string, number>();
  for (const w of wants) needed.set(w.sku, (needed.get(w.sku) ?? 0) + w.quantity);
  const levels = await levelsOf(ctx.db, [...needed.keys()], [storeId]);
  const short = [...needed].some(([sku, n]) => levels.filter((l) => l.sku === sku && !isAged(l.dot, day, maxMonths(ctx))).reduce((m, l) => m + free(l), 0) < n);
  return short ? transferDate(day, FIRST_BOOKING_DAY, (await stockRulesNow(ctx.db)).transferDays) : null;
}

import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { Code } from '../../../contract/codes.ts';
import { isAged, oldestFirst, WAREHOUSE, type StockMovementKind } from '../../../contract/rules/stock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../errors.ts';
import { stockHolds, stockLevels, stockMovements, stockRules } from './schema.ts';

export type StockLevelRow = typeof stockLevels.$inferSelect;
export type StockMovementRow = typeof stockMovements.$inferSelect;
export type StockHoldRow = typeof stockHolds.$inferSelect;

/** content/stock/stock.json: days from the warehouse to a workshop, and the counts under which a row is low. */
export const stockFile = z.strictObject({
  transferDays: z.number().int().min(0).max(30),
  lowAt: z.strictObject({ tyre: z.number().int().min(0).max(1000), other: z.number().int().min(0).max(1000) }),
});
export type StockRules = z.infer<typeof stockFile>;

export async function syncStockRules(db: Db, rules: StockRules) {
  await db.insert(stockRules).values({ key: 'stock', rules }).onConflictDoUpdate({ target: stockRules.key, set: { rules } });
}

export async function loadStockRules(db: Db): Promise<StockRules> {
  const [row] = await db.select().from(stockRules).where(eq(stockRules.key, 'stock'));
  if (!row) throw new Error('content/stock/stock.json was not loaded: run the content sync first');
  return row.rules as StockRules;
}

export interface Mover {
  /** The staff member's phone, or "system". */
  by: string;
  note?: string;
  details?: Record<string, unknown>;
}

interface Place {
  location: string;
  sku: string;
  dot: string;
}

const at = (p: Place) => and(eq(stockLevels.location, p.location), eq(stockLevels.sku, p.sku), eq(stockLevels.dot, p.dot));

async function record(tx: Db, kind: StockMovementKind, place: Place, quantity: number, before: StockLevelRow | null, after: StockLevelRow, who: Mover, now: Date) {
  await tx.insert(stockMovements).values({
    kind,
    ...place,
    quantity,
    onHandBefore: before?.onHand ?? 0,
    onHandAfter: after.onHand,
    reservedBefore: before?.reserved ?? 0,
    reservedAfter: after.reserved,
    by: who.by,
    note: who.note ?? '',
    details: who.details ?? {},
    at: now,
  });
}

/** The batch's row locked until the caller's transaction ends, made (empty) first when there is none. */
async function lockRow(tx: Db, place: Place, now: Date): Promise<StockLevelRow> {
  await tx.insert(stockLevels).values({ ...place, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(stockLevels).where(at(place)).for('update');
  return row!;
}

/** Adds received units to a batch (made when new); the movement is a receipt, or the arriving half of a transfer. */
export async function addUnits(tx: Db, place: Place, quantity: number, who: Mover, now: Date, kind: StockMovementKind = 'receipt'): Promise<StockLevelRow> {
  const before = await lockRow(tx, place, now);
  const [after] = await tx
    .update(stockLevels)
    .set({ onHand: sql`${stockLevels.onHand} + ${quantity}`, updatedAt: now })
    .where(at(place))
    .returning();
  await record(tx, kind, place, quantity, before, after!, who, now);
  return after!;
}

/** Sets a batch's counted units; never below what orders hold (807). */
export async function setCount(tx: Db, place: Place, onHand: number, who: Mover, now: Date): Promise<{ before: StockLevelRow; after: StockLevelRow }> {
  const before = await lockRow(tx, place, now);
  if (onHand < before.reserved) throw new DomainError(Code.WARNING, 'stock.belowReserved', { reserved: before.reserved }, { field: 'onHand' });
  const [after] = await tx.update(stockLevels).set({ onHand, updatedAt: now }).where(at(place)).returning();
  await record(tx, 'adjustment', place, onHand - before.onHand, before, after!, who, now);
  return { before, after: after! };
}

/**
 * Moves free units of a batch from one place to another now. Both rows are locked in the order
 * of their place, so two transfers the opposite way cannot wait on each other.
 */
export async function moveUnits(tx: Db, from: Place, toLocation: string, quantity: number, who: Mover, now: Date): Promise<{ from: StockLevelRow; to: StockLevelRow }> {
  const to = { ...from, location: toLocation };
  const [first, second] = from.location < to.location ? [from, to] : [to, from];
  const rows = [await lockRow(tx, first, now), await lockRow(tx, second, now)];
  const source = rows.find((r) => r.location === from.location)!;
  const free = source.onHand - source.reserved;
  if (free < quantity) throw new DomainError(Code.WARNING, 'stock.notEnough', { available: free, sku: from.sku, location: from.location }, { field: 'quantity' });
  const [left] = await tx
    .update(stockLevels)
    .set({ onHand: sql`${stockLevels.onHand} - ${quantity}`, updatedAt: now })
    .where(at(from))
    .returning();
  const details = { ...who.details, from: from.location, to: to.location };
  await record(tx, 'transfer', from, -quantity, source, left!, { ...who, details }, now);
  const arrived = await addUnits(tx, to, quantity, { ...who, details }, now, 'transfer');
  return { from: left!, to: arrived };
}

/** The batches of these skus (at these places, or everywhere). */
export async function levelsOf(db: Db, skus: string[], locations?: string[]): Promise<StockLevelRow[]> {
  if (skus.length === 0) return [];
  const where = [inArray(stockLevels.sku, skus)];
  if (locations) where.push(inArray(stockLevels.location, locations));
  return db.select().from(stockLevels).where(and(...where));
}

/** The batches at a place (or everywhere), whose sku contains `q`, sorted by place and sku. */
export async function levelsAt(db: Db, filter: { location?: string; q?: string }): Promise<StockLevelRow[]> {
  const where: SQL[] = [];
  if (filter.location) where.push(eq(stockLevels.location, filter.location));
  if (filter.q) where.push(ilike(stockLevels.sku, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return db
    .select()
    .from(stockLevels)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(stockLevels.location), asc(stockLevels.sku), asc(stockLevels.dot));
}

/** A sku's movements at a place, newest first. */
export async function movementsOf(db: Db, location: string, sku: string, limit = 200): Promise<StockMovementRow[]> {
  return db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.location, location), eq(stockMovements.sku, sku)))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
}

/**
 * Seeds counts that do not exist yet, each with its receipt, in a few statements: run on every
 * start, a row already there (seeded earlier, or counted since) is left as it is.
 */
export async function seedStock(db: Db, rows: (Place & { onHand: number })[], now: Date): Promise<number> {
  // Seeded already (the usual restart): one look instead of thousands of rows offered again.
  const [seeded] = await db.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements.by, 'system')).limit(1);
  if (seeded) return 0;
  let added = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await tx
        .insert(stockLevels)
        .values(rows.slice(i, i + 1000).map((r) => ({ ...r, reserved: 0, updatedAt: now })))
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) continue;
      added += inserted.length;
      await tx.insert(stockMovements).values(
        inserted.map((r) => ({
          kind: 'receipt' as const,
          location: r.location,
          sku: r.sku,
          dot: r.dot,
          quantity: r.onHand,
          onHandBefore: 0,
          onHandAfter: r.onHand,
          reservedBefore: 0,
          reservedAfter: 0,
          by: 'system',
          note: 'Demo stock',
          at: now,
        })),
      );
    }
  });
  return added;
}

/** One line's stocked units: its position on the order, the sku and how many. */
export interface UnitsWanted {
  position: number;
  sku: string;
  quantity: number;
}

export interface ReserveRequest {
  orderId: string;
  orderNo: string;
  /** Where the units are taken first (an installation's or pickup's workshop); none for a parcel. */
  workshop: string | null;
  wants: readonly UnitsWanted[];
  /** The KL date and the promise: a batch older than it is never reserved. */
  today: string;
  maxTyreAgeMonths: number;
  by: string;
}

export type ReserveResult = { ok: true; fromWarehouse: boolean } | { ok: false; position: number; sku: string; available: number };

const placeKey = (p: Place) => `${p.location}|${p.sku}|${p.dot}`;
/** Just the place of a row that names one (a hold, a batch). */
const placeOf = (p: Place): Place => ({ location: p.location, sku: p.sku, dot: p.dot });

/**
 * Batch rows locked in one fixed order (place, sku, batch), so two orders taking the same rows
 * wait on each other instead of deadlocking.
 */
async function lockRows(tx: Db, skus: readonly string[], locations: readonly string[]): Promise<StockLevelRow[]> {
  if (skus.length === 0) return [];
  return tx
    .select()
    .from(stockLevels)
    .where(and(inArray(stockLevels.sku, [...skus]), inArray(stockLevels.location, [...locations])))
    .orderBy(asc(stockLevels.location), asc(stockLevels.sku), asc(stockLevels.dot))
    .for('update');
}

async function lockPlaces(tx: Db, places: readonly Place[], now: Date): Promise<Map<string, StockLevelRow>> {
  const sorted = [...new Map(places.map((p) => [placeKey(p), placeOf(p)])).values()].sort((a, b) => placeKey(a).localeCompare(placeKey(b)));
  const rows = new Map<string, StockLevelRow>();
  for (const p of sorted) rows.set(placeKey(p), await lockRow(tx, p, now));
  return rows;
}

/** Changes a batch's counts by these amounts, recording the movement. */
async function change(tx: Db, kind: StockMovementKind, of: Place, delta: { onHand: number; reserved: number }, who: Mover, now: Date) {
  const place = placeOf(of);
  const [before] = await tx.select().from(stockLevels).where(at(place));
  const [after] = await tx
    .update(stockLevels)
    .set({ onHand: sql`${stockLevels.onHand} + ${delta.onHand}`, reserved: sql`${stockLevels.reserved} + ${delta.reserved}`, updatedAt: now })
    .where(at(place))
    .returning();
  await record(tx, kind, place, kind === 'sale' ? delta.onHand : delta.reserved, before ?? null, after!, who, now);
}

/**
 * Reserves an order's units in the caller's transaction (docs/guide.md, Stock): each line at
 * the workshop first, tyres oldest batch first (an aged batch never), the rest at the
 * warehouse; a parcel's at the warehouse only. The rows are locked first, so a unit is never
 * reserved twice and no count goes below zero. When some line cannot be had anywhere, nothing
 * is written and the answer names the line and how many of its sku are left.
 */
export async function reserveUnits(tx: Db, request: ReserveRequest, now: Date): Promise<ReserveResult> {
  const order = request.workshop ? [request.workshop, WAREHOUSE] : [WAREHOUSE];
  const skus = [...new Set(request.wants.map((w) => w.sku))].sort();
  const rows = await lockRows(tx, skus, order);
  const free = new Map(rows.map((r) => [placeKey(r), isAged(r.dot, request.today, request.maxTyreAgeMonths) ? 0 : r.onHand - r.reserved]));
  const left = (sku: string) => rows.filter((r) => r.sku === sku).reduce((n, r) => n + free.get(placeKey(r))!, 0);
  const freeAtStart = new Map(skus.map((sku) => [sku, left(sku)]));
  const taken: { position: number; place: Place; quantity: number }[] = [];
  for (const want of request.wants) {
    let wanted = want.quantity;
    for (const location of order) {
      for (const batch of oldestFirst(rows.filter((r) => r.location === location && r.sku === want.sku), request.today)) {
        if (wanted === 0) break;
        const n = Math.min(wanted, free.get(placeKey(batch))!);
        if (n <= 0) continue;
        free.set(placeKey(batch), free.get(placeKey(batch))! - n);
        taken.push({ position: want.position, place: { location: batch.location, sku: batch.sku, dot: batch.dot }, quantity: n });
        wanted -= n;
      }
    }
    if (wanted > 0) return { ok: false, position: want.position, sku: want.sku, available: freeAtStart.get(want.sku)! };
  }
  const who: Mover = { by: request.by, details: { orderNo: request.orderNo, orderId: request.orderId } };
  for (const t of taken) {
    await change(tx, 'reservation', t.place, { onHand: 0, reserved: t.quantity }, who, now);
    await tx.insert(stockHolds).values({ orderId: request.orderId, position: t.position, ...t.place, quantity: t.quantity, state: 'held', createdAt: now, updatedAt: now });
  }
  return { ok: true, fromWarehouse: taken.some((t) => t.place.location === WAREHOUSE) };
}

/** The units orders hold now (neither released nor sold), oldest hold first. */
export async function heldUnits(db: Db, orderIds: readonly string[]): Promise<StockHoldRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(stockHolds)
    .where(and(inArray(stockHolds.orderId, [...orderIds]), eq(stockHolds.state, 'held')))
    .orderBy(asc(stockHolds.id));
}

/** Gives back what an order holds (a cancel, an expiry, the money returned): its units free again. The units released. */
export async function releaseUnits(tx: Db, order: { id: string; orderNo: string }, by: string, now: Date): Promise<number> {
  const holds = await heldUnits(tx, [order.id]);
  if (holds.length === 0) return 0;
  await lockPlaces(tx, holds, now);
  const who: Mover = { by, details: { orderNo: order.orderNo, orderId: order.id } };
  for (const h of holds) await change(tx, 'release', h, { onHand: 0, reserved: -h.quantity }, who, now);
  await tx.update(stockHolds).set({ state: 'released', updatedAt: now }).where(inArray(stockHolds.id, holds.map((h) => h.id)));
  return holds.reduce((n, h) => n + h.quantity, 0);
}

/** A tyre fitted at completion: its line's position and the DOT date code typed. */
export interface FittedUnit {
  position: number;
  dot: string;
}

/**
 * An order completed (docs/guide.md, Stock): what it holds is sold, its units leave the shelf.
 * A tyre fitted from another batch than the ones reserved is taken from that batch when the
 * workshop has it free, and the reserved unit it replaced is released; otherwise the reserved
 * unit is the one sold.
 */
export async function consumeUnits(tx: Db, order: { id: string; orderNo: string; storeId: string | null }, fitted: readonly FittedUnit[], by: string, now: Date): Promise<void> {
  const holds = await heldUnits(tx, [order.id]);
  if (holds.length === 0) return;
  // Per hold, its units not yet matched to a fitted tyre, and the units it sells; the fitted tyres
  // matched to a reserved batch of their line first.
  const left = new Map(holds.map((h) => [h.id, h.quantity]));
  const sell = new Map(holds.map((h) => [h.id, h.quantity]));
  const swaps: { hold: StockHoldRow; place: Place }[] = [];
  const unmatched: FittedUnit[] = [];
  for (const f of fitted) {
    const hold = holds.find((h) => h.position === f.position && h.dot === f.dot && left.get(h.id)! > 0);
    if (hold) left.set(hold.id, left.get(hold.id)! - 1);
    else unmatched.push(f);
  }
  const candidates = order.storeId ? unmatched.map((f) => ({ location: order.storeId!, sku: holds.find((h) => h.position === f.position)?.sku ?? '', dot: f.dot })) : [];
  const rows = await lockPlaces(tx, [...holds, ...candidates.filter((c) => c.sku !== '')], now);
  for (const [i, f] of unmatched.entries()) {
    const hold = holds.find((h) => h.position === f.position && h.dot !== f.dot && left.get(h.id)! > 0);
    const place = candidates[i];
    if (!hold || !place || place.sku !== hold.sku) continue;
    const row = rows.get(placeKey(place))!;
    if (row.onHand - row.reserved < 1) continue;
    row.onHand -= 1;
    left.set(hold.id, left.get(hold.id)! - 1);
    sell.set(hold.id, sell.get(hold.id)! - 1);
    swaps.push({ hold, place });
  }
  const who: Mover = { by, details: { orderNo: order.orderNo, orderId: order.id } };
  for (const { hold, place } of swaps) {
    await change(tx, 'release', hold, { onHand: 0, reserved: -1 }, { ...who, note: `Fitted ${place.dot} instead` }, now);
    await change(tx, 'sale', place, { onHand: -1, reserved: 0 }, { ...who, note: `Fitted instead of ${hold.dot}` }, now);
    await tx.insert(stockHolds).values({ orderId: order.id, position: hold.position, ...place, quantity: 1, state: 'sold', createdAt: now, updatedAt: now });
    await tx.insert(stockHolds).values({ orderId: order.id, position: hold.position, location: hold.location, sku: hold.sku, dot: hold.dot, quantity: 1, state: 'released', createdAt: now, updatedAt: now });
  }
  for (const hold of holds) {
    const n = sell.get(hold.id)!;
    if (n > 0) await change(tx, 'sale', hold, { onHand: -n, reserved: -n }, who, now);
    if (n === 0) await tx.delete(stockHolds).where(eq(stockHolds.id, hold.id));
    else await tx.update(stockHolds).set({ state: 'sold', quantity: n, updatedAt: now }).where(eq(stockHolds.id, hold.id));
  }
}

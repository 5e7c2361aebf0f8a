import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { Code } from '../../../contract/codes.ts';
import type { StockMovementKind } from '../../../contract/rules/stock.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../errors.ts';
import { stockLevels, stockMovements, stockRules } from './schema.ts';

export type StockLevelRow = typeof stockLevels.$inferSelect;
export type StockMovementRow = typeof stockMovements.$inferSelect;

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

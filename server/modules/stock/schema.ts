import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StockMovementKind } from '../../../contract/rules/stock.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What is on every shelf (docs/contracts/running-the-business.md §1): per place (a workshop's storeId or
 * "warehouse"), sku and batch (a tyre's DOT date code; '' for everything else), the units there
 * and how many of them orders hold. The checks keep every count whole whatever two requests do.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    location: text('location').notNull(),
    sku: text('sku').notNull(),
    dot: text('dot').notNull().default(''),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stock_levels_pkey', columns: [t.location, t.sku, t.dot] }),
    index('stock_levels_sku_idx').on(t.sku),
    check('stock_levels_on_hand_check', sql`${t.onHand} >= 0`),
    check('stock_levels_reserved_check', sql`${t.reserved} >= 0`),
    check('stock_levels_reserved_on_hand_check', sql`${t.reserved} <= ${t.onHand}`),
  ],
);

/** Every change of a count, with the counts before and after, who made it and why. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<StockMovementKind>().notNull(),
    location: text('location').notNull(),
    sku: text('sku').notNull(),
    dot: text('dot').notNull().default(''),
    /** Units moved: + into this place's count, - out of it (reserved units for reservations and releases). */
    quantity: integer('quantity').notNull(),
    onHandBefore: integer('on_hand_before').notNull(),
    onHandAfter: integer('on_hand_after').notNull(),
    reservedBefore: integer('reserved_before').notNull(),
    reservedAfter: integer('reserved_after').notNull(),
    /** The staff member's phone, "system" (demo data, the shop's own moves) or the order number's customer. */
    by: text('by').notNull(),
    note: text('note').notNull().default(''),
    /** The other place of a transfer, the order of a reservation, release or sale. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at').notNull(),
  },
  (t) => [
    index('stock_movements_place_idx').on(t.location, t.sku, t.id),
    check('stock_movements_kind_check', sql`${t.kind} in ('receipt', 'adjustment', 'transfer', 'reservation', 'release', 'sale')`),
  ],
);

/**
 * What each order holds (docs/guide.md, Stock): per order line (its position), place, sku and
 * batch, the units reserved for it. `held` units count in the batch's `reserved`; a cancelled or
 * expired order's become `released`, a completed order's `sold`. Only the stock module writes it.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id').notNull(),
    position: integer('position').notNull(),
    location: text('location').notNull(),
    sku: text('sku').notNull(),
    dot: text('dot').notNull().default(''),
    quantity: integer('quantity').notNull(),
    state: text('state').$type<StockHoldState>().notNull().default('held'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('stock_holds_order_idx').on(t.orderId),
    index('stock_holds_place_idx').on(t.location, t.sku, t.dot),
    check('stock_holds_quantity_check', sql`${t.quantity} > 0`),
    check('stock_holds_state_check', sql`${t.state} in ('held', 'released', 'sold')`),
  ],
);
export type StockHoldState = 'held' | 'released' | 'sold';

/** content/stock/stock.json as last synced: transferDays and the low-stock thresholds. */
export const stockRules = pgTable('stock_rules', {
  key: text('key').primaryKey(),
  rules: jsonb('rules').$type<Record<string, unknown>>().notNull(),
});

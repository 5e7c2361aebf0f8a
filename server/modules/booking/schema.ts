import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** What holds booked units: an order's installation, or a warranty claim's free rework. */
export type Holder = { kind: 'order' | 'claim'; id: string };

/**
 * The 30-minute units of workshop bays that orders hold (unpaid, until payBefore) or have
 * booked (paid), and that warranty claims book for their free reworks. The unique index over
 * (workshop, date, unit, bay) is the last word on double booking, whatever the code above it and
 * however many API processes run. `holderId` is the orders module's or the warranty module's id,
 * as `holder` says (no cross-module reference).
 */
export const bookedUnits = pgTable(
  'booked_units',
  {
    workshopId: text('workshop_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    unit: integer('unit').notNull(),
    bay: integer('bay').notNull(),
    holder: text('holder').$type<Holder['kind']>().notNull(),
    holderId: uuid('holder_id').notNull(),
    state: text('state').$type<'held' | 'booked'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('booked_units_slot_key').on(t.workshopId, t.date, t.unit, t.bay),
    index('booked_units_holder_idx').on(t.holderId),
    check('booked_units_holder_check', sql`${t.holder} in ('order', 'claim')`),
  ],
);

/** A day a workshop does not take bookings, beyond its regular closed days (a holiday, a breakdown). */
export const storeClosures = pgTable(
  'store_closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workshopId: text('workshop_id').notNull(),
    /** YYYY-MM-DD, Malaysian time. */
    date: text('date').notNull(),
    reason: text('reason').notNull(),
    staffId: uuid('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('store_closures_day_key').on(t.workshopId, t.date), index('store_closures_date_idx').on(t.date)],
);

import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The 30-minute units of workshop bays that orders hold (unpaid, until payBefore) or have
 * booked (paid). The unique index over (workshop, date, unit, bay) is the last word on
 * double booking, whatever the code above it and however many API processes run.
 * `orderId` is the orders module's id (no cross-module reference).
 */
export const bookedUnits = pgTable(
  'booked_units',
  {
    workshopId: text('workshop_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    unit: integer('unit').notNull(),
    bay: integer('bay').notNull(),
    orderId: uuid('order_id').notNull(),
    state: text('state').$type<'held' | 'booked'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('booked_units_slot_key').on(t.workshopId, t.date, t.unit, t.bay), index('booked_units_order_idx').on(t.orderId)],
);

import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The jobs a van holds (an unpaid order, until its payment time-out) or has booked (paid): one
 * row per order, its window and the minutes it takes the van (labour plus the drive). A van's day
 * is booked under a lock on (van, date) in the booking's transaction, so two processes never
 * promise the same minutes twice (server/modules/mobile/service.ts). `orderId` is the orders
 * module's id (no cross-module reference).
 */
export const vanBookings = pgTable(
  'van_bookings',
  {
    orderId: uuid('order_id').primaryKey(),
    vanId: text('van_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** The window's start, HH:mm. */
    start: text('start').notNull(),
    minutes: integer('minutes').notNull(),
    state: text('state').$type<'held' | 'booked'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('van_bookings_day_idx').on(t.vanId, t.date)],
);

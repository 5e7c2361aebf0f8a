import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Coupon } from './content.ts';

/** Synced from content/orders/coupons.json; `code` as normaliseCouponCode makes it. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  content: jsonb('content').$type<Coupon>().notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * One row per order that used a coupon, counted per coupon and per customer. A use is
 * returned (not deleted) when its unpaid order ends. `orderId` and `customerId` belong to the
 * orders and auth modules (no cross-module reference).
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    customerId: uuid('customer_id').notNull(),
    orderId: uuid('order_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_key').on(t.orderId),
    index('coupon_uses_counted_idx').on(t.couponCode, t.customerId).where(sql`${t.returnedAt} is null`),
  ],
);

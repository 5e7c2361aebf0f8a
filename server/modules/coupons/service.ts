import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { normaliseCouponCode } from '../../../contract/rules/coupon.ts';
import type { Db } from '../../db/client.ts';
import { upsertAll } from '../../db/upsert.ts';
import type { Coupon } from './content.ts';
import { couponUses, coupons } from './schema.ts';

/** Loads content/orders/coupons.json; coupons no longer in content stay, inactive (uses refer to them). */
export async function syncCoupons(db: Db, list: Coupon[]) {
  await db.transaction(async (tx) => {
    const rows = list.map((c) => ({ code: normaliseCouponCode(c.code), content: c, active: true }));
    await upsertAll(tx, coupons, coupons.code, rows);
    await tx.update(coupons).set({ active: false }).where(rows.length ? notInArray(coupons.code, rows.map((r) => r.code)) : undefined);
  });
}

/** The active coupons, in memory: they change only with content. */
export async function loadCouponIndex(db: Db): Promise<Coupon[]> {
  const rows = await db.select().from(coupons).where(eq(coupons.active, true));
  return rows.map((r) => r.content).sort((a, b) => a.code.localeCompare(b.code));
}

/**
 * Takes the coupon's row lock: orders using one coupon are counted one after another, so
 * its limits hold whatever the number of API processes.
 */
export async function lockCoupon(tx: Db, code: string): Promise<void> {
  await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.code, normaliseCouponCode(code))).for('update');
}

export interface UseCounts {
  usesTotal: number;
  usesByCustomer: number;
}

/** Uses not returned, of every coupon (or of `code`), in all and by this customer. */
export async function couponUseCounts(db: Db, customerId: string, code?: string): Promise<Map<string, UseCounts>> {
  const rows = await db
    .select({
      code: couponUses.couponCode,
      total: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${couponUses.customerId} = ${customerId}))::int`,
    })
    .from(couponUses)
    .where(and(isNull(couponUses.returnedAt), code ? eq(couponUses.couponCode, normaliseCouponCode(code)) : undefined))
    .groupBy(couponUses.couponCode);
  return new Map(rows.map((r) => [r.code, { usesTotal: r.total, usesByCustomer: r.mine }]));
}

export async function recordCouponUse(tx: Db, use: { code: string; customerId: string; orderId: string; at: Date }) {
  await tx.insert(couponUses).values({ couponCode: normaliseCouponCode(use.code), customerId: use.customerId, orderId: use.orderId, usedAt: use.at });
}

/** The use goes back to the coupon: its unpaid order ended. */
export async function returnCouponUse(tx: Db, orderId: string, at: Date) {
  await tx
    .update(couponUses)
    .set({ returnedAt: at })
    .where(and(eq(couponUses.orderId, orderId), isNull(couponUses.returnedAt)));
}

/**
 * The use counts again: the order was paid after all, at the price the coupon gave. Limits are
 * not checked: the customer has already paid that price.
 */
export async function retakeCouponUse(tx: Db, orderId: string) {
  await tx.update(couponUses).set({ returnedAt: null }).where(eq(couponUses.orderId, orderId));
}

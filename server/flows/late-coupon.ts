import type { Db } from '../db/client.ts';
import { couponLimitReached, findCoupon } from '../modules/coupons/rules.ts';
import { couponUseCounts, lockCoupon } from '../modules/coupons/service.ts';
import { paidOrderCount, type OrderRow } from '../modules/orders/service.ts';
import type { PaymentContext } from './context.ts';

/**
 * Whether the coupon of an order the time-out ended may count again now that it is paid late:
 * its use was returned, so meanwhile another order may have taken it (a first-order coupon on
 * a first order paid since, the last use of a limited one). Counted under the coupon's lock,
 * in the caller's transaction, by the rules placing an order uses. A coupon no longer offered
 * has nothing left to count against: the price it gave holds.
 */
export async function lateCouponHolds(tx: Db, ctx: Pick<PaymentContext, 'indexes'>, order: OrderRow): Promise<boolean> {
  if (!order.couponCode) return true;
  const coupon = findCoupon(ctx.indexes.coupons, order.couponCode);
  if (!coupon) return true;
  await lockCoupon(tx, coupon.code);
  const used = (await couponUseCounts(tx, order.customerId, order.couponCode)).get(order.couponCode) ?? { usesTotal: 0, usesByCustomer: 0 };
  const paidOrders = await paidOrderCount(tx, order.customerId);
  return couponLimitReached(coupon, { ...used, paidOrders }) === null;
}

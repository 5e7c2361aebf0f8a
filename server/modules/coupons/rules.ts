import { normaliseCouponCode } from '../../../contract/rules/coupon.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import { ringgit } from '../../../contract/rules/order-total.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Coupon } from './content.ts';

/**
 * Whether a coupon can be used on a cart, and for how much. Pure: the customer's earlier
 * uses and orders are counted by the caller, inside the transaction that places the order.
 */

export function findCoupon<C extends Pick<Coupon, 'code'>>(coupons: readonly C[], input: string): C | undefined {
  const code = normaliseCouponCode(input);
  return code ? coupons.find((c) => normaliseCouponCode(c.code) === code) : undefined;
}

export interface CouponUse {
  /** Uses of this coupon by all customers, on orders not cancelled. */
  usesTotal: number;
  /** Uses of this coupon by this customer, on orders not cancelled. */
  usesByCustomer: number;
  /** The customer's earlier paid orders (for first-order coupons). */
  paidOrders: number;
}

export type CouponResult =
  | { usable: true; discountSen: number }
  | {
      usable: false;
      key: MessageKey;
      params: Record<string, string | number>;
      /** Below the minimum: how much more the goods must come to. */
      moreToSpendSen?: number;
    };

/** The discount on goods worth `goodsSen`: a percentage rounded down and capped, or a fixed amount; never more than the goods. */
export function couponDiscount(coupon: Coupon, goodsSen: number): number {
  const raw = coupon.kind === 'percent' ? Math.floor((goodsSen * coupon.percent) / 100) : coupon.amountSen;
  const capped = coupon.kind === 'percent' && coupon.capSen !== null ? Math.min(raw, coupon.capSen) : raw;
  return Math.max(0, Math.min(capped, goodsSen));
}

/**
 * The coupon's limit a use would pass (first order only, uses in all, uses by this customer),
 * or null: the counts checked when an order is placed, and again when a late payment would
 * revive an order whose use was returned.
 */
export function couponLimitReached(coupon: Coupon, use: CouponUse): MessageKey | null {
  if (coupon.firstOrderOnly && use.paidOrders > 0) return 'coupon.firstOrderOnly';
  if (coupon.totalUses !== null && use.usesTotal >= coupon.totalUses) return 'coupon.usedUp';
  if (use.usesByCustomer >= coupon.perCustomer) return 'coupon.alreadyUsed';
  return null;
}

/**
 * Whether `coupon` can be used at `now` on goods worth `goodsSen` (parts, labour and tax,
 * before delivery). Reasons the customer cannot change come first; the amount still to
 * spend last, since that one they can.
 */
export function evaluateCoupon(coupon: Coupon, goodsSen: number, use: CouponUse, now: Date): CouponResult {
  const refuse = (key: MessageKey, params: Record<string, string | number> = {}): CouponResult => ({ usable: false, key, params });
  const today = klDate(now);
  if (today > coupon.validUntil) return refuse('coupon.expired', { date: coupon.validUntil });
  if (today < coupon.validFrom) return refuse('coupon.notYet', { date: coupon.validFrom });
  const limit = couponLimitReached(coupon, use);
  if (limit) return refuse(limit);
  if (goodsSen < coupon.minSpendSen) {
    const moreToSpendSen = coupon.minSpendSen - goodsSen;
    return { usable: false, key: 'coupon.belowMinimum', params: { amount: ringgit(moreToSpendSen), minimum: ringgit(coupon.minSpendSen) }, moreToSpendSen };
  }
  return { usable: true, discountSen: couponDiscount(coupon, goodsSen) };
}

import { normaliseCouponCode } from '../../contract/rules/coupon.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { Line } from '../../contract/line.ts';
import type { FulfilmentMethod } from '../../contract/rules/order-status.ts';
import type { OrderTotal } from '../../contract/rules/order-total.ts';
import type { Db } from '../db/client.ts';
import type { Indexes } from '../indexes.ts';
import type { Coupon } from '../modules/coupons/content.ts';
import { evaluateCoupon, findCoupon, type CouponResult } from '../modules/coupons/rules.ts';
import { couponUseCounts } from '../modules/coupons/service.ts';
import { paidOrderCount } from '../modules/orders/service.ts';
import { categories } from '../../contract/rules/categories.ts';
import { vanFor, type MobileRules, type Van } from '../../contract/rules/mobile.ts';
import { isFitted } from '../../contract/rules/order-required.ts';
import { warning } from '../modules/errors.ts';
import { carOf, cartDelivery, cartTotal, checkCartMethod, checkCartWorkshop, fittingMinutesOf, priceCart, workshopOf, type PricedItem, type Workshop } from './cart.ts';

const TYRES = categories.find((c) => c.slug === 'auto-tires-service')!.className;

/**
 * An order's bill, worked out one way for both asking it (cart/quote) and placing the order
 * (order/app/add): the same checks, the same prices, the same coupon rules and counts, so the
 * order placed charges what the last quote for the same input answered.
 */

/** What prices an order: its lines, car, method, workshop, the address's state and the coupon. */
export interface BillRequest {
  items: readonly Line[];
  variantId?: string;
  method: FulfilmentMethod;
  storeId?: string;
  address?: { state: string; postcode?: string };
  couponCode?: string;
}

/** A cart checked and priced as the order will be, before any database is read. */
export interface CheckedCart {
  car: ReturnType<typeof carOf> | null;
  priced: PricedItem[];
  method: FulfilmentMethod;
  /** The workshop fitting the goods or handing them over; at the customer's place, the van's base (its stock). */
  workshop: Workshop | null;
  /** At the customer's place: the van that comes to the address's postcode, once one is given. */
  van: Van | null;
  /** Installation or a van's visit: how long the job takes; 0 otherwise. */
  fittingMinutes: number;
  /** At the customer's place: the visit fee before its service tax; 0 otherwise. */
  visitFeeSen: number;
  /** Parts, labour and tax: what a coupon applies to. */
  goodsSen: number;
  /** Mailing: the fee to the address's state, null until one is known; 0 otherwise. */
  deliveryFeeSen: number | null;
  /** The coupon of the code given; undefined when none was given or it is no coupon. */
  coupon: Coupon | undefined;
}

/**
 * Every line checked against its product and the car and priced, the method checked against
 * every line, the workshop against the cart; refusals name the field as order/app/add's do.
 */
export function checkCart(indexes: Indexes, input: BillRequest, locale: Locale): CheckedCart {
  const { fulfilment, delivery } = indexes.orderRules;
  const car = input.variantId ? carOf(indexes, input.variantId) : null;
  const priced = priceCart(indexes, input.items, car?.priced ?? null, locale);
  checkCartMethod(fulfilment, priced, input.method, locale);
  const mobile = input.method === 'mobile';
  const van = mobile && input.address?.postcode ? vanOf(indexes, input.address.postcode, priced) : null;
  const workshop = van ? workshopOf(indexes, van.baseStoreId) : input.storeId ? workshopOf(indexes, input.storeId) : null;
  if (workshop && !mobile) checkCartWorkshop(workshop, priced, locale);
  const fittingMinutes = isFitted(input.method) ? fittingMinutesOf(fulfilment, priced) : 0;
  const goodsSen = cartTotal(input.method, priced).goodsSen;
  const deliveryFeeSen = input.method === 'mail' ? cartDelivery(delivery, input.method, input.address?.state, goodsSen) : 0;
  const visitFeeSen = mobile ? (indexes.orderRules.mobile as MobileRules).visitFeeSen : 0;
  const coupon = input.couponCode ? findCoupon(indexes.coupons, input.couponCode) : undefined;
  return { car, priced, method: input.method, workshop, van, fittingMinutes, visitFeeSen, goodsSen, deliveryFeeSen, coupon };
}

/** The van that comes to `postcode` for these lines (one that fits tyres when there are any); refused, naming the postcode, when none does. */
function vanOf(indexes: Indexes, postcode: string, priced: readonly PricedItem[]): Van {
  const needsTyres = priced.some((p) => p.product.category === TYRES);
  const van = vanFor(indexes.orderRules.mobile as MobileRules, postcode, needsTyres);
  if (!van) throw warning('mobile.notCovered', { postcode }, { field: 'address.postcode' });
  return van;
}

export interface CouponVerdict {
  /** The code as the shop writes it (as typed, when it is no coupon). */
  code: string;
  coupon: Coupon | undefined;
  result: CouponResult;
}

/**
 * Whether this customer may use the cart's coupon now, and for how much: counted from `db`,
 * which is the transaction holding the coupon's lock when the order is placed. Null when no
 * code was given.
 */
export async function couponVerdict(db: Db, customerId: string, cart: CheckedCart, code: string | undefined, now: Date): Promise<CouponVerdict | null> {
  if (!code) return null;
  const { coupon } = cart;
  if (!coupon) return { code, coupon, result: { usable: false, key: 'coupon.unknown', params: {} } };
  const normal = normaliseCouponCode(coupon.code);
  // One after the other: `db` may be a transaction, which runs one statement at a time.
  const used = (await couponUseCounts(db, customerId, normal)).get(normal) ?? { usesTotal: 0, usesByCustomer: 0 };
  const paidOrders = await paidOrderCount(db, customerId);
  return { code: normal, coupon, result: evaluateCoupon(coupon, cart.goodsSen, { ...used, paidOrders }, now) };
}

/** The itemised bill: each line, delivery when known, and the coupon's discount only when usable. */
export function billOf(cart: CheckedCart, verdict: CouponVerdict | null): OrderTotal {
  const discountSen = verdict?.result.usable ? verdict.result.discountSen : 0;
  return cartTotal(cart.method, cart.priced, cart.deliveryFeeSen ?? 0, discountSen, cart.visitFeeSen);
}

import type { z } from 'zod';
import { Code } from '../../contract/codes.ts';
import { normaliseCouponCode } from '../../contract/rules/coupon.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { Line } from '../../contract/line.ts';
import { message } from '../../contract/rules/messages.ts';
import type { FulfilmentMethod } from '../../contract/rules/order-status.ts';
import type { couponClientGet, couponDto, storeSlots } from '../../contract/orders.ts';
import { DomainError } from '../modules/errors.ts';
import { pick } from '../i18n/localized.ts';
import { notBeforeJson, readSlotDays, slotDaysRead, slotsJson, type SlotDaysRead } from '../modules/booking/slot-answers.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import { cartNotBefore, firstDateFor, holdsWarehouseUnits } from './stock.ts';
import { slotDaysText } from '../modules/booking/slot-days-memory.ts';
import { jobUnits, UNIT_MINUTES } from '../modules/booking/slots.ts';
import type { Coupon } from '../modules/coupons/content.ts';
import { evaluateCoupon } from '../modules/coupons/rules.ts';
import { couponUseCounts } from '../modules/coupons/service.ts';
import { customerOrder, paidOrderCount } from '../modules/orders/service.ts';
import { customerClaim } from '../modules/warranty/service.ts';
import { reworkMinutesOf } from './warranty.ts';
import { checkCart } from './bill.ts';
import { calendarOf, stockLinesOf, cartLineOf, cartProducts, cartTotal, checkCartMethod, checkCartWorkshop, fittingMinutesOf, workshopOf } from './cart.ts';
import type { ShopContext } from './context.ts';

type Slots = z.input<typeof storeSlots.response>;
type CouponList = z.input<typeof couponClientGet.response>;
type CouponDto = z.input<typeof couponDto>;

/** Runs the slot read: by itself, or within the statement that checks the customer's login. */
export type SlotDaysReader = (read: SlotDaysRead) => Promise<string>;

/**
 * The workshop's dates and times for the cart: every line must be one it installs; the job
 * takes as long as the cart's fitting time. Read from the units held and booked now, and
 * answered as the JSON of `Slots` (its dates are worked out once for the same units).
 */
export async function slotsForCart(
  ctx: ShopContext,
  storeId: string,
  items: readonly Line[],
  locale: Locale,
  options: { moving?: { customerId: string; orderNo?: string; claimId?: string }; reader?: SlotDaysReader; variantId?: string } = {},
): Promise<string> {
  const { moving, reader = (read) => readSlotDays(ctx.db, read) } = options;
  const workshop = workshopOf(ctx.indexes, storeId);
  const lines = cartProducts(ctx.indexes, items, locale).map((product, i) => ({ product, cartLine: cartLineOf(product, items[i]!.quantity) }));
  const rules = ctx.indexes.orderRules.fulfilment;
  checkCartMethod(rules, lines, 'install', locale);
  checkCartWorkshop(workshop, lines, locale);
  // An order or a warranty repair being moved: its own time is free to it. Someone else's is as good as none.
  const order = moving?.orderNo ? await customerOrder(ctx.db, moving.customerId, moving.orderNo) : undefined;
  if (moving?.orderNo && !order) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
  const claim = moving?.claimId ? await customerClaim(ctx.db, moving.customerId, moving.claimId) : undefined;
  if (moving?.claimId && !claim) throw new DomainError(Code.NOT_FOUND, 'warranty.unknown', {}, { field: 'claimId' });
  // A repair takes as long as booking it will count: its claimed lines' recorded fitting times.
  const fittingMinutes = claim ? await reworkMinutesOf(ctx.db, claim) : fittingMinutesOf(rules, lines);
  const now = ctx.now();
  const read = slotDaysRead(workshop.id, now, order?.id ?? claim?.id);
  // From memory where the database tells of every change (PGlite); the login is then checked by itself.
  // Units from the warehouse (the cart's now, or those an order being moved holds) wait for their transfer.
  const notBefore = order
    ? (await holdsWarehouseUnits(ctx.db, order.id)) ? await firstDateFor(ctx.db, klDate(order.createdAt), true) : null
    : claim ? null : await cartNotBefore(ctx, workshop.id, stockLinesOf(ctx.indexes, items, options.variantId, locale), now);
  const dates = notBeforeJson(slotsJson(await slotDaysText(ctx.db, read, reader), read, calendarOf(workshop), fittingMinutes, now), notBefore);
  const head: Omit<Slots, 'dates'> = { storeId: workshop.id, fittingMinutes: jobUnits(fittingMinutes) * UNIT_MINUTES };
  // The same bytes as JSON.stringify of the whole answer: its keys in the same order.
  return `${JSON.stringify(head).slice(0, -1)},"dates":${dates}}`;
}

function couponAnswer(coupon: Coupon, locale: Locale, result: ReturnType<typeof evaluateCoupon>): CouponDto {
  return {
    code: coupon.code,
    title: pick(coupon.title, locale),
    kind: coupon.kind,
    percent: coupon.kind === 'percent' ? coupon.percent : null,
    capSen: coupon.kind === 'percent' ? coupon.capSen : null,
    amountSen: coupon.kind === 'amount' ? coupon.amountSen : null,
    minSpendSen: coupon.minSpendSen,
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    firstOrderOnly: coupon.firstOrderOnly,
    usable: result.usable,
    discountSen: result.usable ? result.discountSen : 0,
    reason: result.usable ? '' : message(locale, result.key, result.params),
    moreToSpendSen: result.usable ? 0 : (result.moreToSpendSen ?? 0),
  };
}

/**
 * The shop's coupons for this customer and cart, each usable with its discount or with the
 * reason it is not, in the customer's language; and the typed code's, if any. The same rules
 * and counts as placing the order, which counts again under the coupon's lock.
 */
export async function couponsForCart(
  ctx: ShopContext,
  customerId: string,
  input: { items: readonly Line[]; couponCode?: string; variantId?: string; method: FulfilmentMethod; state?: string },
  locale: Locale,
): Promise<CouponList> {
  // Checked and priced as a quote and the order are (flows/bill.ts).
  const cart = checkCart(ctx.indexes, { ...input, address: input.state ? { state: input.state } : undefined }, locale);
  const { goodsSen, coupon: entered } = cart;
  const deliverySen = input.method === 'mail' ? cart.deliveryFeeSen : null;
  if (input.couponCode && !entered) throw new DomainError(Code.WARNING, 'coupon.unknown', {}, { field: 'couponCode' });

  const [counts, paidOrders] = await Promise.all([couponUseCounts(ctx.db, customerId), paidOrderCount(ctx.db, customerId)]);
  const now = ctx.now();
  const judge = (coupon: Coupon) => {
    const used = counts.get(normaliseCouponCode(coupon.code)) ?? { usesTotal: 0, usesByCustomer: 0 };
    return couponAnswer(coupon, locale, evaluateCoupon(coupon, goodsSen, { ...used, paidOrders }, now));
  };
  const list = ctx.indexes.coupons.map(judge).sort((a, b) => Number(b.usable) - Number(a.usable) || b.discountSen - a.discountSen || a.code.localeCompare(b.code));
  const typed = entered ? judge(entered) : null;
  // Totalled as placing the order totals it: the same discount, clamped the same way.
  const { totalSen } = cartTotal(input.method, cart.priced, deliverySen ?? 0, typed?.usable ? typed.discountSen : 0);
  return { goodsSen, deliverySen, totalSen, list, entered: typed };
}

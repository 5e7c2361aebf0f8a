import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '../../contract/codes.ts';
import { normaliseCouponCode } from '../../contract/rules/coupon.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { orderAdd } from '../../contract/orders.ts';
import { DomainError } from '../modules/errors.ts';
import { scheduleJob } from '../jobs/queue.ts';
import { pick } from '../i18n/localized.ts';
import { holdAppointment, unitsOf } from '../modules/booking/service.ts';
import { holdOpenAccount, rememberName } from '../modules/auth/service.ts';
import { setWhatsApp } from '../modules/notifications/whatsapp.ts';
import { holdWindow } from '../modules/mobile/service.ts';
import type { MobileRules } from '../../contract/rules/mobile.ts';
import { lockCoupon, recordCouponUse } from '../modules/coupons/service.ts';
import { lineFittingMinutes } from '../modules/orders/fulfilment.ts';
import { orderNumber, requestHash } from '../modules/orders/numbers.ts';
import { insertOrder, lockCustomerOrders, openUnpaidCount, orderByIdempotencyKey, type OrderRow } from '../modules/orders/service.ts';
import { garageCarFor, rememberPlate } from '../modules/vehicles/service.ts';
import { errorMessage } from '../db/loggable.ts';
import { log } from '../ops/log.ts';
import { billOf, checkCart, couponVerdict } from './bill.ts';
import { calendarOf } from './cart.ts';
import type { ShopContext } from './context.ts';
import { PAYMENT_TIMEOUT_JOB } from './expire-order.ts';
import { settlePaidOrder } from './record-payment.ts';
import { firstDateFor, notEnoughError, reserveOrderUnits } from './stock.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';

type PlaceRequest = z.output<typeof orderAdd.request>;
type Placed = z.input<typeof orderAdd.response>;

class AlreadyPlaced extends Error {}

/** Most orders one customer may have waiting for payment at once. */
export const MAX_UNPAID_ORDERS = 5;

/** The answer for an order already placed under this key; another order under the same key is refused. */
async function replay(ctx: ShopContext, order: OrderRow, hash: string): Promise<Placed> {
  if (order.requestHash !== hash) throw new DomainError(Code.WARNING, 'order.keyReused', {}, { field: 'idempotencyKey' });
  const units = order.appointmentDate ? await unitsOf(ctx.db, order.id) : [];
  return answer(order, units[0]?.bay ?? null);
}

function answer(order: OrderRow, bay: number | null): Placed {
  return {
    orderNo: order.orderNo,
    status: order.status,
    totalSen: order.totalSen,
    payBefore: order.payBefore!.toISOString(),
    appointment: order.appointmentDate && order.appointmentTime && bay !== null ? { date: order.appointmentDate, time: order.appointmentTime, bay } : null,
  };
}

/**
 * The name and plate of a placed order, kept for the customer's next checkout: the name on
 * the account, the plate (when one was given) on their garage car. The order stands whatever happens here.
 */
async function remember(ctx: ShopContext, customerId: string, input: PlaceRequest) {
  try {
    await rememberName(ctx.db, customerId, input.contact.name);
    if (input.carPlate) await rememberPlate(ctx.db, customerId, input.variantId, input.carPlate);
  } catch (err) {
    log.warn(`[orders] the name or plate of an order could not be kept for the next checkout: ${errorMessage(err)}`);
  }
}

/**
 * Places an order in one transaction: the coupon counted under its row lock, the bay held by
 * inserting its units (the unique index decides a race), the order with its lines and history
 * under the customer's unique idempotency key, its stock reserved under the batches' row locks
 * (docs/guide.md, Stock), and its payment time-out as a job. Every price
 * is the server's: the request carries none.
 */
export async function placeOrder(ctx: ShopContext, customerId: string, input: PlaceRequest, locale: Locale): Promise<Placed> {
  const { db, indexes } = ctx;
  const hash = requestHash(input);
  // A retry answers the order it placed, whatever has changed since (its time may be full now).
  const placed = await orderByIdempotencyKey(db, customerId, input.idempotencyKey);
  if (placed) return replay(ctx, placed, hash);

  // Everything that needs no database is checked before a transaction opens, as a quote checks it.
  const cart = checkCart(indexes, input, locale);
  const { car, priced, workshop, fittingMinutes, coupon, van } = cart;
  const install = input.method === 'install';
  const mobile = input.method === 'mobile';
  if (input.couponCode && !coupon) throw new DomainError(Code.WARNING, 'coupon.unknown', {}, { field: 'couponCode' });

  // The garage car the order is for, when it is one of this customer's: its history gets the service.
  const carId = await garageCarFor(db, customerId, input.variantId, indexes.cars.variant(input.variantId)?.modelId ?? '');

  const now = ctx.now();
  const payBefore = new Date(now.getTime() + Math.round(ctx.paymentTimeoutMinutes * 60_000));
  const orderId = randomUUID();
  try {
    const { order, bay, notices } = await db.transaction(async (tx) => {
      // Unpaid orders hold bays: a few abandoned checkouts must not block a workshop.
      await lockCustomerOrders(tx, customerId);
      // An account closed while this checkout waited for its turn takes no order (the closing holds the same lock).
      await holdOpenAccount(tx, customerId);
      // The same checkout sent again while this customer's turn was taken: answered by its order.
      if (await orderByIdempotencyKey(tx, customerId, input.idempotencyKey)) throw new AlreadyPlaced();
      if ((await openUnpaidCount(tx, customerId, now)) >= MAX_UNPAID_ORDERS) {
        throw new DomainError(Code.WARNING, 'order.tooManyUnpaid', { max: MAX_UNPAID_ORDERS });
      }
      // Counted under the coupon's lock, by the rules the quote used: a usable coupon is the quote's discount.
      if (coupon) await lockCoupon(tx, coupon.code);
      const verdict = await couponVerdict(tx, customerId, cart, input.couponCode, now);
      if (verdict && !verdict.result.usable) {
        const { key, params, moreToSpendSen } = verdict.result;
        throw new DomainError(Code.WARNING, key, params, { field: 'couponCode', moreToSpendSen: moreToSpendSen ?? 0 });
      }
      const total = billOf(cart, verdict);

      let bay: number | null = null;
      if (install && workshop && input.appointment) {
        const held = await holdAppointment(tx, { workshopId: workshop.id, calendar: calendarOf(workshop), fittingMinutes, appointment: input.appointment, holder: { kind: 'order', id: orderId }, now });
        if (!held.ok) throw new DomainError(Code.WARNING, held.key, {}, { field: 'appointment' });
        bay = held.bay;
      }
      // At the customer's place: the van's window, under the lock on its day (server/modules/mobile/service.ts).
      if (mobile && van && input.window) {
        const rules = indexes.orderRules.mobile as MobileRules;
        const held = await holdWindow(tx, { van, rules, closedOn: workshop?.closedOn ?? [], jobMinutes: fittingMinutes, window: input.window, orderId, now });
        if (!held.ok) throw new DomainError(Code.WARNING, held.key, {}, { field: 'window' });
      }

      const order = await insertOrder(
        tx,
        {
          id: orderId,
          customerId,
          status: 'PENDING_PAYMENT',
          stage: null,
          method: input.method,
          storeId: workshop?.id ?? null,
          appointmentDate: install ? input.appointment!.date : mobile ? input.window!.date : null,
          appointmentTime: install ? input.appointment!.time : mobile ? input.window!.start : null,
          vanId: van?.id ?? null,
          fittingMinutes,
          car: car!.snapshot,
          // A pickup or a parcel may name no plate: kept blank.
          carPlate: input.carPlate ?? '',
          carId,
          contact: input.contact,
          address: input.address ?? null,
          notes: input.notes ?? '',
          couponCode: coupon ? normaliseCouponCode(coupon.code) : null,
          partsSen: total.partsSen,
          labourSen: total.labourSen,
          serviceTaxSen: total.serviceTaxSen,
          goodsSen: total.goodsSen,
          deliveryFeeSen: total.deliveryFeeSen,
          visitFeeSen: total.visitFeeSen,
          visitFeeTaxSen: total.visitFeeTaxSen,
          discountSen: total.discountSen,
          totalSen: total.totalSen,
          payBefore,
          language: locale,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          createdAt: now,
          updatedAt: now,
        },
        priced.map((p, i) => {
          const line = total.lines[i]!;
          const unitLabourSen = line.labourSen / line.quantity;
          return {
            position: i,
            productId: p.product.id,
            category: p.product.category,
            brand: p.product.brand,
            name: pick(p.product.name, locale),
            image: p.product.image,
            quantity: line.quantity,
            options: p.quote.options,
            unitPartsSen: p.quote.unit.partsSen,
            unitLabourSen,
            unitServiceTaxSen: line.serviceTaxSen / line.quantity,
            unitSen: line.unitSen,
            partsSen: line.partsSen,
            labourSen: line.labourSen,
            serviceTaxSen: line.serviceTaxSen,
            totalSen: line.totalSen,
            fittingMinutes: install || mobile ? lineFittingMinutes(indexes.orderRules.fulfilment, p.cartLine) : 0,
          };
        }),
        { by: 'customer', noteKey: 'history.placed' },
        () => orderNumber(now),
      );
      // The same key sent again while this one was placing: its order won the unique index; this
      // transaction (and the bay it held) rolls back, and the answer is that order.
      if (!order) throw new AlreadyPlaced();
      // Its units reserved with it (docs/guide.md, Stock); when some cannot be had, nothing of it stays.
      const lines = priced.map((p, i) => ({ position: i, productId: p.product.id, options: p.quote.options, quantity: total.lines[i]!.quantity }));
      const reserved = await reserveOrderUnits(tx, ctx, order, lines, 'customer', now);
      if (!reserved.ok) throw notEnoughError(ctx, reserved, locale);
      // Units from the warehouse reach the workshop transferDays later: no earlier appointment.
      const fitOn = install ? input.appointment : mobile ? input.window : undefined;
      if (fitOn && reserved.fromWarehouse) {
        const first = await firstDateFor(tx, klDate(now), true);
        if (fitOn.date < first) throw new DomainError(Code.WARNING, 'stock.transferDate', { date: first }, { field: install ? 'appointment' : 'window', notBefore: first });
      }
      // The checkout's "Send my order updates on WhatsApp", recorded with the order as the customer's choice (a consent).
      if (input.whatsapp !== undefined) await setWhatsApp(tx, { userId: customerId, whatsapp: input.whatsapp, locale, source: 'checkout' }, now);
      if (coupon) await recordCouponUse(tx, { code: coupon.code, customerId, orderId, at: now });
      await scheduleJob(tx, { kind: PAYMENT_TIMEOUT_JOB, key: `${PAYMENT_TIMEOUT_JOB}:${orderId}`, runAt: payBefore, payload: { orderId } }, now);
      // A coupon that takes the whole price leaves nothing to pay: the order is paid as placed.
      if (order.totalSen === 0) {
        const settled = await settlePaidOrder(tx, ctx, order, 0, now);
        return { order: settled.order, bay, notices: settled.notices };
      }
      return { order, bay, notices: [] as (() => Promise<void>)[] };
    });
    for (const notice of notices) await notice();
    await remember(ctx, customerId, input);
    return answer(order, bay);
  } catch (err) {
    if (!(err instanceof AlreadyPlaced)) throw err;
    return replay(ctx, (await orderByIdempotencyKey(db, customerId, input.idempotencyKey))!, hash);
  }
}

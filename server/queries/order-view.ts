import type { z } from 'zod';
import { trackingLink } from '../../contract/rules/couriers.ts';
import { Code } from '../../contract/codes.ts';
import { directionLinks } from '../../contract/rules/directions.ts';
import type { MobileRules } from '../../contract/rules/mobile.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { isMessageKey, message } from '../../contract/rules/messages.ts';
import type { orderDetail } from '../../contract/order-dto.ts';
import { DomainError } from '../modules/errors.ts';
import { pick } from '../i18n/localized.ts';
import { customerActions, customerView } from '../modules/orders/actions.ts';
import { ledgerOf, moneyOf, paidAtOfOrder } from '../modules/payments/ledger.ts';
import { orderLineView, type ReservedUnits } from '../modules/orders/line-view.ts';
import { heldUnits } from '../modules/stock/service.ts';
import { oldestFirst } from '../../contract/rules/stock.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import { customerOrder, historyOf, linesOf, tyresOf, type OrderRow } from '../modules/orders/service.ts';
import { closureOn } from '../modules/booking/closures.ts';
import type { ReadContext } from './context.ts';
import { appointmentPassed, appointmentView, orderParts } from './order-parts.ts';
import { pickupQrSvg } from '../modules/orders/pickup-qr.ts';

type OrderDetail = z.input<typeof orderDetail>;

/** Everything the customer may see of one of their orders; someone else's order is not found. */
export async function findOrder(ctx: ReadContext, customerId: string, orderNo: string, locale: Locale): Promise<OrderDetail> {
  const order = await customerOrder(ctx.db, customerId, orderNo);
  if (!order) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
  return describeOrder(ctx, order, locale);
}

/** The units an order holds now, per line, place and batch, oldest batch first. */
function reservedOf(held: readonly { position: number; location: string; dot: string; quantity: number }[], today: string): ReservedUnits[] {
  const summed = new Map<string, ReservedUnits>();
  for (const h of held) {
    const key = `${h.position}|${h.location}|${h.dot}`;
    const got = summed.get(key);
    if (got) got.quantity += h.quantity;
    else summed.set(key, { position: h.position, location: h.location, dot: h.dot, quantity: h.quantity });
  }
  return oldestFirst([...summed.values()], today);
}

/** An order as `app/find` shows it; the console builds its own view on this. */
export async function describeOrder(ctx: ReadContext, order: OrderRow, locale: Locale): Promise<OrderDetail> {
  const booked = order.method === 'install' && order.status === 'UPCOMING' && order.stage === 'BOOKED' && order.storeId !== null && order.appointmentDate !== null;
  const [lines, tyres, history, parts, closure, ledger, held, paidAt] = await Promise.all([
    linesOf(ctx.db, order.id),
    order.completedAt && order.method === 'install' ? tyresOf(ctx.db, order.id) : [],
    historyOf(ctx.db, order.id),
    orderParts(ctx, order, locale),
    booked ? closureOn(ctx.db, order.storeId!, order.appointmentDate!) : null,
    ledgerOf(ctx.db, order.id),
    heldUnits(ctx.db, [order.id]),
    paidAtOfOrder(ctx.db, order),
  ]);
  const now = ctx.now();
  const workshop = order.storeId ? ctx.indexes.workshops.find((w) => w.id === order.storeId) : undefined;
  const coupon = order.couponCode ? ctx.indexes.coupons.find((c) => c.code === order.couponCode) : undefined;
  const payable = order.status === 'PENDING_PAYMENT' && order.payBefore !== null && now < order.payBefore;
  const { contact, address } = order;
  return {
    orderNo: order.orderNo,
    status: order.status,
    stage: order.stage,
    method: order.method,
    createdAt: order.createdAt.toISOString(),
    payBefore: order.status === 'PENDING_PAYMENT' && order.payBefore ? order.payBefore.toISOString() : null,
    secondsToPay: payable ? Math.floor((order.payBefore!.getTime() - now.getTime()) / 1000) : 0,
    paidSen: ledger.paidSen,
    refundedSen: ledger.returnedSen,
    money: moneyOf(ledger),
    car: {
      variantId: order.car.variantId,
      name: [order.car.brand, order.car.model, order.car.variant].filter(Boolean).join(' '),
      sizeClass: order.car.sizeClass,
      plate: order.carPlate,
    },
    contact: { name: contact.name, phone: contact.phone, email: contact.email ?? null },
    address: address ? { ...address, line2: address.line2 ?? null, landmark: address.landmark ?? null } : null,
    notes: order.notes,
    visit: visitView(ctx, order),
    // A van's visit names its van and window, not the workshop whose stock it carries.
    store: workshop && order.method !== 'mobile'
      ? {
          id: workshop.id,
          name: workshop.name,
          address: workshop.address,
          phone: workshop.phone,
          lat: workshop.lat,
          lng: workshop.lng,
          ...directionLinks(workshop.lat, workshop.lng),
        }
      : null,
    appointment: appointmentView(order),
    appointmentPassed: appointmentPassed(order, now),
    closure: closure ? { date: closure.date, reason: closure.reason } : null,
    lines: lines.map((l) => orderLineView(l, ctx.indexes.catalog.byId, locale, tyres, reservedOf(held, klDate(now)))),
    totals: {
      partsSen: order.partsSen,
      labourSen: order.labourSen,
      serviceTaxSen: order.serviceTaxSen,
      goodsSen: order.goodsSen,
      deliveryFeeSen: order.deliveryFeeSen,
      visitFeeSen: order.visitFeeSen,
      visitFeeTaxSen: order.visitFeeTaxSen,
      discountSen: order.discountSen,
      totalSen: order.totalSen,
    },
    coupon: order.couponCode ? { code: order.couponCode, title: coupon ? pick(coupon.title, locale) : order.couponCode } : null,
    pickupCode: paidAt ? order.pickupCode : null,
    pickupQr: paidAt && order.pickupCode ? pickupQrSvg(order.pickupCode) : null,
    expressCompany: order.expressCompany,
    expressNo: order.expressNo,
    tracking: trackingLink(order.expressCompany, order.expressNo),
    actions: customerActions(customerView(order, ledger, parts.refunds[0]?.status ?? null, closure !== null), now),
    history: history.map((h) => ({
      status: h.status,
      stage: h.stage,
      at: h.at.toISOString(),
      by: h.by,
      note: h.noteKey && isMessageKey(h.noteKey) ? message(locale, h.noteKey, h.noteParams ?? {}) : h.note,
    })),
    ...parts,
  };
}

/** Fitting at the customer's place: the van, its window and whether the technician set off. */
function visitView(ctx: ReadContext, order: OrderRow) {
  if (order.method !== 'mobile' || !order.appointmentDate || !order.appointmentTime) return null;
  const rules = ctx.indexes.orderRules.mobile as MobileRules;
  const van = rules.vans.find((v) => v.id === order.vanId);
  const minute = Number(order.appointmentTime.slice(0, 2)) * 60 + Number(order.appointmentTime.slice(3, 5)) + rules.windowHours * 60;
  return {
    van: van?.name ?? order.vanId ?? '',
    date: order.appointmentDate,
    start: order.appointmentTime,
    end: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
    onTheWayAt: order.onTheWayAt?.toISOString() ?? null,
    etaMinutes: order.etaMinutes,
  };
}

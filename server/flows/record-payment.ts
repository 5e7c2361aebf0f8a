import type { MobileRules } from '../../contract/rules/mobile.ts';
import { bookHeldWindow, holdWindow } from '../modules/mobile/service.ts';
import type { MessageKey } from '../../contract/rules/messages.ts';
import { ringgit } from '../../contract/rules/order-total.ts';
import type { Db } from '../db/client.ts';
import { bookHeldUnits, rebookAppointment } from '../modules/booking/service.ts';
import { retakeCouponUse } from '../modules/coupons/service.ts';
import { lateCouponHolds } from './late-coupon.ts';
import { appointmentStart } from '../modules/orders/actions.ts';
import { pickupCode } from '../modules/orders/numbers.ts';
import { addHistory, assignPickupCode, lockOrder, noteOnOrder, tryMoveOrder, type OrderRow } from '../modules/orders/service.ts';
import { issueInvoice } from '../modules/invoices/service.ts';
import { needsOwnEinvoice } from '../providers/einvoice/ubl/index.ts';
import { claimOrderEinvoice } from './einvoice-order.ts';
import { claimEvent, lockPayment, recordPaid, recordUnpaid, recordUsedMethod, settleEvent, type EventOutcome } from '../modules/payments/service.ts';
import { checkEvent } from '../providers/payment/event-limits.ts';
import type { ProviderEvent } from '../providers/payment/index.ts';
import { refuseEvent } from './refuse-event.ts';
import type { PaymentContext } from './context.ts';
import { orderNotice, recordNotice, type Notice } from '../modules/notifications/service.ts';
import { closureSms } from '../modules/notifications/texts.ts';
import { closureOf } from '../modules/booking/closures.ts';
import { completeRefund } from './refunds/complete.ts';
import { scheduleMoneyBack } from './refunds/surplus.ts';
import { scheduleReminder } from '../jobs/appointment-reminder.ts';
import { log } from '../ops/log.ts';
import { linesOf } from '../modules/orders/service.ts';
import { releaseUnits } from '../modules/stock/service.ts';
import { reserveOrderUnits } from './stock.ts';

export interface Settled {
  order: OrderRow;
  /** Money the order cannot keep: the payment is to be refunded. */
  refundDue: boolean;
  notices: Notice[];
}

/** Books the appointment of an order paid after its hold was released, if a bay is still free and the time still ahead. */
async function rebook(tx: Db, ctx: PaymentContext, order: OrderRow, now: Date): Promise<boolean> {
  if (order.method === 'mobile') return rebookWindow(tx, ctx, order, now);
  const workshop = ctx.indexes.workshops.find((w) => w.id === order.storeId);
  if (!workshop || !order.appointmentDate || !order.appointmentTime) return false;
  const appointment = { date: order.appointmentDate, time: order.appointmentTime };
  if (appointmentStart(appointment) <= now) return false;
  const bay = await rebookAppointment(tx, { workshopId: workshop.id, bays: workshop.bays, fittingMinutes: order.fittingMinutes, appointment, holder: { kind: 'order', id: order.id }, now });
  return bay !== null;
}

/** A van's window given back when the order expired, taken again if it is still free: booked at once. */
async function rebookWindow(tx: Db, ctx: PaymentContext, order: OrderRow, now: Date): Promise<boolean> {
  const rules = ctx.indexes.orderRules.mobile as MobileRules;
  const van = rules.vans.find((v) => v.id === order.vanId);
  if (!van || !order.appointmentDate || !order.appointmentTime) return false;
  const closedOn = ctx.indexes.workshops.find((w) => w.id === van.baseStoreId)?.closedOn ?? [];
  const held = await holdWindow(tx, { van, rules, closedOn, jobMinutes: order.fittingMinutes, window: { date: order.appointmentDate, start: order.appointmentTime }, orderId: order.id, now });
  return held.ok && (await bookHeldWindow(tx, order.id)) === 1;
}

/**
 * Applies `amountSen` received for an order (locked by the caller) in the caller's transaction:
 * an unpaid order becomes UPCOMING at its method's first stage and its held units booked; one
 * the time-out ended is revived when its coupon's limits still hold, its stock can be reserved
 * again and its time is still free (all re-checked at payment), else it stays cancelled, nothing is double-booked and the money
 * is recorded for a full refund; money for an order that was paid already or cancelled by the
 * customer is recorded for a refund. An order that becomes paid gets its invoice (and its
 * number) here, so a rollback takes both back; `paymentId` is none when a coupon paid it all.
 */
export async function settlePaidOrder(tx: Db, ctx: PaymentContext, order: OrderRow, amountSen: number, now: Date, paymentId: string | null = null): Promise<Settled> {
  const amount = { amount: ringgit(amountSen) };
  const keep = async (event: 'pay' | 'payLate', noteKey: MessageKey): Promise<Settled> => {
    const move = await tryMoveOrder(tx, order, event, 'system', { noteKey, noteParams: amount, changes: { cancelledBy: null } }, now);
    if (!move.ok) throw new Error(`order ${order.orderNo}: ${event} refused (${move.key})`);
    const moved = move.order;
    const invoice = await issueInvoice(tx, moved, paymentId, now);
    // A sale above RM 10,000 is never consolidated: its own e-invoice, to "General Public", now.
    if (needsOwnEinvoice(moved.totalSen)) await claimOrderEinvoice(tx, ctx, moved, invoice.invoiceNo, { type: 'general-public' }, now, paymentId);
    const row = order.method === 'pickup' ? await assignPickupCode(tx, order.id, pickupCode) : moved;
    // The booking-confirmed SMS is recorded with the order (My Orders shows it), and the day-before reminder scheduled.
    await scheduleReminder(tx, row, now);
    return { order: row, refundDue: false, notices: [await orderNotice(tx, ctx, row, { kind: 'bookingConfirmed' }, now)] };
  };
  const refund = async (noteKey: MessageKey, why?: 'coupon'): Promise<Settled> => {
    const row = await noteOnOrder(tx, order, { by: 'system', noteKey, noteParams: amount }, now);
    // Returned to its own payment by a job, without anyone asking (flows/refunds/surplus.ts).
    await scheduleMoneyBack(tx, order.id, now);
    return { order: row, refundDue: true, notices: [await orderNotice(tx, ctx, row, { kind: 'refundDue', amountSen, ...(why ? { why } : {}) }, now)] };
  };

  if (order.status === 'PENDING_PAYMENT') {
    // Its units are held until the time-out, which has not ended it: they become booked.
    const booked = order.method === 'install' ? await bookHeldUnits(tx, order.id) : order.method === 'mobile' ? await bookHeldWindow(tx, order.id) : 1;
    if (booked === 0 && !(await rebook(tx, ctx, order, now))) {
      return refund('history.paidLateTaken');
    }
    const kept = await keep('pay', 'history.paid');
    return order.method === 'install' ? tellOfClosure(tx, ctx, kept, now) : kept;
  }
  if (order.status === 'CANCELLED' && order.cancelledBy === 'system') {
    // Revived only on the terms it was placed on: its coupon first (nothing booked yet), then its time.
    if (!(await lateCouponHolds(tx, ctx, order))) return refund('history.paidLateCoupon', 'coupon');
    // Its stock was released when it expired: reserved again, or the money goes back.
    const lines = (await linesOf(tx, order.id)).map((l) => ({ position: l.position, productId: l.productId, options: l.options, quantity: l.quantity }));
    if (!(await reserveOrderUnits(tx, ctx, order, lines, 'system', now)).ok) return refund('history.paidLateNoStock');
    if ((order.method === 'install' || order.method === 'mobile') && !(await rebook(tx, ctx, order, now))) {
      await releaseUnits(tx, order, 'system', now);
      return refund('history.paidLateTaken');
    }
    await retakeCouponUse(tx, order.id);
    return keep('payLate', 'history.paidLate');
  }
  return refund(order.status === 'CANCELLED' ? 'history.paidAfterCancel' : 'history.paidAgain');
}

/**
 * A booking paid for on a day staff closed while it waited for its payment: it stands like the
 * bookings the closure found (the customer may move it free of the usual limits), and the
 * customer is told of the closure as they were.
 */
async function tellOfClosure(tx: Db, ctx: PaymentContext, settled: Settled, now: Date): Promise<Settled> {
  const { order } = settled;
  if (!order.storeId || !order.appointmentDate) return settled;
  const closure = await closureOf(tx, order.storeId, order.appointmentDate);
  if (!closure) return settled;
  const workshop = ctx.indexes.workshops.find((w) => w.id === order.storeId)?.name ?? order.storeId;
  await addHistory(tx, order, { by: 'system', noteKey: 'history.closure', noteParams: { date: closure.date, reason: closure.reason } }, now);
  const text = closureSms({ orderNo: order.orderNo, locale: order.language }, { workshop, date: closure.date, reason: closure.reason });
  const told = await recordNotice(tx, ctx, { order, kind: 'closure', text }, now);
  return { ...settled, notices: [...settled.notices, told] };
}

export interface Recorded {
  outcome: 'processed' | 'duplicate' | 'refused';
  reason: string;
}

/**
 * Records one provider event and acts on it once, in one transaction: the event is claimed
 * under its unique (provider, event id) first, so a replay (from any process, at any time)
 * changes nothing. An event outside the shop's limits, for no payment of ours, or with another
 * amount or currency, is kept as refused with the reason and changes nothing else.
 */
export async function recordPayment(ctx: PaymentContext, provider: string, event: ProviderEvent, payload: string): Promise<Recorded> {
  // Before the database: an event outside the shop's limits is refused for good, never a failed query.
  const checked = checkEvent(event);
  if (!checked.ok) return refuseEvent(ctx, provider, checked, payload);
  const now = ctx.now();
  const { recorded, notices } = await ctx.db.transaction(async (tx) => {
    const eventRow = await claimEvent(
      tx,
      { provider, eventId: event.eventId, kind: event.kind, providerRef: event.providerRef, amountSen: event.amountSen, currency: event.currency, payload },
      now,
    );
    if (!eventRow) return { recorded: { outcome: 'duplicate', reason: 'this event was received before' } as Recorded, notices: [] as Notice[] };
    const settle = async (outcome: EventOutcome, reason: string, paymentId?: string, sent: Notice[] = []) => {
      await settleEvent(tx, eventRow, outcome, reason, paymentId);
      if (outcome === 'refused') log.warn(`[pay] refused ${provider} event ${event.eventId} (${event.kind}, ${event.providerRef}): ${reason}`);
      return { recorded: { outcome: outcome === 'applied' ? 'processed' : outcome, reason } as Recorded, notices: sent };
    };

    if (event.kind === 'refund.succeeded' || event.kind === 'refund.failed') {
      const done = await completeRefund(tx, ctx, event, now);
      if (!done.ok) return settle('refused', done.reason);
      if (done.duplicate) return settle('duplicate', 'the refund was completed before');
      return settle('applied', event.kind === 'refund.failed' ? 'the provider could not pay the refund' : '', undefined, done.notices);
    }
    const payment = await lockPayment(tx, provider, event);
    if (!payment) return settle('refused', 'no payment of this shop matches it');
    if (payment.providerRef !== null && payment.providerRef !== event.providerRef) {
      return settle('refused', `it names checkout ${event.providerRef}, but the payment's is ${payment.providerRef}`, payment.id);
    }
    if (event.currency.toUpperCase() !== payment.currency) return settle('refused', `currency ${event.currency}, expected ${payment.currency}`, payment.id);
    if (event.amountSen !== payment.amountSen) return settle('refused', `amount ${event.amountSen} sen, expected ${payment.amountSen}`, payment.id);

    if (event.kind === 'payment.failed' || event.kind === 'payment.expired') {
      if (payment.state !== 'pending') return settle('duplicate', `the payment is already ${payment.state}`, payment.id);
      await recordUnpaid(tx, payment.id, event.kind === 'payment.failed' ? 'failed' : 'expired', event.providerRef, now);
      return settle('applied', '', payment.id);
    }
    if (payment.state === 'succeeded') return settle('duplicate', 'the payment was recorded as paid before', payment.id);
    const order = await lockOrder(tx, { id: payment.orderId });
    if (!order) return settle('refused', `its order ${payment.orderNo} does not exist`, payment.id);
    // The method used first: the invoice and an e-invoice issued as the order is settled name it.
    if (event.used) await recordUsedMethod(tx, payment.id, event.used);
    const settled = await settlePaidOrder(tx, ctx, order, payment.amountSen, now, payment.id);
    const note = settled.refundDue ? `to refund: the order (${settled.order.status}) could not take this payment` : '';
    await recordPaid(tx, payment.id, { providerRef: event.providerRef, refundDue: settled.refundDue, note }, now);
    return settle('applied', note, payment.id, settled.notices);
  });
  for (const notice of notices) await notice();
  return recorded;
}

import { MAX_RESCHEDULES } from '../../../contract/my-orders-dto.ts';
import type { FulfilmentMethod, OrderStage, OrderStatus, RefundStatus } from '../../../contract/rules/order-status.ts';
import { klDate, klInstant } from '../../../contract/rules/kl-calendar.ts';
import { checkRefundable, hasOpenRefund } from '../refunds/refundable.ts';
import type { OrderRow } from './service.ts';
import type { Refusal } from './states.ts';

/**
 * What a customer may do with an order in its present state (the buttons of the order list
 * and detail), and the checks the matching calls make. Pure: the order and `now` come in.
 */

/** The installation time can be changed until 24 hours before the appointment (docs/contracts/orders.md §2). */
export const RESCHEDULE_NOTICE_HOURS = 24;

export interface CustomerOrderView {
  status: OrderStatus;
  stage: OrderStage | null;
  method: FulfilmentMethod;
  /** Until when an unpaid order can be paid. */
  payBefore: Date | null;
  /** Install orders: the booked date and time, Kuala Lumpur time. */
  appointment: { date: string; time: string } | null;
  completedAt: Date | null;
  /** What the order can still return from the payments it uses: its ledger's usedSen. */
  refundableSen: number;
  /** The latest refund request's status, if any. */
  refundStatus: RefundStatus | null;
  /** Times the installation was moved already (default none). */
  rescheduleCount?: number;
  /** The workshop has closed on the booked day since (default not). */
  closedDay?: boolean;
}

export interface CustomerActions {
  pay: boolean;
  cancel: boolean;
  changeTime: boolean;
  refund: boolean;
  revokeRefund: boolean;
  delete: boolean;
}

/**
 * The order as the customer's action rules read it, with its ledger (payments module), its
 * latest refund's status and whether its booked day has closed.
 */
export function customerView(order: OrderRow, ledger: { usedSen: number }, refundStatus: RefundStatus | null = null, closedDay = false): CustomerOrderView {
  return {
    status: order.status,
    stage: order.stage,
    method: order.method,
    payBefore: order.payBefore,
    appointment: order.appointmentDate && order.appointmentTime ? { date: order.appointmentDate, time: order.appointmentTime } : null,
    completedAt: order.completedAt,
    refundableSen: ledger.usedSen,
    refundStatus,
    rescheduleCount: order.rescheduleCount,
    closedDay,
  };
}

/** The moment an appointment starts: its date and time are Kuala Lumpur wall-clock time. */
export function appointmentStart(appointment: { date: string; time: string }): Date {
  return klInstant(appointment.date, appointment.time);
}

export function checkPay(order: Pick<CustomerOrderView, 'status' | 'payBefore'>, now: Date): Refusal | null {
  if (order.status !== 'PENDING_PAYMENT' || !order.payBefore || now >= order.payBefore) return { ok: false, key: 'order.payRefused' };
  return null;
}

/** Whether a booked installation sits on a day its workshop has closed since. */
export const bookedOnClosedDay = (order: CustomerOrderView) =>
  order.closedDay === true && order.method === 'install' && order.status === 'UPCOMING' && order.stage === 'BOOKED' && order.appointment !== null;

/**
 * Whether the customer may move the installation now: booked, until 24 hours before, at most
 * MAX_RESCHEDULES times; a booking on a day the workshop closed since may move whenever.
 */
export function checkChangeTime(order: CustomerOrderView, now: Date): Refusal | null {
  if (bookedOnClosedDay(order)) return null;
  const refused = { ok: false, key: 'order.changeTimeRefused' } as const;
  if ((order.method !== 'install' && order.method !== 'mobile') || order.status !== 'UPCOMING' || order.stage !== 'BOOKED' || !order.appointment) return refused;
  if (order.method === 'mobile') {
    // A van's window moves until the day before it.
    if (klDate(now) >= order.appointment.date) return refused;
  } else {
    const latest = appointmentStart(order.appointment).getTime() - RESCHEDULE_NOTICE_HOURS * 3600_000;
    if (now.getTime() > latest) return refused;
  }
  if ((order.rescheduleCount ?? 0) >= MAX_RESCHEDULES) return { ok: false, key: 'order.reschedulesUsed', params: { max: MAX_RESCHEDULES } };
  return null;
}

export function checkDelete(order: CustomerOrderView): Refusal | null {
  if (order.status !== 'COMPLETED' && order.status !== 'CANCELLED' && order.status !== 'REFUNDED') return { ok: false, key: 'order.deleteRefused' };
  // A request still under way stays visible to its owner.
  if (hasOpenRefund(order)) return { ok: false, key: 'order.refundOpen' };
  return null;
}

/** The buttons the customer sees on an order. */
export function customerActions(order: CustomerOrderView, now: Date): CustomerActions {
  return {
    pay: checkPay(order, now) === null,
    // Unpaid, or a paid visit not yet started (refunded: in full up to the day before).
    cancel: order.status === 'PENDING_PAYMENT' || (order.method === 'mobile' && order.status === 'UPCOMING' && order.stage === 'BOOKED'),
    changeTime: checkChangeTime(order, now) === null,
    refund: checkRefundable(order, now).ok,
    revokeRefund: order.refundStatus === 'PENDING_REVIEW',
    delete: checkDelete(order) === null,
  };
}

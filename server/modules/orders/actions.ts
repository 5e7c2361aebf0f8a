import type { MessageKey } from '../../../contract/messages.ts';
import { openRefundStatuses, type FulfilmentMethod, type OrderStage, type OrderStatus, type RefundStatus } from '../../../contract/order-status.ts';
import { ringgit } from '../../../contract/order-total.ts';
import { klInstant } from '../../../contract/kl-calendar.ts';
import type { Refusal } from './states.ts';

/**
 * What a customer may do with an order in its present state (the buttons of the order list
 * and detail), and the checks the matching calls make. Pure: the order and `now` come in.
 */

/** A completed order can be refunded within the 30-day warranty (spec §1). */
export const REFUND_WINDOW_DAYS = 30;
/** The installation time can be changed until 24 hours before the appointment (orders.md §2). */
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
  paidSen: number;
  refundedSen: number;
  /** The latest refund request's status, if any. */
  refundStatus: RefundStatus | null;
}

export interface CustomerActions {
  pay: boolean;
  cancel: boolean;
  changeTime: boolean;
  refund: boolean;
  revokeRefund: boolean;
  delete: boolean;
}

/** The moment an appointment starts: its date and time are Kuala Lumpur wall-clock time. */
export function appointmentStart(appointment: { date: string; time: string }): Date {
  return klInstant(appointment.date, appointment.time);
}

const hasOpenRefund = (order: CustomerOrderView) => order.refundStatus !== null && openRefundStatuses.includes(order.refundStatus);

export function checkPay(order: CustomerOrderView, now: Date): Refusal | null {
  if (order.status !== 'PENDING_PAYMENT' || !order.payBefore || now >= order.payBefore) return { ok: false, key: 'order.payRefused' };
  return null;
}

export function checkChangeTime(order: CustomerOrderView, now: Date): Refusal | null {
  const refused = { ok: false, key: 'order.changeTimeRefused' } as const;
  if (order.method !== 'install' || order.status !== 'UPCOMING' || order.stage !== 'BOOKED' || !order.appointment) return refused;
  const latest = appointmentStart(order.appointment).getTime() - RESCHEDULE_NOTICE_HOURS * 3600_000;
  return now.getTime() <= latest ? null : refused;
}

export function checkDelete(order: CustomerOrderView): Refusal | null {
  if (order.status !== 'COMPLETED' && order.status !== 'CANCELLED' && order.status !== 'REFUNDED') return { ok: false, key: 'order.deleteRefused' };
  // A request still under way stays visible to its owner.
  if (hasOpenRefund(order)) return { ok: false, key: 'order.refundOpen' };
  return null;
}

export interface RefundRequest {
  reason: string;
  /** Default: everything still refundable. */
  amountSen?: number;
}

const refusal = (key: MessageKey, params?: Record<string, string | number>): Refusal => ({ ok: false, key, ...(params && { params }) });

/** Whether the order can take a refund request now, and how much is still refundable. */
export function checkRefundable(order: CustomerOrderView, now: Date): { ok: true; refundableSen: number } | Refusal {
  if (order.status === 'COMPLETED') {
    const until = (order.completedAt?.getTime() ?? 0) + REFUND_WINDOW_DAYS * 86_400_000;
    if (now.getTime() > until) return refusal('refund.warrantyOver', { days: REFUND_WINDOW_DAYS });
  } else if (order.status !== 'UPCOMING' && order.status !== 'IN_PROGRESS') {
    return refusal('refund.notRefundable');
  }
  if (hasOpenRefund(order)) return refusal('order.refundOpen');
  const refundableSen = order.paidSen - order.refundedSen;
  if (refundableSen <= 0) return refusal('refund.nothingLeft');
  return { ok: true, refundableSen };
}

/** A refund request as the customer sends it: a reason, and an amount up to what is refundable. */
export function checkRefundRequest(order: CustomerOrderView, request: RefundRequest, now: Date): { ok: true; amountSen: number } | Refusal {
  const refundable = checkRefundable(order, now);
  if (!refundable.ok) return refundable;
  if (request.reason.trim() === '') return refusal('refund.reasonRequired');
  const amountSen = request.amountSen ?? refundable.refundableSen;
  if (!Number.isSafeInteger(amountSen) || amountSen < 1 || amountSen > refundable.refundableSen) {
    return refusal('refund.amount', { max: ringgit(refundable.refundableSen) });
  }
  return { ok: true, amountSen };
}

/** The buttons the customer sees on an order. */
export function customerActions(order: CustomerOrderView, now: Date): CustomerActions {
  return {
    pay: checkPay(order, now) === null,
    cancel: order.status === 'PENDING_PAYMENT',
    changeTime: checkChangeTime(order, now) === null,
    refund: checkRefundable(order, now).ok,
    revokeRefund: order.refundStatus === 'PENDING_REVIEW',
    delete: checkDelete(order) === null,
  };
}

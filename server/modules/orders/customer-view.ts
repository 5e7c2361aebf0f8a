import type { RefundStatus } from '../../../contract/order-status.ts';
import type { CustomerOrderView } from './actions.ts';
import type { OrderRow } from './service.ts';

/** The order as the customer's action rules read it, with its latest refund's status. */
export function customerView(order: OrderRow, refundStatus: RefundStatus | null = null): CustomerOrderView {
  return {
    status: order.status,
    stage: order.stage,
    method: order.method,
    payBefore: order.payBefore,
    appointment: order.appointmentDate && order.appointmentTime ? { date: order.appointmentDate, time: order.appointmentTime } : null,
    completedAt: order.completedAt,
    paidSen: order.paidSen,
    refundedSen: order.refundedSen,
    refundStatus,
  };
}

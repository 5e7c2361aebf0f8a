import type { MessageKey } from '../../../contract/rules/messages.ts';
import { openRefundStatuses, type OrderStatus, type RefundStatus } from '../../../contract/rules/order-status.ts';
import { ringgit } from '../../../contract/rules/order-total.ts';
import type { Refusal } from '../orders/states.ts';

/**
 * Whether an order can be refunded, and how much (docs/contracts/orders.md §1): what the customer's refund
 * button and request, and the console's approval, go by. Pure: the order and `now` come in.
 */

/** A completed order can be refunded within the 30-day warranty (docs/contracts/shop.md §1). */
export const REFUND_WINDOW_DAYS = 30;

/** What the refund rules read of an order as its customer sees it (orders/actions.ts customerView). */
export interface RefundableOrder {
  status: OrderStatus;
  completedAt: Date | null;
  /** What the order can still return from the payments it uses: its ledger's usedSen. */
  refundableSen: number;
  /** The latest refund request's status, if any. */
  refundStatus: RefundStatus | null;
}

export interface RefundRequest {
  reason: string;
  /** Default: everything still refundable. */
  amountSen?: number;
}

const refusal = (key: MessageKey, params?: Record<string, string | number>): Refusal => ({ ok: false, key, ...(params && { params }) });

export const hasOpenRefund = (order: Pick<RefundableOrder, 'refundStatus'>) => order.refundStatus !== null && openRefundStatuses.includes(order.refundStatus);

/** Whether the order can take a refund request now, and how much is still refundable. */
export function checkRefundable(order: RefundableOrder, now: Date): { ok: true; refundableSen: number } | Refusal {
  if (order.status === 'COMPLETED') {
    const until = (order.completedAt?.getTime() ?? 0) + REFUND_WINDOW_DAYS * 86_400_000;
    if (now.getTime() > until) return refusal('refund.warrantyOver', { days: REFUND_WINDOW_DAYS });
  } else if (order.status !== 'UPCOMING' && order.status !== 'IN_PROGRESS') {
    return refusal('refund.notRefundable');
  }
  if (hasOpenRefund(order)) return refusal('order.refundOpen');
  // From the ledger: money being returned apart is not refundable twice.
  const { refundableSen } = order;
  if (refundableSen <= 0) return refusal('refund.nothingLeft');
  return { ok: true, refundableSen };
}

/** A refund request as the customer sends it: a reason, and an amount up to what is refundable. */
export function checkRefundRequest(order: RefundableOrder, request: RefundRequest, now: Date): { ok: true; amountSen: number } | Refusal {
  const refundable = checkRefundable(order, now);
  if (!refundable.ok) return refundable;
  if (request.reason.trim() === '') return refusal('refund.reasonRequired');
  const amountSen = request.amountSen ?? refundable.refundableSen;
  if (!Number.isSafeInteger(amountSen) || amountSen < 1 || amountSen > refundable.refundableSen) {
    return refusal('refund.amount', { max: ringgit(refundable.refundableSen) });
  }
  return { ok: true, amountSen };
}

/** Most a request may be approved for: what was asked, and never more than the order still uses (its ledger's usedSen). */
export const approvableSen = (requestedSen: number, ledger: { usedSen: number }) => Math.max(0, Math.min(requestedSen, ledger.usedSen));

import type { OrderCardDto, OrderDetailDto } from './format.ts';

/** The actions with a dialog; paying is a link to the payment page. */
export type ActionKind = 'cancel' | 'delete' | 'changeTime' | 'refund' | 'revokeRefund';

/** What the buttons and dialogs need of an order: a card of the list or the whole order. */
export interface ActionTarget {
  orderNo: string;
  actions: OrderCardDto['actions'];
  secondsToPay: number;
  paidSen: number;
  refundedSen: number;
  /** What a refund may still return: the order's ledger, money being returned apart left out. */
  refundableSen: number;
  /** The open refund request's amount, for the revoke dialog. */
  refundSen: number | null;
  appointment: { date: string; time: string; endTime: string } | null;
  reschedulesLeft: number;
  /** The whole order when the page has it (the change-time dialog needs its workshop and lines). */
  detail: OrderDetailDto | null;
}

/** After an action: the order as the server now answers it, or gone from the list. */
export type ActionResult = { kind: 'changed'; order: OrderDetailDto } | { kind: 'deleted'; orderNo: string };
export type Done = (result: ActionResult) => void;

/** What the buttons need of a card of the list, or of the whole order on its page. */
export function targetOf(order: OrderCardDto | OrderDetailDto): ActionTarget {
  const detail = 'lines' in order ? order : null;
  return {
    orderNo: order.orderNo,
    actions: order.actions,
    secondsToPay: order.secondsToPay,
    paidSen: order.paidSen,
    refundedSen: order.refundedSen,
    refundableSen: order.money.usedSen,
    refundSen: (detail ? detail.refunds[0] : (order as OrderCardDto).refund)?.amountSen ?? null,
    appointment: order.appointment,
    reschedulesLeft: order.reschedulesLeft,
    detail,
  };
}

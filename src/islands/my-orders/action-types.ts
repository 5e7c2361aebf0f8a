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

export function targetOfCard(card: OrderCardDto): ActionTarget {
  return {
    orderNo: card.orderNo,
    actions: card.actions,
    secondsToPay: card.secondsToPay,
    paidSen: card.paidSen,
    refundedSen: card.refundedSen,
    refundSen: card.refund?.amountSen ?? null,
    appointment: card.appointment,
    reschedulesLeft: card.reschedulesLeft,
    detail: null,
  };
}

export function targetOfDetail(order: OrderDetailDto): ActionTarget {
  return {
    orderNo: order.orderNo,
    actions: order.actions,
    secondsToPay: order.secondsToPay,
    paidSen: order.paidSen,
    refundedSen: order.refundedSen,
    refundSen: order.refunds[0]?.amountSen ?? null,
    appointment: order.appointment,
    reschedulesLeft: order.reschedulesLeft,
    detail: order,
  };
}

import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Actor, FulfilmentMethod, OrderStage, OrderStatus } from '../../../contract/rules/order-status.ts';
import { stateTable, type StateMove } from '../../../contract/rules/state-table.ts';

/**
 * The order state table of docs/contracts/orders.md §1 (the refund's is in modules/refunds/states.ts). Every
 * move names who may make it; a move that is not in the table is refused with a message key
 * (code 807 in the API). The only writer of the state, moveOrder (service.ts), writes the
 * history row with it.
 */

export interface OrderState {
  status: OrderStatus;
  stage: OrderStage | null;
  method: FulfilmentMethod;
}

export type OrderEvent = 'pay' | 'payLate' | 'cancel' | 'expire' | 'start' | 'ready' | 'ship' | 'complete' | 'refund' | 'miss';

export interface HistoryRow<S extends string, T extends string | null> {
  status: S;
  stage: T;
  by: Actor;
  note: string;
}

export type Refusal = { ok: false; key: MessageKey; params?: Record<string, string | number> };
export type OrderMove = { ok: true; status: OrderStatus; stage: OrderStage | null; history: HistoryRow<OrderStatus, OrderStage | null> } | Refusal;

/** The note of an order the system cancels because it was not paid in time (issue 8). */
export const PAYMENT_EXPIRED_NOTE = 'payment time expired';

/** Where a paid order starts, by method: a booked bay, a parcel being prepared, one to ship. */
export const firstStage: Record<FulfilmentMethod, OrderStage> = { install: 'BOOKED', pickup: 'PREPARING', mail: 'TO_SHIP', mobile: 'BOOKED' };

interface OrderRow extends StateMove<OrderStatus, OrderEvent, Actor> {
  /** The stage it must be in; undefined: any. */
  fromStage?: OrderStage | null;
  /** The methods it applies to; undefined: all. */
  methods?: readonly FulfilmentMethod[];
  /** The new stage; 'first' is the method's first stage. */
  toStage: OrderStage | null | 'first';
}

const PAID: readonly OrderStatus[] = ['UPCOMING', 'IN_PROGRESS', 'COMPLETED'];

export const orderTable: readonly OrderRow[] = [
  // Only the provider's verified callback, or the server asking the provider, marks an order paid.
  { event: 'pay', from: 'PENDING_PAYMENT', fromStage: null, to: 'UPCOMING', toStage: 'first', by: ['system'] },
  // A payment that arrives after the time-out, while what the order needs is still free: the
  // caller checks that (and that the system, not the customer, ended the order).
  { event: 'payLate', from: 'CANCELLED', fromStage: null, to: 'UPCOMING', toStage: 'first', by: ['system'] },
  { event: 'cancel', from: 'PENDING_PAYMENT', fromStage: null, to: 'CANCELLED', toStage: null, by: ['customer'] },
  // A van's visit, paid and not yet started: the customer cancels and is refunded (the visit fee kept once the technician set off).
  { event: 'cancel', from: 'UPCOMING', fromStage: 'BOOKED', methods: ['mobile'], to: 'CANCELLED', toStage: null, by: ['customer'] },
  { event: 'expire', from: 'PENDING_PAYMENT', fromStage: null, to: 'CANCELLED', toStage: null, by: ['system'] },
  { event: 'start', from: 'UPCOMING', fromStage: 'BOOKED', methods: ['install', 'mobile'], to: 'IN_PROGRESS', toStage: 'IN_SERVICE', by: ['staff'] },
  { event: 'ready', from: 'UPCOMING', fromStage: 'PREPARING', methods: ['pickup'], to: 'UPCOMING', toStage: 'READY', by: ['staff'] },
  { event: 'ship', from: 'UPCOMING', fromStage: 'TO_SHIP', methods: ['mail'], to: 'IN_PROGRESS', toStage: 'SHIPPED', by: ['staff'] },
  { event: 'complete', from: 'IN_PROGRESS', fromStage: 'IN_SERVICE', methods: ['install', 'mobile'], to: 'COMPLETED', toStage: null, by: ['staff'] },
  { event: 'complete', from: 'IN_PROGRESS', fromStage: 'SHIPPED', methods: ['mail'], to: 'COMPLETED', toStage: null, by: ['staff'] },
  { event: 'complete', from: 'UPCOMING', fromStage: 'READY', methods: ['pickup'], to: 'COMPLETED', toStage: null, by: ['staff'] },
  // At the customer's place, the customer was not there: the visit fee is kept, the rest goes back (flows/console/mobile.ts).
  { event: 'miss', from: 'UPCOMING', fromStage: 'BOOKED', methods: ['mobile'], to: 'CANCELLED', toStage: null, by: ['staff'] },
  // The refund that returns the last paid sen moves the order; its guard checks the amounts.
  ...PAID.map((from): OrderRow => ({ event: 'refund', from, to: 'REFUNDED', toStage: null, by: ['system'] })),
];

/** What the customer or staff is told when a move does not fit the order's state. */
const orderRefusal: Record<OrderEvent, MessageKey> = {
  pay: 'order.payRefused',
  payLate: 'order.payRefused',
  cancel: 'order.cancelRefused',
  expire: 'order.payRefused',
  start: 'order.startRefused',
  ready: 'order.readyRefused',
  ship: 'order.shipRefused',
  complete: 'order.completeRefused',
  refund: 'order.refundedRefused',
  miss: 'mobile.missRefused',
};

export interface OrderMoveContext {
  /** The customer's reason for cancelling (required), or a note for the history. */
  note?: string;
  /** For `refund`: what was paid and what has been returned, refunds included (the order's ledger). */
  paidSen?: number;
  returnedSen?: number;
}

const orders = stateTable<OrderStatus, OrderEvent, Actor, OrderRow, OrderState>({
  rows: orderTable,
  refusal: orderRefusal,
  notPermitted: 'order.notPermitted',
  applies: (row, state) =>
    row.from === state.status && (row.fromStage === undefined || row.fromStage === state.stage) && (!row.methods || row.methods.includes(state.method)),
});

/** The next status and stage of an order after `event` by `by`, or why not. */
export function transitionOrder(state: OrderState, event: OrderEvent, by: Actor, context: OrderMoveContext = {}): OrderMove {
  const allowed = orders.move(state, event, by);
  if (!allowed.ok) return { ok: false, key: allowed.key };
  const { row } = allowed;

  let note = context.note?.trim() ?? '';
  if (event === 'cancel' && note === '') return { ok: false, key: 'order.reasonRequired' };
  if (event === 'expire') note ||= PAYMENT_EXPIRED_NOTE;
  if (event === 'refund') {
    const { paidSen = 0, returnedSen = 0 } = context;
    if (paidSen <= 0 || returnedSen < paidSen) return { ok: false, key: 'order.notFullyRefunded' };
  }

  const stage = row.toStage === 'first' ? firstStage[state.method] : row.toStage;
  return { ok: true, status: row.to, stage, history: { status: row.to, stage, by, note } };
}

/** The moves `by` could make on the order now (for the console's buttons). */
export function orderEventsFor(state: OrderState, by: Actor): OrderEvent[] {
  return orders.eventsFor(state, by);
}

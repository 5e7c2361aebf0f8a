import type { Actor } from '../../../contract/rules/order-status.ts';
import { stateTable, type Refused, type StateMove } from '../../../contract/rules/state-table.ts';
import type { PaymentState } from './schema.ts';

/**
 * The payment state table, like the order's and the refund's: an attempt starts `pending`; the
 * provider's word pays it (`succeeded`), fails it or lets it expire; the shop fails one whose
 * checkout would not open and expires one a newer checkout replaced. Money may still arrive for
 * an attempt that failed once (a hosted page lets the customer try again on it) or that expired
 * (a late payment): it is recorded as paid. A paid attempt never moves again: what goes back is
 * a return against it, not a change of its state. A move that is not in the table is refused
 * (807 in the API) and changes nothing; the payments service is the only writer of the state.
 */

export type PaymentEvent = 'pay' | 'fail' | 'expire';

export const paymentTable: readonly StateMove<PaymentState, PaymentEvent, Actor>[] = [
  { event: 'pay', from: 'pending', to: 'succeeded', by: ['system'] },
  { event: 'pay', from: 'failed', to: 'succeeded', by: ['system'] },
  { event: 'pay', from: 'expired', to: 'succeeded', by: ['system'] },
  { event: 'fail', from: 'pending', to: 'failed', by: ['system'] },
  { event: 'expire', from: 'pending', to: 'expired', by: ['system'] },
];

export const paymentStates = stateTable<PaymentState, PaymentEvent, Actor>({
  rows: paymentTable,
  refusal: { pay: 'payment.moveRefused', fail: 'payment.moveRefused', expire: 'payment.moveRefused' },
});

/** Why a payment in `state` may not make `event`, or null when it may. */
export function paymentRefusal(state: PaymentState, event: PaymentEvent): Refused | null {
  const allowed = paymentStates.move(state, event, 'system');
  return allowed.ok ? null : allowed;
}

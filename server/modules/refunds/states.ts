import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Actor, RefundStatus } from '../../../contract/rules/order-status.ts';
import { ringgit } from '../../../contract/rules/order-total.ts';
import { stateTable, type StateMove } from '../../../contract/rules/state-table.ts';
import type { HistoryRow, Refusal } from '../orders/states.ts';

/**
 * The refund state table of docs/contracts/orders.md §1. Every move names who may make it; a move that is
 * not in the table is refused with a message key (code 807 in the API). The only writer of a
 * refund's status, moveRefund (service.ts), writes the history row with it.
 */

export type RefundEvent = 'approve' | 'reject' | 'process' | 'complete' | 'revoke' | 'fail' | 'retry' | 'payOutside';
export type RefundMove = { ok: true; status: RefundStatus; history: HistoryRow<RefundStatus, null> } | Refusal;

type RefundRow = StateMove<RefundStatus, RefundEvent, Actor>;

export const refundTable: readonly RefundRow[] = [
  // Staff approve with the amount; the console lets only admins do it (docs/contracts/orders.md §4).
  { event: 'approve', from: 'PENDING_REVIEW', to: 'REVIEWED', by: ['staff'] },
  { event: 'reject', from: 'PENDING_REVIEW', to: 'REJECTED', by: ['staff'] },
  { event: 'revoke', from: 'PENDING_REVIEW', to: 'REVOKED', by: ['customer'] },
  // Sent to the payment provider, then confirmed by it.
  { event: 'process', from: 'REVIEWED', to: 'PROCESSING', by: ['system'] },
  { event: 'complete', from: 'PROCESSING', to: 'COMPLETED', by: ['system'] },
  // The provider could not pay it (docs/contracts/after-sale.md §5): an admin sends it again, with a new
  // request to the provider, or pays it outside the provider and records the reference.
  { event: 'fail', from: 'REVIEWED', to: 'FAILED', by: ['system'] },
  { event: 'fail', from: 'PROCESSING', to: 'FAILED', by: ['system'] },
  { event: 'retry', from: 'FAILED', to: 'PROCESSING', by: ['staff'] },
  { event: 'payOutside', from: 'FAILED', to: 'COMPLETED', by: ['staff'] },
];

const refundRefusal: Record<RefundEvent, MessageKey> = {
  approve: 'refund.notPending',
  reject: 'refund.notPending',
  revoke: 'refund.notPending',
  process: 'refund.processRefused',
  complete: 'refund.completeRefused',
  fail: 'refund.failRefused',
  retry: 'refund.retryRefused',
  payOutside: 'refund.retryRefused',
};

const refunds = stateTable<RefundStatus, RefundEvent, Actor>({ rows: refundTable, refusal: refundRefusal, notPermitted: 'refund.notPermitted' });

export interface RefundMoveContext {
  note?: string;
  /** For `approve`: the amount approved, and the most that may still be returned on the order. */
  amountSen?: number;
  refundableSen?: number;
  /** For `approve`: what the customer asked for; approving less is explained in the note. */
  requestedSen?: number;
}

/** The next status of a refund after `event` by `by`, or why not. */
export function transitionRefund(status: RefundStatus, event: RefundEvent, by: Actor, context: RefundMoveContext = {}): RefundMove {
  const allowed = refunds.move(status, event, by);
  if (!allowed.ok) return { ok: false, key: allowed.key };
  const { row } = allowed;

  const note = context.note?.trim() ?? '';
  if (event === 'reject' && note === '') return { ok: false, key: 'refund.noteRequired' };
  if (event === 'payOutside' && note === '') return { ok: false, key: 'refund.referenceRequired' };
  if (event === 'approve') {
    const { amountSen, refundableSen = 0, requestedSen } = context;
    if (amountSen === undefined || !Number.isSafeInteger(amountSen) || amountSen < 1 || amountSen > refundableSen) {
      return { ok: false, key: 'refund.amount', params: { max: ringgit(refundableSen) } };
    }
    if (requestedSen !== undefined && amountSen < requestedSen && note === '') return { ok: false, key: 'refund.partialNoteRequired' };
  }
  return { ok: true, status: row.to, history: { status: row.to, stage: null, by, note } };
}

/** The moves `by` could make on a refund in `status` now (the console's buttons). */
export function refundEventsFor(status: RefundStatus, by: Actor): RefundEvent[] {
  return refunds.eventsFor(status, by);
}

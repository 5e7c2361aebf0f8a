import { ringgit } from '../../../contract/rules/order-total.ts';
import type { Db } from '../../db/client.ts';
import { warning } from '../../modules/errors.ts';
import { orderNotice, type NoticeContext } from '../../modules/notifications/service.ts';
import { addHistory, type OrderRow } from '../../modules/orders/service.ts';
import { ledgerOf } from '../../modules/payments/ledger.ts';
import { allocateRefund, scheduleSends, sendReturn, type PayoutContext } from './payout.ts';
import { approvableSen } from '../../modules/refunds/refundable.ts';
import { latestRefund, moveRefund, refundNo, type RefundRow } from '../../modules/refunds/service.ts';
import { refundEventsFor } from '../../modules/refunds/states.ts';

export interface ReviewInput {
  decision: 'approve' | 'reject';
  amountSen?: number;
  note: string;
  /** The caller tells the customer itself, in one SMS (a warranty claim's refund offer): no SMS of the decision here. */
  untold?: true;
}

export interface Reviewed {
  refundNo: string;
  /** The request as it was, and as decided. */
  before: RefundRow;
  after: RefundRow;
  /** The SMS, and for an approval the payout, once the caller's transaction has committed. */
  afterCommit: () => Promise<void>;
}

/**
 * Staff's decision on the order's request waiting for review, in the caller's transaction
 * with the order locked: only one decision passes (a second at once finds it no longer
 * pending: 807). An approval is at most what was asked and what is still refundable, needs a
 * note when it is less than asked, and goes to the payment provider after the commit; the
 * provider's callback completes it (payout.ts). The customer is told by SMS either way (by the
 * caller's SMS when it says `untold`).
 */
export async function decideRefund(tx: Db, ctx: NoticeContext & PayoutContext, order: OrderRow, input: ReviewInput, now: Date): Promise<Reviewed> {
  const refund = await latestRefund(tx, order.id);
  if (!refund || !refundEventsFor(refund.status, 'staff').includes(input.decision)) throw warning('refund.notPending');
  const number = refundNo(order.orderNo, refund.seq);
  if (input.decision === 'reject') {
    const rejected = await moveRefund(tx, refund, 'reject', 'staff', { note: input.note }, now, 'note');
    await addHistory(tx, order, { by: 'staff', noteKey: 'history.refundRejected', noteParams: { note: input.note } }, now);
    const notice = await orderNotice(tx, ctx, order, { kind: 'refundDecided', approved: false, amountSen: refund.amountSen, note: input.note }, now);
    return { refundNo: number, before: refund, after: rejected, afterCommit: notice };
  }

  const most = approvableSen(refund.requestedSen, await ledgerOf(tx, order.id));
  const amountSen = input.amountSen ?? refund.requestedSen;
  if (amountSen > most) throw warning('console.refundAbove', { max: ringgit(most) }, { field: 'amountSen' });
  const guard = { amountSen, refundableSen: most, requestedSen: refund.requestedSen, note: input.note };
  const field = amountSen < refund.requestedSen && input.note.trim() === '' ? 'note' : 'amountSen';
  const reviewed = await moveRefund(tx, refund, 'approve', 'staff', guard, now, field);
  // Split across the payments it can go back to, each return within what its payment can give back.
  const { returns, leftSen } = await allocateRefund(tx, reviewed, now);
  if (returns.length === 0) throw warning('gateway.notPaid');
  if (leftSen > 0) throw warning('console.refundAbove', { max: ringgit(amountSen - leftSen) }, { field: 'amountSen' });
  await addHistory(tx, order, { by: 'staff', noteKey: 'history.refundApproved', noteParams: { amount: ringgit(amountSen) } }, now);
  const notice = input.untold ? async () => {} : await orderNotice(tx, ctx, order, { kind: 'refundDecided', approved: true, amountSen, note: input.note }, now);
  await scheduleSends(tx, returns, now);
  return {
    refundNo: number,
    before: refund,
    after: reviewed,
    afterCommit: async () => {
      await notice();
      for (const ret of returns) await sendReturn(ctx, ret, reviewed.reason);
    },
  };
}

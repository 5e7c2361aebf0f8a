import type { Db } from '../../db/client.ts';
import { warning } from '../../modules/errors.ts';
import { orderNotice, type Notice, type NoticeContext } from '../../modules/notifications/service.ts';
import type { OrderRow } from '../../modules/orders/service.ts';
import { countReturned } from './complete.ts';
import { creditRefund } from './credit-note.ts';
import { allocateRefund, scheduleSends, sendReturn, type PayoutContext } from './payout.ts';
import { latestRefund, moveRefund, refundNo, type RefundRow } from '../../modules/refunds/service.ts';

/**
 * A refund the payment provider could not pay (FAILED, docs/contracts/after-sale.md §5) and what an admin
 * does with it, in the caller's transaction with the order locked: send it again (a new
 * request with a new idempotency key, PROCESSING), or record that it was paid outside the
 * provider with its reference (COMPLETED).
 */

export interface FailedRefundDone {
  refundNo: string;
  before: RefundRow;
  after: RefundRow;
  /** The provider requests, or the SMS, once the caller's transaction has committed. */
  afterCommit: () => Promise<void>;
}

async function failedRefund(tx: Db, order: OrderRow): Promise<RefundRow> {
  const refund = await latestRefund(tx, order.id);
  if (refund?.status !== 'FAILED') throw warning('refund.retryRefused');
  return refund;
}

export async function retryRefund(tx: Db, ctx: PayoutContext, order: OrderRow, now: Date): Promise<FailedRefundDone> {
  const before = await failedRefund(tx, order);
  const after = await moveRefund(tx, before, 'retry', 'staff', { noteKey: 'refundHistory.retried' }, now);
  const { returns, leftSen } = await allocateRefund(tx, after, now);
  if (returns.length === 0 || leftSen > 0) throw warning('gateway.refundTooLarge');
  await scheduleSends(tx, returns, now);
  return {
    refundNo: refundNo(order.orderNo, before.seq),
    before,
    after,
    afterCommit: async () => {
      for (const ret of returns) await sendReturn(ctx, ret, after.reason);
    },
  };
}

export async function payRefundOutside(tx: Db, ctx: NoticeContext, order: OrderRow, input: { reference: string; note: string }, now: Date): Promise<FailedRefundDone> {
  const before = await failedRefund(tx, order);
  const reference = input.reference.trim();
  if (reference === '') throw warning('refund.referenceRequired', undefined, { field: 'reference' });
  const { returns } = await allocateRefund(tx, before, now, { reference, note: input.note });
  const counted = await countReturned(tx, ctx, order, returns, now);
  const notices: Notice[] = counted.notices;
  const current = counted.order;
  const after = await moveRefund(tx, before, 'payOutside', 'staff', { note: `${reference} ${input.note}`.trim(), noteKey: 'refundHistory.paidOutside' }, now, 'reference');
  await creditRefund(tx, current, after, now);
  notices.push(await orderNotice(tx, ctx, current, { kind: 'refundPaid', amountSen: before.amountSen }, now, `refund-paid-${before.id}`));
  return {
    refundNo: refundNo(order.orderNo, before.seq),
    before,
    after,
    afterCommit: async () => {
      for (const notice of notices) await notice();
    },
  };
}

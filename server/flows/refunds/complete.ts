import { ringgit } from '../../../contract/rules/order-total.ts';
import type { Db } from '../../db/client.ts';
import type { ProviderEvent } from '../../providers/payment/index.ts';
import { orderNotice, type Notice, type NoticeContext } from '../../modules/notifications/service.ts';
import { lockOrder, noteOnOrder, tryMoveOrder, type OrderRow } from '../../modules/orders/service.ts';
import { creditRefund } from './credit-note.ts';
import { failReturn } from './payout.ts';
import { ledgerOf } from '../../modules/payments/ledger.ts';
import { returnByKey, returnsOfRefund, settleReturn, type ReturnRow } from '../../modules/payments/returns.ts';
import { refundById, tryMoveRefund } from '../../modules/refunds/service.ts';
import { releaseUnits } from '../../modules/stock/service.ts';

const NOT_OURS = { ok: false, reason: 'no refund of this shop matches it' } as const;

const sum = (rows: { amountSen: number }[]) => rows.reduce((s, r) => s + r.amountSen, 0);

/**
 * Money confirmed back with the customer (returns the provider paid, or paid outside it, each
 * already `succeeded` in the ledger): the order notes each, and becomes REFUNDED once its
 * ledger shows every paid sen back; a refund completes when all its returns have. Returns the
 * order as it now is and the SMS to send after the commit.
 */
export async function countReturned(tx: Db, ctx: NoticeContext, order: OrderRow, returns: ReturnRow[], now: Date): Promise<{ order: OrderRow; notices: Notice[] }> {
  const notices: Notice[] = [];
  let moved = order;
  for (const ret of returns) {
    moved = await noteOnOrder(tx, moved, { by: 'system', noteKey: ret.refundId ? 'history.refundPaid' : 'history.moneyReturned', noteParams: { amount: ringgit(ret.amountSen) } }, now);
    notices.push(...(await settleRefundOf(tx, ctx, moved, ret, now)));
  }
  // The return of the last paid sen moves the order (the table weighs the ledger's sums).
  const { paidSen, returnedSen } = await ledgerOf(tx, order.id);
  const refunded = await tryMoveOrder(tx, moved, 'refund', 'system', { noteKey: 'history.refundPaid', noteParams: { amount: ringgit(returnedSen) }, paidSen, returnedSen }, now);
  // All the money back: what the order held goes back on the shelf.
  if (refunded.ok) await releaseUnits(tx, refunded.order, 'system', now);
  return { order: refunded.ok ? refunded.order : moved, notices };
}

/** A return counted: its refund completes once all of it is back (credit note, SMS); a surplus is told of by SMS. */
async function settleRefundOf(tx: Db, ctx: NoticeContext, moved: OrderRow, ret: ReturnRow, now: Date): Promise<Notice[]> {
  const notices: Notice[] = [];
  if (ret.refundId) {
    let refund = await refundById(tx, ret.refundId);
    const back = sum((await returnsOfRefund(tx, ret.refundId)).filter((r) => r.state === 'succeeded'));
    if (refund && back >= refund.amountSen) {
      if (refund.status === 'REVIEWED') {
        const sent = await tryMoveRefund(tx, refund, 'process', 'system', { noteKey: 'refundHistory.sent' }, now);
        if (sent.ok) refund = sent.refund;
      }
      const paid = await tryMoveRefund(tx, refund, 'complete', 'system', { noteKey: 'refundHistory.paid' }, now);
      if (paid.ok) await creditRefund(tx, moved, paid.refund, now);
      if (paid.ok) notices.push(await orderNotice(tx, ctx, moved, { kind: 'refundPaid', amountSen: refund.amountSen }, now, `refund-paid-${refund.id}`));
    }
  } else {
    notices.push(await orderNotice(tx, ctx, moved, { kind: 'moneyReturned', amountSen: ret.amountSen }, now, `money-returned-${ret.id}`));
  }
  return notices;
}

/**
 * The provider's word on a return (its callback, recorded once by recordPayment), found by
 * the idempotency key it was sent with: paid, it counts as returned; failed, the return fails
 * (payout.ts). Returns why not when the event matches no return of ours.
 */
export async function completeRefund(
  tx: Db,
  ctx: NoticeContext,
  event: ProviderEvent,
  now: Date,
): Promise<{ ok: true; notices: Notice[]; duplicate?: boolean } | { ok: false; reason: string }> {
  if (!event.refundId) return NOT_OURS;
  const found = await returnByKey(tx, event.refundId);
  if (!found) return NOT_OURS;
  const order = await lockOrder(tx, { id: found.orderId });
  const ret = await returnByKey(tx, event.refundId);
  if (!order || !ret) return NOT_OURS;
  if (event.amountSen !== ret.amountSen) return { ok: false, reason: `amount ${event.amountSen} sen, the return is ${ret.amountSen}` };
  if (event.kind === 'refund.failed') {
    if (ret.state !== 'sending') return { ok: true, notices: [], duplicate: true };
    await failReturn(tx, ret, 'the provider reported the refund failed', now);
    return { ok: true, notices: [] };
  }
  // Stripe tells of one refund in more than one event (refund.updated, charge.refunded).
  if (ret.state === 'succeeded') return { ok: true, notices: [], duplicate: true };
  if (ret.state === 'failed') return { ok: false, reason: 'the return was recorded as failed' };
  await settleReturn(tx, ret.id, 'succeeded', now);
  const counted = await countReturned(tx, ctx, order, [{ ...ret, state: 'succeeded' }], now);
  return { ok: true, notices: counted.notices };
}

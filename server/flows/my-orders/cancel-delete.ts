import { releaseWindow } from '../../modules/mobile/service.ts';
import { releaseHeldUnits } from '../../modules/booking/service.ts';
import { returnCouponUse } from '../../modules/coupons/service.ts';
import { releaseUnits } from '../../modules/stock/service.ts';
import { checkDelete, customerView } from '../../modules/orders/actions.ts';
import { addHistory, hideOrder, moveOrder } from '../../modules/orders/service.ts';
import { pendingCheckouts } from '../../modules/payments/service.ts';
import { ledgerOf } from '../../modules/payments/ledger.ts';
import { insertRefund, latestRefund } from '../../modules/refunds/service.ts';
import type { OrderRow } from '../../modules/orders/service.ts';
import type { Db } from '../../db/client.ts';
import { decideRefund } from '../refunds/review.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { ShopContext } from '../context.ts';
import { lockOwnOrder, refuse } from './own-order.ts';
import { errorMessage } from '../../db/loggable.ts';
import { log } from '../../ops/log.ts';

/**
 * The customer cancels an order waiting for payment, with a reason: like a payment time-out
 * (expire-order.ts) its held units and reserved stock are freed and its coupon use returned, in the same
 * transaction as the move; then the checkouts still open at the provider are closed so the
 * cancelled order cannot be paid. The caller answers with the order.
 */
export async function cancelOrder(ctx: ShopContext, customerId: string, input: { orderNo: string; reason: string }): Promise<void> {
  const now = ctx.now();
  let afterCommit: () => Promise<void> = async () => {};
  const refs = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, customerId, input.orderNo);
    const paidVisit = order.method === 'mobile' && order.status === 'UPCOMING';
    const moved = await moveOrder(tx, order, 'cancel', 'customer', { note: input.reason, changes: { cancelledBy: 'customer' } }, now);
    if (paidVisit) afterCommit = await refundVisit(tx, ctx, moved, input.reason, now);
    await releaseHeldUnits(tx, order.id);
    await releaseWindow(tx, order.id);
    await releaseUnits(tx, order, 'customer', now);
    await returnCouponUse(tx, order.id, now);
    return pendingCheckouts(tx, order.id);
  });
  await afterCommit();
  for (const ref of refs) {
    await ctx.payments.expireCheckout?.(ref).catch((err: unknown) =>
      log.error(`[pay] could not close checkout ${ref} of a cancelled order: ${errorMessage(err)}`),
    );
  }
}

/**
 * A paid visit the customer cancelled: everything is refunded up to the day before; on the day
 * (and so once the technician set off) the visit fee and its tax are kept; recorded and approved in the caller's transaction, paid back through
 * the provider after the commit (the answer's `afterCommit`), the customer told once.
 */
async function refundVisit(tx: Db, ctx: ShopContext, order: OrderRow, reason: string, now: Date): Promise<() => Promise<void>> {
  const onTheDay = order.appointmentDate !== null && klDate(now) >= order.appointmentDate;
  const keptSen = onTheDay || order.onTheWayAt ? order.visitFeeSen + order.visitFeeTaxSen : 0;
  const amountSen = order.totalSen - keptSen;
  if (amountSen <= 0) return async () => {};
  await insertRefund(
    tx,
    { orderId: order.id, customerId: order.customerId, amountSen, reason: `Cancelled by the customer: ${reason}`.slice(0, 500), contact: order.contact.phone, imageKeys: [] },
    { by: 'customer', noteKey: 'mobile.cancelRefundNote' },
    now,
  );
  const reviewed = await decideRefund(tx, ctx, order, { decision: 'approve', amountSen, note: reason }, now);
  return reviewed.afterCommit;
}

/** Hides an ended order from its owner; the order, its history and its money stay for the shop. */
export async function deleteOrder(ctx: ShopContext, customerId: string, orderNo: string) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, customerId, orderNo);
    const view = customerView(order, await ledgerOf(tx, order.id), (await latestRefund(tx, order.id))?.status ?? null);
    const refused = checkDelete(view);
    if (refused) refuse(refused);
    await hideOrder(tx, order.id, now);
    await addHistory(tx, order, { by: 'customer', noteKey: 'history.deleted' }, now);
  });
  return { orderNo, deleted: true as const };
}

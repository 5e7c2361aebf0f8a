import { releaseWindow } from '../../modules/mobile/service.ts';
import { releaseHeldUnits } from '../../modules/booking/service.ts';
import { returnCouponUse } from '../../modules/coupons/service.ts';
import { releaseUnits } from '../../modules/stock/service.ts';
import { checkDelete, customerView } from '../../modules/orders/actions.ts';
import { addHistory, hideOrder, moveOrder } from '../../modules/orders/service.ts';
import { pendingCheckouts } from '../../modules/payments/service.ts';
import { ledgerOf } from '../../modules/payments/ledger.ts';
import { latestRefund } from '../../modules/refunds/service.ts';
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
  const refs = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, customerId, input.orderNo);
    await moveOrder(tx, order, 'cancel', 'customer', { note: input.reason, changes: { cancelledBy: 'customer' } }, now);
    await releaseHeldUnits(tx, order.id);
    await releaseWindow(tx, order.id);
    await releaseUnits(tx, order, 'customer', now);
    await returnCouponUse(tx, order.id, now);
    return pendingCheckouts(tx, order.id);
  });
  for (const ref of refs) {
    await ctx.payments.expireCheckout?.(ref).catch((err: unknown) =>
      log.error(`[pay] could not close checkout ${ref} of a cancelled order: ${errorMessage(err)}`),
    );
  }
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

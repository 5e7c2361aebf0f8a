import type { Locale } from '../../../contract/language.ts';
import { ringgit } from '../../../contract/order-total.ts';
import { checkRefundRequest } from '../../modules/orders/actions.ts';
import { addHistory } from '../../modules/orders/service.ts';
import { transitionRefund } from '../../modules/orders/states.ts';
import { insertRefund, keysInUse, latestRefund, moveRefund } from '../../modules/refunds/service.ts';
import { ownedUploads } from '../../storage/service.ts';
import type { ShopContext } from '../context.ts';
import { customerView } from '../../modules/orders/customer-view.ts';
import { answerOrder, lockOwnOrder, refuse } from './own-order.ts';

/** The database's refusal of a row that breaks `constraint` (a unique index), however the driver wraps it. */
function breaks(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e instanceof Error || (typeof e === 'object' && e !== null); e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && name === constraint) return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

export interface RefundInput {
  orderNo: string;
  reason: string;
  contact: string;
  amountSen?: number;
  images: string[];
}

/**
 * Opens a refund request, with the order locked: the state allows one (no other open, within
 * the warranty for a completed order), the amount is within what was paid and not yet
 * returned (Σ refunded ≤ Σ paid, read under the lock), and each photo is the customer's own
 * and on no other request (the unique index on photo keys has the last word).
 */
export async function requestRefund(ctx: ShopContext, customerId: string, input: RefundInput, locale: Locale) {
  const now = ctx.now();
  if (new Set(input.images).size !== input.images.length) refuse({ ok: false, key: 'refund.imageTwice' }, 'images');
  await ctx.db
    .transaction(async (tx) => {
    const order = await lockOwnOrder(tx, customerId, input.orderNo);
    const view = customerView(order, (await latestRefund(tx, order.id))?.status ?? null);
    const checked = checkRefundRequest(view, { reason: input.reason, amountSen: input.amountSen }, now);
    if (!checked.ok) refuse(checked, checked.key === 'refund.amount' ? 'amountSen' : undefined);

    const owned = await ownedUploads(tx, customerId, input.images);
    if (owned.length !== input.images.length) refuse({ ok: false, key: 'refund.imageUnknown' }, 'images');
    if ((await keysInUse(tx, input.images)).length) refuse({ ok: false, key: 'refund.imageUsed' }, 'images');

    await insertRefund(
      tx,
      { orderId: order.id, customerId, amountSen: checked.amountSen, reason: input.reason, contact: input.contact, imageKeys: input.images },
      { by: 'customer', note: input.reason },
      now,
    );
    await addHistory(tx, order, { by: 'customer', noteKey: 'history.refundRequested', noteParams: { amount: ringgit(checked.amountSen) } }, now);
  })
    .catch((err: unknown) => {
      // A photo put on another order's request at the same moment: the unique index decided.
      if (breaks(err, 'refund_images_key')) refuse({ ok: false, key: 'refund.imageUsed' }, 'images');
      throw err;
    });
  return answerOrder(ctx, customerId, input.orderNo, locale);
}

/** Revokes the order's refund request while it waits for review; after that the answer is 807. */
export async function revokeRefund(ctx: ShopContext, customerId: string, orderNo: string, locale: Locale) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, customerId, orderNo);
    const refund = await latestRefund(tx, order.id);
    if (!refund) refuse({ ok: false, key: 'refund.notPending' });
    const move = transitionRefund(refund.status, 'revoke', 'customer');
    if (!move.ok) refuse(move);
    await moveRefund(tx, refund, move.status, { by: 'customer', noteKey: 'refundHistory.revoked' }, now);
    await addHistory(tx, order, { by: 'customer', noteKey: 'history.refundRevoked' }, now);
  });
  return answerOrder(ctx, customerId, orderNo, locale);
}

import { ringgit } from '../../../contract/rules/order-total.ts';
import type { Db } from '../../db/client.ts';
import { warning } from '../../modules/errors.ts';
import { ownedUploads } from '../../storage/service.ts';
import { customerView } from '../../modules/orders/actions.ts';
import { addHistory, breaksUnique, type OrderRow } from '../../modules/orders/service.ts';
import type { Refusal } from '../../modules/orders/states.ts';
import { ledgerOf } from '../../modules/payments/ledger.ts';
import { checkRefundRequest } from '../../modules/refunds/refundable.ts';
import { insertRefund, keysInUse, latestRefund, moveRefund } from '../../modules/refunds/service.ts';

/** A refusal of the refund rules, as the 807 the customer sees. */
function refuse(refusal: Refusal, field?: string): never {
  throw warning(refusal.key, refusal.params, field ? { field } : null);
}

/** The customer's order, locked for the rest of the transaction (whose it is, the caller checks). */
export type LockOwnOrder = (tx: Db) => Promise<OrderRow>;

export interface RefundInput {
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
export async function requestRefund(db: Db, lock: LockOwnOrder, customerId: string, input: RefundInput, now: Date): Promise<void> {
  if (new Set(input.images).size !== input.images.length) refuse({ ok: false, key: 'refund.imageTwice' }, 'images');
  await db
    .transaction(async (tx) => {
      const order = await lock(tx);
      const view = customerView(order, await ledgerOf(tx, order.id), (await latestRefund(tx, order.id))?.status ?? null);
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
      if (breaksUnique(err, 'refund_images_key')) refuse({ ok: false, key: 'refund.imageUsed' }, 'images');
      throw err;
    });
}

/** Revokes the order's refund request while it waits for review; after that the answer is 807. */
export async function revokeRefund(db: Db, lock: LockOwnOrder, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lock(tx);
    const refund = await latestRefund(tx, order.id);
    if (!refund) refuse({ ok: false, key: 'refund.notPending' });
    await moveRefund(tx, refund, 'revoke', 'customer', { noteKey: 'refundHistory.revoked' }, now);
    await addHistory(tx, order, { by: 'customer', noteKey: 'history.refundRevoked' }, now);
  });
}

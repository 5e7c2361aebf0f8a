import { CANCEL_WINDOW_HOURS } from '../../contract/rules/einvoice-rules.ts';
import type { Db } from '../db/client.ts';
import type { ShopContext } from '../flows/context.ts';
import { claimRefundNote } from '../flows/einvoice-note.ts';
import type { JobHandler } from './queue.ts';
import { documentOfReceipt, lockDocument, moveDocument, noteOfRefund, scheduleRefundNote, type EinvoiceRow, type NotePayload } from '../modules/einvoices/service.ts';
import { lockOrder, type OrderRow } from '../modules/orders/service.ts';
import { ledgerOf } from '../modules/payments/ledger.ts';
import { refundById, type RefundRow } from '../modules/refunds/service.ts';
import { log } from '../ops/log.ts';

/**
 * `einvoice.note` ({refundId}): a completed refund's side at LHDN. An order in no e-invoice yet
 * needs nothing (the month's consolidation counts what it kept). While its e-invoice is on its
 * way, the job comes back later. Once it is valid: the order's own e-invoice, validated less
 * than 72 hours ago and refunded in full, is cancelled (a refused cancellation falls back to a
 * note); anything else gets a refund note naming the original's UUID.
 */

export type NoteContext = Pick<ShopContext, 'db' | 'indexes' | 'einvoice' | 'now'>;

const WAIT_MS = 60_000;

/** Whether LHDN would still let the shop cancel the original rather than note the refund. */
function cancellable(original: EinvoiceRow, order: OrderRow, returnedSen: number, refund: RefundRow, now: Date): boolean {
  if (original.type !== 'invoice' || original.orderId !== order.id || !original.validatedAt) return false;
  const returnedAll = refund.amountSen >= original.totalSen && returnedSen >= original.totalSen;
  return returnedAll && now.getTime() - original.validatedAt.getTime() < CANCEL_WINDOW_HOURS * 3600_000;
}

export function einvoiceNoteHandler(ctx: NoteContext): JobHandler {
  return async (tx, job, now) => {
    const { refundId } = job.payload as unknown as NotePayload;
    const refund = await refundById(tx, refundId);
    const order = refund ? await lockOrder(tx, { id: refund.orderId }) : undefined;
    if (!refund || !order || (await noteOfRefund(tx, refund.id))) return;
    const covering = await documentOfReceipt(tx, order.id);
    if (!covering) return;
    const original = await lockDocument(tx, covering.id);
    if (!original || original.status === 'INVALID' || original.status === 'CANCELLED') return;
    if (original.status !== 'VALID') return scheduleRefundNote(tx, refund.id, now, new Date(now.getTime() + WAIT_MS));
    if (!cancellable(original, order, (await ledgerOf(tx, order.id)).returnedSen, refund, now)) {
      await claimRefundNote(tx, ctx, order, refund, original, now);
      return;
    }
    // Cancelled after the commit; if LHDN refuses, the refund gets its note instead.
    return async () => {
      const answer = await ctx.einvoice.provider.client.cancel(original.uuid!, `Refund ${refund.id}: the order was refunded in full`);
      const at = ctx.now();
      await ctx.db.transaction(async (later: Db) => {
        const current = await lockDocument(later, original.id);
        if (!current || current.status !== 'VALID') return;
        if (answer.ok) {
          await moveDocument(later, current, 'cancel', 'system', { cancelledAt: at }, at, `Refund ${refund.id}: the order was refunded in full`);
          return;
        }
        log.warn(`[einvoice] ${original.documentNo} not cancelled (${answer.error.message}): a refund note instead`);
        const lockedOrder = await lockOrder(later, { id: order.id });
        if (lockedOrder) await claimRefundNote(later, ctx, lockedOrder, refund, current, at);
      });
    };
  };
}

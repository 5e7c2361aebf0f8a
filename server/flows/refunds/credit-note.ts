import type { Db } from '../../db/client.ts';
import { scheduleRefundNote } from '../../modules/einvoices/service.ts';
import { issueCreditNote } from '../../modules/invoices/service.ts';
import { linesOf, type OrderRow } from '../../modules/orders/service.ts';
import { refundNo, type RefundRow } from '../../modules/refunds/service.ts';

/**
 * A refund has just completed: its credit note, in the same transaction (the order is locked),
 * and its e-invoice note (or the e-invoice's cancellation) scheduled.
 */
export async function creditRefund(tx: Db, order: OrderRow, refund: RefundRow, now: Date): Promise<void> {
  const lines = await linesOf(tx, order.id);
  await scheduleRefundNote(tx, refund.id, now);
  await issueCreditNote(
    tx,
    { id: refund.id, refundNo: refundNo(order.orderNo, refund.seq), orderId: order.id, amountSen: refund.amountSen },
    { lines, serviceTaxSen: order.serviceTaxSen, totalSen: order.totalSen },
    now,
  );
}

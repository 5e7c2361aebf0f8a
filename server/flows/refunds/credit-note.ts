import type { Db } from '../../db/client.ts';
import { scheduleRefundNote } from '../../modules/einvoices/service.ts';
import { issueCreditNote } from '../../modules/invoices/service.ts';
import { linesOf, type OrderRow } from '../../modules/orders/service.ts';
import { refundNo, type RefundRow } from '../../modules/refunds/service.ts';
import { VISIT_FEE_LINE } from '../../../contract/rules/mobile.ts';

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
    {
      // A van's visit fee is given back in proportion too, as a line of its own.
      lines: order.visitFeeSen > 0 ? [...lines, { productId: VISIT_FEE_LINE, name: 'Visit fee', quantity: 1, totalSen: order.visitFeeSen + order.visitFeeTaxSen, labourSen: order.visitFeeSen }] : lines,
      serviceTaxSen: order.serviceTaxSen + order.visitFeeTaxSen,
      totalSen: order.totalSen,
    },
    now,
  );
}

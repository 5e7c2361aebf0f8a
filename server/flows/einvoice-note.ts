import { klMonth } from '../../contract/rules/kl-calendar.ts';
import type { Db } from '../db/client.ts';
import { claimDocument, type EinvoiceRow } from '../modules/einvoices/service.ts';
import { creditedFigures, creditNoteOfRefund } from '../modules/invoices/service.ts';
import type { OrderRow } from '../modules/orders/service.ts';
import { refundNo, type RefundRow } from '../modules/refunds/service.ts';
import { buildRefundNote, noteAmounts, type EinvoiceBuyer, type EinvoiceNamedBuyer } from '../providers/einvoice/ubl/index.ts';
import type { ShopContext } from './context.ts';
import { chargedOrder, paymentOf } from './einvoice-order.ts';
import { signedText } from './einvoice-sign.ts';

/**
 * A refund note (type 04) for money paid back against a valid e-invoice, naming its UUID: the
 * amounts split as the refund's credit note states them (its parts, labour and service tax), the
 * buyer of the original (General Public for a consolidated one), numbered as the refund's
 * credit note. Claimed once per refund (`refund-note:<refundId>`); null when it exists.
 */
export async function claimRefundNote(
  tx: Db,
  ctx: Pick<ShopContext, 'indexes' | 'einvoice'>,
  order: OrderRow,
  refund: RefundRow,
  original: EinvoiceRow,
  now: Date,
): Promise<EinvoiceRow | null> {
  const number = refundNo(order.orderNo, refund.seq);
  const creditNote = await creditNoteOfRefund(tx, refund.id);
  const documentNo = creditNote?.creditNoteNo ?? number;
  // The parts, labour and service tax the credit note states, so both documents say the same.
  const takenBack = creditedFigures(creditNote, order, refund.amountSen);
  const amounts = noteAmounts(await chargedOrder(tx, ctx, order), refund.amountSen, `Refund ${number} of order ${order.orderNo}`, takenBack);
  const buyer: EinvoiceBuyer = original.type === 'invoice' && original.buyer ? (original.buyer as EinvoiceNamedBuyer) : { type: 'general-public' };
  const doc = buildRefundNote({
    documentNo,
    issuedAt: now,
    seller: await ctx.einvoice.seller(),
    buyer,
    orderNo: order.orderNo,
    ...amounts,
    payment: { ...(await paymentOf(tx, order, now)), paidAt: now },
    original: { uuid: original.uuid!, documentNo: original.documentNo },
  });
  return claimDocument(
    tx,
    {
      claimKey: `refund-note:${refund.id}`,
      type: 'refund-note',
      documentNo,
      month: klMonth(now),
      orderId: order.id,
      refundId: refund.id,
      ...(buyer.type === 'general-public' ? {} : { buyer: original.buyer! }),
      totalSen: refund.amountSen,
      refersTo: original.uuid!,
      ...signedText(doc, now),
    },
    now,
  );
}

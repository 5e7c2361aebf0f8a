import { klMonth } from '../../contract/rules/kl-calendar.ts';
import type { Db } from '../db/client.ts';
import { claimDocument, type EinvoiceBuyer as StoredBuyer, type EinvoiceRow } from '../modules/einvoices/service.ts';
import { lineName } from '../modules/orders/line-view.ts';
import { linesOf, type OrderRow } from '../modules/orders/service.ts';
import { paidAtOfOrder } from '../modules/payments/ledger.ts';
import { paidPayments, paymentById } from '../modules/payments/service.ts';
import { buildInvoice, type ChargedOrder, type EinvoiceBuyer, type EinvoiceLineInput, type EinvoiceNamedBuyer, type EinvoicePayment } from '../providers/einvoice/ubl/index.ts';
import type { ShopContext } from './context.ts';
import { signedText } from './einvoice-sign.ts';

/**
 * An order's own e-invoice (type 01): for the buyer who asked for it, or for a sale above
 * RM 10,000 at its payment ("General Public"). Built from the order as it was paid, signed,
 * and claimed under `invoice:<orderId>` with the order as its receipt, in the caller's
 * transaction; `einvoice.submit` sends it. Null when the order is in an e-invoice already.
 */

/** LHDN classification: 030 repair and maintenance for a line with fitting, 022 others. */
const classificationOf = (labourSen: number) => (labourSen > 0 ? '030' : '022');

/** What the order charged, as its e-invoice and any later note take it. */
export async function chargedOrder(db: Db, ctx: Pick<ShopContext, 'indexes'>, order: OrderRow): Promise<ChargedOrder> {
  const lines = await linesOf(db, order.id);
  const products = ctx.indexes.catalog.byId;
  // Fitting at the customer's place: the van's visit is a service, taxed as labour (02, 8 %).
  const visit: EinvoiceLineInput[] =
    order.visitFeeSen > 0
      ? [
          {
            description: `Visit fee, fitting at the customer's place (${order.orderNo})`,
            quantity: 1,
            unitSen: order.visitFeeSen + order.visitFeeTaxSen,
            partsSen: 0,
            labourSen: order.visitFeeSen,
            serviceTaxSen: order.visitFeeTaxSen,
            totalSen: order.visitFeeSen + order.visitFeeTaxSen,
            classification: classificationOf(order.visitFeeSen),
          },
        ]
      : [];
  return {
    lines: [
      ...lines.map(
      (l): EinvoiceLineInput => ({
        description: `${lineName(l, products, 'en')} (${order.orderNo})`,
        quantity: l.quantity,
        unitSen: l.unitSen,
        partsSen: l.partsSen,
        labourSen: l.labourSen,
        serviceTaxSen: l.serviceTaxSen,
        totalSen: l.totalSen,
        classification: classificationOf(l.labourSen),
      }),
      ),
      ...visit,
    ],
    deliveryFeeSen: order.deliveryFeeSen,
    discountSen: order.discountSen,
  };
}

/**
 * How the order was paid, as the e-invoice names it (a coupon that paid it all: other); a
 * provider's payment also gives its reference and amount, the invoice's PrepaidPayment:
 * `paymentId` names the payment being recorded right now, before it counts as paid.
 */
export async function paymentOf(db: Db, order: OrderRow, fallbackAt: Date, paymentId?: string | null): Promise<EinvoicePayment> {
  const payment = (paymentId ? await paymentById(db, paymentId) : undefined) ?? (await paidPayments(db, [order.id])).find((p) => !p.refundDue);
  return {
    method: payment?.method ?? 'other',
    ...(payment?.method === 'card' && payment.cardType ? { cardType: payment.cardType } : {}),
    paidAt: payment?.paidAt ?? (await paidAtOfOrder(db, order)) ?? fallbackAt,
    ...(payment?.providerRef ? { reference: payment.providerRef, amountSen: payment.amountSen } : {}),
  };
}

export async function claimOrderEinvoice(
  tx: Db,
  ctx: Pick<ShopContext, 'indexes' | 'einvoice'>,
  order: OrderRow,
  invoiceNo: string,
  buyer: EinvoiceBuyer,
  now: Date,
  paymentId?: string | null,
): Promise<EinvoiceRow | null> {
  const charged = await chargedOrder(tx, ctx, order);
  const payment = await paymentOf(tx, order, now, paymentId);
  const doc = buildInvoice({
    documentNo: invoiceNo,
    issuedAt: now,
    seller: await ctx.einvoice.seller(),
    // The builders write "General Public" (LHDN's general TIN) for a sale nobody asked an e-invoice for.
    buyer: buyer as EinvoiceNamedBuyer,
    orderNo: order.orderNo,
    lines: charged.lines,
    deliveryFeeSen: charged.deliveryFeeSen,
    discountSen: charged.discountSen,
    ...(order.couponCode ? { discountReason: `Coupon ${order.couponCode}` } : {}),
    payment,
  });
  return claimDocument(
    tx,
    {
      claimKey: `invoice:${order.id}`,
      type: 'invoice',
      documentNo: invoiceNo,
      month: klMonth(payment.paidAt),
      orderId: order.id,
      ...(buyer.type === 'general-public' ? {} : { buyer: buyer as StoredBuyer }),
      totalSen: order.totalSen,
      ...signedText(doc, now),
      receipts: [{ orderId: order.id, orderNo: order.orderNo }],
    },
    now,
  );
}

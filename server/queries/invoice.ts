import type { z } from 'zod';
import type { invoiceDto } from '../../contract/invoice.ts';
import { fpxBanks } from '../../contract/rules/order-status.ts';
import { SERVICE_TAX_PERCENT } from '../../contract/rules/einvoice-rules.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import { VISIT_FEE_LINE } from '../../contract/rules/mobile.ts';
import { warning } from '../modules/errors.ts';
import { creditNotesOfOrder, invoiceOfOrder } from '../modules/invoices/service.ts';
import { fittedTyreView, lineName } from '../modules/orders/line-view.ts';
import { customerOrder, linesOf, tyresOf, type OrderRow } from '../modules/orders/service.ts';
import { paidAtFrom } from '../modules/payments/ledger.ts';
import { paidPayments, type PaymentRow } from '../modules/payments/service.ts';
import { refundsOfOrders } from '../modules/refunds/service.ts';
import type { SellerDetails } from '../modules/seller/details.ts';
import type { ReadContext } from './context.ts';
import { noteOfRefund } from '../modules/einvoices/service.ts';
import { documentView } from '../modules/einvoices/view.ts';
import { orderEinvoice } from './einvoice.ts';

type Invoice = z.input<typeof invoiceDto>;

/** How a payment was made, in words of the reader's language. */
export function payMethodWords(payment: Pick<PaymentRow, 'method' | 'bankCode'> & Partial<Pick<PaymentRow, 'cardType'>> | undefined, locale: Locale): string {
  if (!payment) return message(locale, 'invoice.method.coupon');
  if (payment.method === 'fpx') {
    const bank = fpxBanks.find((b) => b.code === payment.bankCode)?.name ?? payment.bankCode;
    return bank ? message(locale, 'invoice.method.fpx', { bank }) : message(locale, 'invoice.method.fpxAnyBank');
  }
  if (payment.method === 'card' && payment.cardType) return message(locale, payment.cardType === 'credit' ? 'invoice.method.cardCredit' : 'invoice.method.cardDebit');
  return message(locale, `invoice.method.${payment.method}`);
}

const oneLine = (parts: (string | undefined | null)[]) => parts.filter((p) => p && p.trim() !== '').join(', ');

function buyerAddress(order: OrderRow): string | null {
  const a = order.address;
  return a ? oneLine([a.line1, a.line2, `${a.postcode} ${a.city}`, a.state]) : null;
}

/**
 * The order's credit notes as its invoice shows them (and the customer's data,
 * docs/contracts/running-the-business.md §5): the lines named in `locale`, the reason of the
 * refund each credits, and its e-invoice when one was issued.
 */
export async function creditNoteViews(ctx: ReadContext, orderId: string, locale: Locale, portalBase: string): Promise<Invoice['creditNotes']> {
  const notes = await creditNotesOfOrder(ctx.db, orderId);
  if (!notes.length) return [];
  const refunds = await refundsOfOrders(ctx.db, [orderId]);
  const products = ctx.indexes.catalog.byId;
  const views: Invoice['creditNotes'] = [];
  // One after the other: `db` may be a transaction, whose queries share one connection.
  for (const n of notes) {
    const doc = await noteOfRefund(ctx.db, n.refundId);
    views.push({
      creditNoteNo: n.creditNoteNo,
      invoiceNo: n.invoiceNo,
      issuedAt: n.issuedAt.toISOString(),
      refundNo: n.refundNo,
      reason: refunds.find((r) => r.id === n.refundId)?.reason ?? '',
      lines: n.lines.map((l) => ({ ...l, name: lineName(l, products, locale) })),
      serviceTaxSen: n.serviceTaxSen,
      amountSen: n.amountSen,
      einvoice: doc ? documentView(doc, portalBase) : null,
    });
  }
  return views;
}

/**
 * The tax invoice of one of the caller's paid orders, with its credit notes: someone else's
 * order, or one not paid (no invoice), is refused alike (807), saying neither which.
 */
export async function orderInvoice(ctx: ReadContext, seller: Partial<SellerDetails>, customerId: string, orderNo: string, locale: Locale, portalBase = ''): Promise<Invoice> {
  const order = await customerOrder(ctx.db, customerId, orderNo);
  const invoice = order ? await invoiceOfOrder(ctx.db, order.id) : undefined;
  if (!order || !invoice) throw warning('invoice.none', {}, { field: 'orderNo' });
  // One after the other: `db` may be a transaction, whose queries share one connection.
  const lines = await linesOf(ctx.db, order.id);
  const tyres = order.completedAt ? await tyresOf(ctx.db, order.id) : [];
  const payments = (await paidPayments(ctx.db, [order.id])).filter((p) => !p.refundDue);
  const creditNotes = await creditNoteViews(ctx, order.id, locale, portalBase);

  const products = ctx.indexes.catalog.byId;
  const payment = payments.find((p) => p.id === invoice.paymentId) ?? payments[0];
  const paidAt = payment?.paidAt ?? paidAtFrom(order, payments) ?? invoice.issuedAt;
  const workshop = order.storeId ? ctx.indexes.workshops.find((w) => w.id === order.storeId) : undefined;
  const text = (field: keyof SellerDetails) => {
    const value = seller[field];
    return typeof value === 'string' ? value : '';
  };
  const sstNo = text('sstNo');
  const einvoice = await orderEinvoice(ctx, order, paidAt, portalBase);

  return {
    invoiceNo: invoice.invoiceNo,
    issuedAt: invoice.issuedAt.toISOString(),
    orderNo: order.orderNo,
    seller: {
      legalName: text('legalName'),
      ssmNo: text('ssmNo'),
      sstNo,
      tin: text('tin'),
      msicCode: text('msicCode'),
      address: text('address'),
      phone: text('phone'),
      email: text('email'),
      demo: seller.demo === true,
    },
    buyer: { name: order.contact.name, phone: order.contact.phone, email: order.contact.email ?? null, address: buyerAddress(order) },
    payment: { paidAt: paidAt.toISOString(), method: payMethodWords(payment, locale), reference: payment?.providerRef ?? '' },
    method: order.method,
    store: workshop ? { id: workshop.id, name: workshop.name, address: workshop.address } : null,
    appointment: order.appointmentDate && order.appointmentTime ? { date: order.appointmentDate, time: order.appointmentTime } : null,
    pickupCode: order.method === 'pickup' ? order.pickupCode : null,
    car: { name: [order.car.brand, order.car.model, order.car.variant].filter(Boolean).join(' '), plate: order.carPlate },
    lines: lines.map((l) => ({
      productId: l.productId,
      name: lineName(l, products, locale),
      quantity: l.quantity,
      unitSen: l.unitSen,
      partsSen: l.partsSen,
      labourSen: l.labourSen,
      serviceTaxSen: l.serviceTaxSen,
      totalSen: l.totalSen,
      tyres: tyres.filter((t) => t.lineId === l.id).map((t) => fittedTyreView(t, locale)),
    })).concat(visitLine(order, locale)),
    totals: {
      partsSen: order.partsSen,
      labourSen: order.labourSen,
      serviceTaxSen: order.serviceTaxSen,
      deliveryFeeSen: order.deliveryFeeSen,
      visitFeeSen: order.visitFeeSen,
      visitFeeTaxSen: order.visitFeeTaxSen,
      discountSen: order.discountSen,
      totalSen: order.totalSen,
      paidSen: payments.reduce((s, p) => s + p.amountSen, 0),
      creditedSen: creditNotes.reduce((s, n) => s + n.amountSen, 0),
    },
    serviceTax: { ratePercent: SERVICE_TAX_PERCENT, taxableSen: order.labourSen + order.visitFeeSen, amountSen: order.serviceTaxSen + order.visitFeeTaxSen, sstNo },
    creditNotes,
    // The order's own e-invoice, or the valid consolidated one its receipt is in.
    einvoice: einvoice.document,
    einvoiceRequest: { allowed: einvoice.canRequest, until: einvoice.requestUntil },
  };
}

/** Fitting at the customer's place: the visit fee as an invoice line, a service taxed as labour. */
function visitLine(order: OrderRow, locale: Locale) {
  if (order.visitFeeSen === 0) return [];
  const totalSen = order.visitFeeSen + order.visitFeeTaxSen;
  return [{ productId: VISIT_FEE_LINE, name: message(locale, 'invoice.visitFee'), quantity: 1, unitSen: totalSen, partsSen: 0, labourSen: order.visitFeeSen, serviceTaxSen: order.visitFeeTaxSen, totalSen, tyres: [] }];
}

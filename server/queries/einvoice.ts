import type { z } from 'zod';
import type { einvoiceFind } from '../../contract/einvoice.ts';
import { einvoiceRequestUntil, mayRequestEinvoice } from '../../contract/rules/einvoice-rules.ts';
import { documentOfReceipt, ownDocumentOfOrder, type EinvoiceRow } from '../modules/einvoices/service.ts';
import { documentView } from '../modules/einvoices/view.ts';
import { invoiceOfOrder } from '../modules/invoices/service.ts';
import { customerOrder, type OrderRow } from '../modules/orders/service.ts';
import type { ReadContext } from './context.ts';
import { paidAtOfOrder } from '../modules/payments/ledger.ts';

type Found = z.input<(typeof einvoiceFind)['response']>;

/**
 * What the order page and the invoice show of an order's e-invoice: its own document, or the
 * valid consolidated one its receipt is in; whether the buyer may still ask for one (paid this
 * Kuala Lumpur month, in no e-invoice yet) and until when.
 */
export async function orderEinvoice(ctx: ReadContext, order: OrderRow, paidAt: Date | null, portalBase: string) {
  const own = await ownDocumentOfOrder(ctx.db, order.id);
  const covering: EinvoiceRow | undefined = own ?? (await documentOfReceipt(ctx.db, order.id));
  const shown = own ?? (covering?.status === 'VALID' ? covering : undefined);
  return {
    own: own ? documentView(own, portalBase) : null,
    document: shown ? documentView(shown, portalBase) : null,
    canRequest: paidAt !== null && mayRequestEinvoice(paidAt, ctx.now()) && !covering,
    requestUntil: paidAt ? einvoiceRequestUntil(paidAt) : null,
  };
}

/** app/einvoice/find: the caller's order's own e-invoice (or null), and whether one may be asked. */
export async function findEinvoice(ctx: ReadContext, portalBase: string, customerId: string, orderNo: string): Promise<Found> {
  const order = await customerOrder(ctx.db, customerId, orderNo);
  const invoice = order ? await invoiceOfOrder(ctx.db, order.id) : undefined;
  if (!order) return { document: null, canRequest: false, requestUntil: null };
  const view = await orderEinvoice(ctx, order, invoice ? ((await paidAtOfOrder(ctx.db, order)) ?? invoice.issuedAt) : null, portalBase);
  return { document: view.own, canRequest: view.canRequest, requestUntil: view.requestUntil };
}

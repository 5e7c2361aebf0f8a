import type { z } from 'zod';
import type { einvoiceBuyer } from '../../contract/einvoice.ts';
import { buyerProblems } from '../../contract/rules/einvoice-ids.ts';
import { einvoiceRequestUntil, mayRequestEinvoice } from '../../contract/rules/einvoice-rules.ts';
import { warning } from '../modules/errors.ts';
import { documentOfReceipt, type EinvoiceRow } from '../modules/einvoices/service.ts';
import { invoiceOfOrder } from '../modules/invoices/service.ts';
import { customerOrder, lockOrder } from '../modules/orders/service.ts';
import type { ShopContext } from './context.ts';
import { claimOrderEinvoice } from './einvoice-order.ts';
import { paidAtOfOrder } from '../modules/payments/ledger.ts';
import { holdOpenAccount } from '../modules/auth/service.ts';

/**
 * The buyer's own e-invoice (docs/contracts/after-sale.md §4): for one of the caller's paid orders, within the
 * Kuala Lumpur calendar month of its payment, once. The order is locked and the unique claim
 * has the last word, so two requests at once make one document; the other is told it exists.
 */

type Buyer = z.output<typeof einvoiceBuyer>;

export async function requestEinvoice(ctx: ShopContext, customerId: string, input: { orderNo: string; buyer: Buyer }): Promise<EinvoiceRow> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The buyer's details are personal data: never written for an account closing at this moment.
    await holdOpenAccount(tx, customerId);
    const found = await customerOrder(tx, customerId, input.orderNo);
    const order = found ? await lockOrder(tx, { id: found.id }) : undefined;
    const invoice = order ? await invoiceOfOrder(tx, order.id) : undefined;
    if (!order || !invoice) throw warning('invoice.none', {}, { field: 'orderNo' });
    const problem = buyerProblems(input.buyer)[0];
    if (problem) throw warning(problem.key, {}, { field: problem.field });
    const paidAt = (await paidAtOfOrder(tx, order)) ?? invoice.issuedAt;
    if (!mayRequestEinvoice(paidAt, now)) throw warning('einvoice.monthOver', { until: einvoiceRequestUntil(paidAt) }, { field: 'orderNo' });
    if (await documentOfReceipt(tx, order.id)) throw warning('einvoice.already', {}, { field: 'orderNo' });
    const claimed = await claimOrderEinvoice(tx, ctx, order, invoice.invoiceNo, input.buyer, now);
    if (!claimed) throw warning('einvoice.already', {}, { field: 'orderNo' });
    return claimed;
  });
}

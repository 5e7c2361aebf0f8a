import { orderInvoice } from '../../contract/invoice.ts';
import type { ShopContext } from '../flows/context.ts';
import type { CallMounter } from '../http/calls.ts';
import type { SellerDetails } from '../modules/seller/details.ts';
import { orderInvoice as invoiceOf } from '../queries/invoice.ts';

/** The customer's tax invoices (docs/contracts/after-sale.md §4). `seller`: the shop's details as content/ gives them. */
export function invoiceRoutes(calls: CallMounter, ctx: ShopContext, seller: () => Promise<Partial<SellerDetails> | null>) {
  calls.mount(orderInvoice, async (input, c) => invoiceOf(ctx, (await seller()) ?? {}, c.get('user').id, input.orderNo, c.get('locale'), ctx.einvoice.provider.portalBase));
}

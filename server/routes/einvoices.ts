import { einvoiceFind, einvoiceRequest } from '../../contract/einvoice.ts';
import type { ShopContext } from '../flows/context.ts';
import { requestEinvoice } from '../flows/einvoice-request.ts';
import type { CallMounter } from '../http/calls.ts';
import { documentView } from '../modules/einvoices/view.ts';
import { findEinvoice } from '../queries/einvoice.ts';

/** The buyer's own e-invoice (docs/contracts/after-sale.md §4): asked for within the month of payment, and found. */
export function einvoiceRoutes(calls: CallMounter, ctx: ShopContext) {
  const portal = () => ctx.einvoice.provider.portalBase;
  calls.mount(einvoiceRequest, async (input, c) => documentView(await requestEinvoice(ctx, c.get('user').id, input), portal()));
  calls.mount(einvoiceFind, async (input, c) => findEinvoice(ctx, portal(), c.get('user').id, input.orderNo));
}

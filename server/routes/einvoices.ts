import { einvoiceFind, einvoiceRequest } from '../../contract/einvoice.ts';
import type { ShopContext } from '../flows/context.ts';
import { requestEinvoice } from '../flows/einvoice-request.ts';
import type { Hono } from 'hono';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import { LOCAL_PORTAL_PATH, type EinvoiceProvider } from '../providers/einvoice/provider.ts';
import { documentView } from '../modules/einvoices/view.ts';
import { findEinvoice } from '../queries/einvoice.ts';

/** The buyer's own e-invoice (docs/contracts/after-sale.md §4): asked for within the month of payment, and found. */
export function einvoiceRoutes(calls: CallMounter, ctx: ShopContext) {
  const portal = () => ctx.einvoice.provider.portalBase;
  calls.mount(einvoiceRequest, async (input, c) => documentView(await requestEinvoice(ctx, c.get('user').id, input), portal()));
  calls.mount(einvoiceFind, async (input, c) => findEinvoice(ctx, portal(), c.get('user').id, input.orderNo));
}

/**
 * EINVOICE_PROVIDER=local: the double's stand-in for LHDN's validation page, where e-invoices'
 * links and QR codes lead (`{LOCAL_PORTAL_PATH}/{uuid}/share/{longId}`).
 */
export function localValidationPage(app: Hono<AppEnv>, provider: EinvoiceProvider) {
  app.get(`${LOCAL_PORTAL_PATH}/:uuid/share/:longId`, (c) => {
    const double = provider.double;
    if (!double) return c.notFound();
    const { uuid, longId } = c.req.param();
    return double.app.fetch(new Request(new URL(`/${encodeURIComponent(uuid)}/share/${encodeURIComponent(longId)}`, c.req.url)));
  });
}

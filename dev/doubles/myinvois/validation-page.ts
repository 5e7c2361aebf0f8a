import type { Hono } from 'hono';
import type { AppEnv } from '../../../server/http/env.ts';
import { LOCAL_PORTAL_PATH, type EinvoiceProvider } from '../../../server/providers/einvoice/provider.ts';
import type { LocalEinvoiceProvider } from './local-provider.ts';

/**
 * EINVOICE_PROVIDER=local: the double's stand-in for LHDN's validation page, where e-invoices'
 * links and QR codes lead (`{LOCAL_PORTAL_PATH}/{uuid}/share/{longId}`).
 */
export function localValidationPage(app: Hono<AppEnv>, provider: EinvoiceProvider) {
  app.get(`${LOCAL_PORTAL_PATH}/:uuid/share/:longId`, (c) => {
    const double = (provider as Partial<LocalEinvoiceProvider>).double;
    if (!double) return c.notFound();
    const { uuid, longId } = c.req.param();
    return double.app.fetch(new Request(new URL(`/${encodeURIComponent(uuid)}/share/${encodeURIComponent(longId)}`, c.req.url)));
  });
}

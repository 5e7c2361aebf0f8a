import path from 'node:path';
import { createMyInvoisClient } from '../../../server/providers/einvoice/client.ts';
import { LOCAL_PORTAL_PATH, type EinvoiceProvider, type EinvoiceProviderOptions } from '../../../server/providers/einvoice/provider.ts';
import { createMyInvoisDouble, type MyInvoisDouble } from './app.ts';
import { inProcessFetch } from './runner.ts';

/** EINVOICE_PROVIDER=local: the MyInvois double itself, beside the provider the shop sends through. */
export interface LocalEinvoiceProvider extends EinvoiceProvider {
  name: 'local';
  /** The double; its app serves the share pages when mounted at LOCAL_PORTAL_PATH. */
  double: MyInvoisDouble;
}

const DEMO_DIR = path.join(import.meta.dirname, '../../../server/providers/einvoice/demo');
const LOCAL_BASE = 'http://myinvois.local';
const LOCAL_CLIENT = { clientId: 'servauto-local', clientSecret: 'local-double-secret' };

/** The MyInvois double in this process, with one client acting for the seller's TIN, signing with the demo certificate. */
export function localEinvoiceProvider(options: EinvoiceProviderOptions): LocalEinvoiceProvider {
  const double = createMyInvoisDouble({
    clients: [{ ...LOCAL_CLIENT, tin: options.sellerTin, ...(options.sellerName ? { name: options.sellerName } : {}) }],
    portalBase: options.portalBase ?? LOCAL_PORTAL_PATH,
    ...(options.validationDelayMs !== undefined ? { validationDelayMs: options.validationDelayMs } : {}),
    ...(options.verifySignature ? { verifySignature: options.verifySignature } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.db ? { db: options.db } : {}),
  });
  return {
    name: 'local',
    client: createMyInvoisClient({ baseUrl: LOCAL_BASE, ...LOCAL_CLIENT, fetch: inProcessFetch(double), ...(options.clock ? { now: options.clock } : {}), ...options.client }),
    portalBase: double.settings.portalBase,
    signing: { certPath: path.join(DEMO_DIR, 'demo-signing-cert.pem'), keyPath: path.join(DEMO_DIR, 'demo-signing-key.pem') },
    double,
  };
}

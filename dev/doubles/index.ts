import type { Db } from '../../server/db/client.ts';
import type { Doubles } from '../../server/doubles.ts';
import { curlecProvider } from '../../server/providers/payment/curlec/provider.ts';
import { ownOrigin } from '../../server/providers/payment/index.ts';
import { curlecDoubleFromEnv, curlecDoubleIdleJobs, DOUBLE_PATH, doubleSettings, type CurlecDouble } from './curlec/index.ts';
import { localEinvoiceProvider } from './myinvois/local-provider.ts';
import { localValidationPage } from './myinvois/validation-page.ts';
import { migrateDoubles } from './migrate.ts';
import { sandboxPages } from './sandbox/pages.ts';
import { sandboxProvider, type SandboxProvider } from './sandbox/provider.ts';
import { sandboxKey } from './sandbox/signing.ts';
import { SANDBOX_CALLBACK_JOB } from './sandbox/delivery-job.ts';

/**
 * The doubles of the outside services for a development or test server, read from its
 * environment: the sandbox gateway (PAYMENT_PROVIDER=sandbox, the default), the Curlec double
 * in this server (CURLEC_DOUBLE=1) and the MyInvois double (EINVOICE_PROVIDER=local, the
 * default). Handed to the server by dev/start.ts, and to the in-process API by the tests.
 */
export function createDoubles(env: NodeJS.ProcessEnv = process.env): Doubles {
  // One Curlec double per database: the app that serves it and the jobs that deliver its webhooks share it.
  // It keeps the real clock, as Curlec would: its signatures and expiries are in its time.
  const curlec = new WeakMap<Db, CurlecDouble | null>();
  const curlecFor = (db: Db) => {
    if (!curlec.has(db)) curlec.set(db, curlecDoubleFromEnv(env, { db, origin: ownOrigin(env) }));
    return curlec.get(db)!;
  };
  return {
    migrate: migrateDoubles,
    payments(env, deps) {
      const name = env.PAYMENT_PROVIDER || 'sandbox';
      if (name === 'sandbox') {
        const callbackUrl = env.SANDBOX_CALLBACK_URL || new URL('/api/pay/callback/sandbox', deps.origin ?? ownOrigin(env)).href;
        return sandboxProvider({ db: deps.db, key: sandboxKey(env.SANDBOX_PAYMENT_SECRET, deps.secret), callbackUrl, deliver: deps.deliver, now: deps.now, log: deps.log });
      }
      // CURLEC_DOUBLE=1: the shop's Curlec provider, on the double's keys, calling the double in this server.
      const double = name === 'curlec' ? doubleSettings(env, deps.origin ?? ownOrigin(env)) : null;
      if (double) return curlecProvider({ keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret, apiBase: double.apiBase, now: deps.now });
      return null;
    },
    einvoice: (name, options) => (name === 'local' ? localEinvoiceProvider(options) : null),
    mount(app, shop) {
      // The sandbox's hosted payment page, outside /api as a real gateway's page would be.
      if (shop.payments.name === 'sandbox') app.route('/pay/sandbox', sandboxPages(shop.payments as SandboxProvider));
      // The MyInvois double's validation page, where e-invoices' links lead (as LHDN's portal would).
      localValidationPage(app, shop.einvoice);
      // The Curlec double (CURLEC_DOUBLE=1): Curlec's API, its hosted pages and test controls, as its own site would be.
      const double = curlecFor(shop.db);
      if (double) app.route(DOUBLE_PATH, double.app);
    },
    jobs({ db, payments }) {
      return {
        ...(payments.name === 'sandbox' ? { [SANDBOX_CALLBACK_JOB]: (payments as SandboxProvider).callbackJob } : {}),
        // The Curlec double's webhook deliveries and refund settlements (its webhooks go out from any process).
        ...(curlecFor(db)?.jobs() ?? curlecDoubleIdleJobs(db)),
      };
    },
  };
}

import { DAY_MS, reconcileSince } from '../../server/modules/reconcile/service.ts';
import { curlecProvider, type CurlecProvider } from '../../server/providers/payment/curlec/provider.ts';
import { startCurlecDouble, type CurlecDouble, type CurlecWebhook } from './curlec-double.ts';
import { startApi, type TestApi } from './harness.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';

/** Where the shop believes Curlec is: the file's double answers there. */
const CURLEC = 'http://curlec.test';
const WEBHOOK = '/api/payment/curlec/webhook';

/** A payment link's id, from the address the shop sent the customer to (its short_url). */
export const linkOf = (redirectUrl: string) => new URL(redirectUrl).pathname.split('/').at(-1)!;

export interface CurlecShop {
  double: CurlecDouble;
  provider: CurlecProvider;
  api: TestApi;
  /** Hands one of Curlec's webhooks to the shop, as Curlec posts it. */
  deliver(hook: CurlecWebhook): Promise<Response>;
  /** What the reconciliation of the last day finds different between Curlec and the ledger. */
  unreconciled(): ReturnType<typeof reconcileDay>;
  close(): Promise<void>;
}

async function reconcileDay(api: TestApi, provider: CurlecProvider) {
  return (await reconcileSince(api.db, provider, new Date(api.now().getTime() - DAY_MS))).differences;
}

/**
 * A shop taking payments through Curlec, against a Curlec double of its own, for a test file.
 * The shop runs on the test clock and the double on the real one: a payment link's expiry is
 * moved by the difference on its way.
 */
export async function startCurlecShop(): Promise<CurlecShop> {
  scratchDataDir();
  const double = await startCurlecDouble();
  let api: TestApi | undefined;
  const toDouble: typeof fetch = async (input, init) => {
    const url = String(input).replace(CURLEC, double.base);
    if (api && init?.method === 'POST' && url.endsWith('/v1/payment_links') && typeof init.body === 'string') {
      const body = JSON.parse(init.body) as { expire_by: number };
      body.expire_by += Math.ceil((Date.now() - api.now().getTime()) / 1000);
      return fetch(url, { ...init, body: JSON.stringify(body) });
    }
    return fetch(url, init);
  };
  const provider = curlecProvider({
    keyId: double.keyId,
    keySecret: double.keySecret,
    webhookSecret: double.webhookSecret,
    apiBase: CURLEC,
    now: () => api?.now() ?? new Date(),
    fetch: toDouble,
  });
  try {
    api = await startApi({ provider });
  } catch (err) {
    await double.close();
    throw err;
  }
  const started = api;
  return {
    double,
    provider,
    api: started,
    deliver: (hook) => started.fetch(WEBHOOK, { method: 'POST', headers: hook.headers, body: hook.rawBody }),
    unreconciled: () => reconcileDay(started, provider),
    async close() {
      await started.close();
      await double.close();
    },
  };
}

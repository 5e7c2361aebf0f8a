import { curlecProvider, type CurlecProvider } from '../../server/providers/payment/curlec/provider.ts';
import { startCurlecDouble, type CurlecDouble } from './curlec-double.ts';
import { startApi, type TestApi } from './harness.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';

/** Where the shop believes Curlec is: the file's double answers there. */
const CURLEC = 'http://curlec.test';

export interface CurlecShop {
  double: CurlecDouble;
  provider: CurlecProvider;
  api: TestApi;
  close(): Promise<void>;
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
    async close() {
      await started.close();
      await double.close();
    },
  };
}

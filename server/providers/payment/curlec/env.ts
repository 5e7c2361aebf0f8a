import { CURLEC_API_BASE, type CurlecOptions } from './provider.ts';

/**
 * PAYMENT_PROVIDER=curlec's settings: CURLEC_KEY_ID and CURLEC_KEY_SECRET (the API keys, Basic
 * auth), CURLEC_WEBHOOK_SECRET (set with the webhook in Curlec's dashboard), CURLEC_API_BASE
 * (Curlec's own address unless a double stands in). A missing one stops the start with one
 * line naming it.
 */
export function curlecOptionsFromEnv(env: NodeJS.ProcessEnv): Omit<CurlecOptions, 'now' | 'fetch'> {
  const missing = ['CURLEC_KEY_ID', 'CURLEC_KEY_SECRET', 'CURLEC_WEBHOOK_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=curlec needs ${missing.join(', ')}`);
  const apiBase = env.CURLEC_API_BASE || CURLEC_API_BASE;
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error(`CURLEC_API_BASE must be an http or https address, not "${apiBase}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`CURLEC_API_BASE must be an http or https address, not "${apiBase}"`);
  return { keyId: env.CURLEC_KEY_ID!, keySecret: env.CURLEC_KEY_SECRET!, webhookSecret: env.CURLEC_WEBHOOK_SECRET!, apiBase: url.href.replace(/\/+$/, '') };
}

/** Test keys (rzp_test_…) take no real money. */
export const isTestKey = (keyId: string) => keyId.startsWith('rzp_test_');

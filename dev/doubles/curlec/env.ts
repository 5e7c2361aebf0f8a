/**
 * The Curlec double inside the shop's own server (CURLEC_DOUBLE=1, never in production): where
 * it is mounted and the obviously-demo keys it answers to when none are set.
 */
export const DOUBLE_PATH = '/curlec-double';

export const DOUBLE_KEYS = {
  keyId: 'rzp_test_ServautoDemo0001',
  keySecret: 'demo-curlec-key-secret-not-for-money',
  webhookSecret: 'demo-curlec-webhook-secret-not-for-money',
} as const;

export interface DoubleSettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the shop's provider calls the double: this server's DOUBLE_PATH. */
  apiBase: string;
  /** Where the double delivers its webhooks: this server's Curlec webhook. */
  webhookUrl: string;
}

/**
 * CURLEC_DOUBLE=1: the double answers inside this server (origin: the server as seen from
 * itself). The keys are the demo ones unless CURLEC_KEY_ID, CURLEC_KEY_SECRET and
 * CURLEC_WEBHOOK_SECRET say otherwise; CURLEC_API_BASE, when set, still wins for the provider.
 * Null when the double is not asked for. Refused in production.
 */
export function doubleSettings(env: NodeJS.ProcessEnv, origin: string): DoubleSettings | null {
  if (env.CURLEC_DOUBLE !== '1') return null;
  if (env.NODE_ENV === 'production') throw new Error('CURLEC_DOUBLE=1 is for development and tests; production talks to Curlec itself');
  const base = origin.replace(/\/+$/, '');
  return {
    keyId: env.CURLEC_KEY_ID || DOUBLE_KEYS.keyId,
    keySecret: env.CURLEC_KEY_SECRET || DOUBLE_KEYS.keySecret,
    webhookSecret: env.CURLEC_WEBHOOK_SECRET || DOUBLE_KEYS.webhookSecret,
    apiBase: env.CURLEC_API_BASE || `${base}${DOUBLE_PATH}`,
    webhookUrl: `${base}/api/payment/curlec/webhook`,
  };
}

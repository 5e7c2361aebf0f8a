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

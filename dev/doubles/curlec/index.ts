export { createCurlecDouble, curlecDoubleFromEnv, curlecDoubleIdleJobs, CURLEC_DOUBLE_REFUND_JOB, CURLEC_DOUBLE_WEBHOOK_JOB, type CurlecDouble, type CurlecDoubleOptions } from './app.ts';
export { DOUBLE_KEYS, DOUBLE_PATH, doubleSettings, type DoubleSettings } from './env.ts';
export { FPX_BANKS, UNKNOWN_ID_STATUS, type DoubleMethod } from './entities.ts';
export { signedWebhook, type SignedWebhook, type WebhookDeliver } from './webhooks.ts';

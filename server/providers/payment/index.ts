import type { Db } from '../../db/client.ts';
import type { Deliver } from './sandbox/courier.ts';
import { sandboxProvider, type SandboxProvider } from './sandbox/provider.ts';
import { sandboxKey } from './sandbox/signing.ts';
import { stripeProvider, type StripeProvider } from './stripe/provider.ts';
import { curlecProvider, type CurlecProvider } from './curlec/provider.ts';
import { curlecOptionsFromEnv } from './curlec/env.ts';
import { doubleSettings } from './curlec/double/env.ts';

export * from './types.ts';
export { sandboxPages } from './sandbox/pages.ts';
export { SIGNATURE_HEADER as SANDBOX_SIGNATURE_HEADER } from './sandbox/signing.ts';
export { SANDBOX_CALLBACK_JOB } from './sandbox/delivery-job.ts';
export type { Deliver } from './sandbox/courier.ts';
export type { SandboxProvider } from './sandbox/provider.ts';
export type { StripeProvider } from './stripe/provider.ts';
export type { CurlecProvider } from './curlec/provider.ts';

export interface PaymentDeps {
  db: Db;
  /** The server's secret: the sandbox signs with a key drawn from it unless SANDBOX_PAYMENT_SECRET is set. */
  secret: string;
  /** The server's own origin, where the sandbox delivers callbacks (default: this server on HOST and PORT). */
  origin?: string;
  /** How a sandbox callback travels (default: fetch); tests pass app.request. */
  deliver?: Deliver;
  now?: () => Date;
  log?: (line: string) => void;
}

/** This server as seen from itself: a wildcard listen address is reached on loopback. */
export function ownOrigin(env: NodeJS.ProcessEnv): string {
  const host = !env.HOST || env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST === '::' ? '::1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT ?? 3000}`;
}

function stripeApiFromEnv(env: NodeJS.ProcessEnv) {
  const port = env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new Error(`STRIPE_API_PORT must be a port number, not "${env.STRIPE_API_PORT}"`);
  }
  const protocol = env.STRIPE_API_PROTOCOL || undefined;
  if (protocol !== undefined && protocol !== 'http' && protocol !== 'https') {
    throw new Error(`STRIPE_API_PROTOCOL must be http or https, not "${protocol}"`);
  }
  return { host: env.STRIPE_API_HOST || undefined, port, protocol: protocol as 'http' | 'https' | undefined };
}

/**
 * PAYMENT_PROVIDER=sandbox (default): the server's own hosted page (mount sandboxPages at
 * /pay/sandbox). PAYMENT_PROVIDER=stripe: Stripe Checkout, with STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET. PAYMENT_PROVIDER=curlec: Razorpay Curlec's Payment Links, with
 * CURLEC_KEY_ID, CURLEC_KEY_SECRET and CURLEC_WEBHOOK_SECRET (CURLEC_API_BASE for another
 * address; CURLEC_DOUBLE=1 for the double inside this server, on its demo keys). A missing
 * setting stops the start with one line naming it.
 */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv, deps: PaymentDeps): SandboxProvider | StripeProvider | CurlecProvider {
  const name = env.PAYMENT_PROVIDER || 'sandbox';
  if (name === 'sandbox') {
    const callbackUrl = env.SANDBOX_CALLBACK_URL || new URL('/api/pay/callback/sandbox', deps.origin ?? ownOrigin(env)).href;
    return sandboxProvider({
      db: deps.db,
      key: sandboxKey(env.SANDBOX_PAYMENT_SECRET, deps.secret),
      callbackUrl,
      deliver: deps.deliver,
      now: deps.now,
      log: deps.log,
    });
  }
  if (name === 'stripe') {
    const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
    if (!secretKey || !webhookSecret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return stripeProvider({ secretKey, webhookSecret, ...stripeApiFromEnv(env), now: deps.now });
  }
  if (name === 'curlec') {
    const double = doubleSettings(env, deps.origin ?? ownOrigin(env));
    const options = double ? { keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret, apiBase: double.apiBase } : curlecOptionsFromEnv(env);
    return curlecProvider({ ...options, now: deps.now });
  }
  throw new Error(`Unknown PAYMENT_PROVIDER "${name}": use sandbox, stripe or curlec`);
}

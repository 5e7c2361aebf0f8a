import type { Db } from '../../db/client.ts';
import { needsDoubles, type Doubles } from '../../doubles.ts';
import type { PaymentProvider } from './types.ts';
import { stripeProvider } from './stripe/provider.ts';
import { curlecProvider } from './curlec/provider.ts';
import { curlecOptionsFromEnv } from './curlec/env.ts';

export * from './types.ts';
export type { StripeProvider } from './stripe/provider.ts';
export type { CurlecProvider } from './curlec/provider.ts';

export interface PaymentDeps {
  db: Db;
  /** The server's secret: the sandbox signs with a key drawn from it unless SANDBOX_PAYMENT_SECRET is set. */
  secret: string;
  /** The server's own origin, where the sandbox delivers callbacks (default: this server on HOST and PORT). */
  origin?: string;
  /** How a sandbox callback travels (default: fetch); tests pass app.request. */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<Response>;
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
 * PAYMENT_PROVIDER=stripe: Stripe Checkout, with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
 * PAYMENT_PROVIDER=curlec: Razorpay Curlec's Payment Links, with CURLEC_KEY_ID,
 * CURLEC_KEY_SECRET and CURLEC_WEBHOOK_SECRET (CURLEC_API_BASE for another address).
 * PAYMENT_PROVIDER=sandbox (the default) and CURLEC_DOUBLE=1 are answered by the doubles
 * (dev/doubles/, handed in by `npm start` and the tests), which a production start has not. A
 * missing setting stops the start with one line naming it.
 */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv, deps: PaymentDeps, doubles: Doubles | null = null): PaymentProvider {
  const name = env.PAYMENT_PROVIDER || 'sandbox';
  const standIn = doubles?.payments(env, deps);
  if (standIn) return standIn;
  if (name === 'sandbox') throw needsDoubles('PAYMENT_PROVIDER=sandbox (the demo gateway)');
  if (name === 'stripe') {
    const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
    if (!secretKey || !webhookSecret) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return stripeProvider({ secretKey, webhookSecret, ...stripeApiFromEnv(env), now: deps.now });
  }
  if (name === 'curlec') {
    if (env.CURLEC_DOUBLE === '1') throw needsDoubles('CURLEC_DOUBLE=1');
    return curlecProvider({ ...curlecOptionsFromEnv(env), now: deps.now });
  }
  throw new Error(`Unknown PAYMENT_PROVIDER "${name}": use sandbox, stripe or curlec`);
}

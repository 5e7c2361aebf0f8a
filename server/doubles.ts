import type { Hono } from 'hono';
import type { Db } from './db/client.ts';
import type { AppEnv } from './http/env.ts';
import type { JobHandler } from './jobs/queue.ts';
import type { EinvoiceProvider, EinvoiceProviderOptions } from './providers/einvoice/provider.ts';
import type { PaymentDeps, PaymentProvider } from './providers/payment/index.ts';

/**
 * Stand-ins for the outside services (the sandbox gateway, the Curlec double, the MyInvois
 * double), which live in dev/doubles/ and are added from outside: `npm start` (dev/start.ts),
 * the test servers and the API tests hand them in. server/ never imports them, so a production
 * start (`npm run serve`, server/main.ts) has none and refuses the settings that need one.
 */
export interface Doubles {
  /** Their own tables, brought up to date once the shop's database is open. */
  migrate(db: Db): Promise<void>;
  /** The payment provider PAYMENT_PROVIDER names when a double answers it (sandbox, curlec with CURLEC_DOUBLE=1); null: none. */
  payments(env: NodeJS.ProcessEnv, deps: PaymentDeps): PaymentProvider | null;
  /** EINVOICE_PROVIDER=local: the MyInvois double in this process; null for any other name. */
  einvoice(name: string, options: EinvoiceProviderOptions): EinvoiceProvider | null;
  /** Their pages and APIs on the shop's app, outside /api as the real services' own sites would be. */
  mount(app: Hono<AppEnv>, shop: { db: Db; payments: PaymentProvider; einvoice: EinvoiceProvider }): void;
  /** The jobs they run on the shop's queue (callback and webhook deliveries, refund settlements). */
  jobs(shop: { db: Db; payments: PaymentProvider; now: () => Date }): Record<string, JobHandler>;
}

let installed: Doubles | null = null;

/**
 * Hands the doubles to the server that starts next in this process (dev/start.ts, before it
 * loads server/main.ts). Refused in production: a live shop talks to the real services.
 */
export function installDoubles(doubles: Doubles, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV === 'production') throw new Error('The doubles (sandbox gateway, Curlec and MyInvois doubles) are for development and tests; a production start is npm run serve');
  installed = doubles;
}

/** The doubles handed in by the start script, or null (a production start). */
export function installedDoubles(): Doubles | null {
  return installed;
}

/** Why a setting cannot be served without the doubles. */
export function needsDoubles(setting: string): Error {
  return new Error(`${setting} is served by a double of development and tests (dev/doubles/), which this server does not load: start it with npm start (dev/start.ts), or configure the real service`);
}

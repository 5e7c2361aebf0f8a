import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { migrateDoubles } from '../../dev/doubles/migrate.ts';
import type { CheckoutRequest, ProviderEvent } from '../../server/providers/payment/index.ts';
import { sandboxPages } from '../../dev/doubles/sandbox/pages.ts';
import { sandboxProvider, type SandboxProvider } from '../../dev/doubles/sandbox/provider.ts';
import { sandboxKey } from '../../dev/doubles/sandbox/signing.ts';
import { pgliteTemplate } from './harness.ts';

/**
 * The sandbox gateway as the server mounts it: its hosted page outside /api, and a callback
 * route that checks each delivery with verifyCallback and keeps what arrived. Callbacks
 * travel over HTTP through app.request; the sandbox's records live in the test database
 * (PGlite, or DATABASE_URL's PostgreSQL, whose sandbox tables are emptied before each test).
 */

export const SECRET = 'servauto-test-secret';
/** Monday 2 June 2025, 10:00 in Kuala Lumpur. */
export const START = new Date('2025-06-02T02:00:00Z');
export const RETURN_URL = 'http://shop.test/pc/pages?orderNo=SA2506021234';
export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface Received {
  body: string;
  signature: string | null;
  verdict: Awaited<ReturnType<SandboxProvider['verifyCallback']>>;
}

export interface SandboxFixture {
  database: Database;
  /** The sandbox's clock, in epoch milliseconds: tests move it. */
  clock: number;
  /** Callbacks the shop's route received, oldest first. */
  received: Received[];
  /** What the shop's callback route answers next (500: the shop is having trouble). */
  callbackStatus: number[];
  provider: SandboxProvider;
  app: Hono;
  counter: number;
  /** A sandbox (and its shop) signing with `key`. */
  build(key?: string): { provider: SandboxProvider; app: Hono };
  /** A checkout for a Myvi owner's order of RM 159.00 by FPX, with a fresh payment id. */
  request(overrides?: Partial<CheckoutRequest>): CheckoutRequest;
  /** The shop events of the callbacks that verified. */
  events(): ProviderEvent[];
}

/** A form post, as the page's browser sends it. */
export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export function useSandbox(): SandboxFixture {
  const s = {
    clock: START.getTime(),
    received: [] as Received[],
    callbackStatus: [] as number[],
    counter: 0,
    build(key: string = sandboxKey(undefined, SECRET)) {
      const shop = new Hono();
      const built = sandboxProvider({
        db: s.database.db,
        key,
        callbackUrl: 'http://shop.test/api/pay/callback/sandbox',
        now: () => new Date(s.clock),
        retryDelaysMs: [5, 5],
        log: () => {},
        deliver: (url, body, headers) => shop.request(url, { method: 'POST', body, headers }),
      });
      shop.route('/pay/sandbox', sandboxPages(built));
      shop.post('/api/pay/callback/sandbox', async (c) => {
        const body = await c.req.text();
        const verdict = await built.verifyCallback(body, c.req.raw.headers);
        s.received.push({ body, signature: c.req.header('x-sandbox-signature') ?? null, verdict });
        const status = s.callbackStatus.shift();
        if (status) return c.text('busy', status as 500);
        return built.callbackReply(verdict.ok ? 'processed' : 'refused', verdict.ok ? undefined : verdict.reason);
      });
      return { provider: built, app: shop };
    },
    request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
      s.counter++;
      return {
        paymentId: `pay-${s.counter}`,
        orderNo: 'SA2506021234',
        amountSen: 15_900,
        currency: 'MYR',
        payMethod: 'fpx',
        bankCode: 'maybank2u',
        description: 'Servauto order SA2506021234',
        returnUrl: RETURN_URL,
        expiresAt: new Date(s.clock + 30 * 60_000),
        locale: 'en',
        ...overrides,
      };
    },
    events(): ProviderEvent[] {
      return s.received.map((r) => (r.verdict.ok ? r.verdict.event : null)).filter((e): e is ProviderEvent => !!e);
    },
  } as Omit<SandboxFixture, 'database' | 'provider' | 'app'> as SandboxFixture;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    s.database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null, from: pgliteTemplate() });
    // The sandbox's own tables, as npm start makes them (the template has them already).
    await migrateDoubles(s.database.db);
  });
  afterAll(async () => {
    s.provider?.stop();
    await s.database?.close();
  });
  beforeEach(async () => {
    await s.database.db.execute(sql`truncate table sandbox_refunds, sandbox_checkouts`);
    s.clock = START.getTime();
    s.received = [];
    s.callbackStatus = [];
    ({ provider: s.provider, app: s.app } = s.build());
  });
  return s;
}

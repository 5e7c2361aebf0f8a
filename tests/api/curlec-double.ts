import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Db } from '../../server/db/client.ts';
import { createCurlecDouble, DOUBLE_PATH, signedWebhook, type CurlecDouble as ServerDouble, type DoubleMethod } from '../../dev/doubles/curlec/index.ts';
import { curlecDoubleLinks, curlecDoublePayments, curlecDoubleWebhooks } from '../../dev/doubles/curlec/schema.ts';
import { allRefunds, receivedRequests } from '../../dev/doubles/curlec/store.ts';
import { pgliteTemplate } from './harness.ts';

/**
 * The project's Curlec double (dev/doubles/curlec/) on a port of its own
 * over an in-memory PGlite (or a database a test gives), for tests that talk to Curlec as the
 * shop does: the same API, hosted page, webhooks and signatures the shop serves with
 * CURLEC_DOUBLE=1. Its books are in the database, so they are read with await.
 */

type Json = Record<string, any>;

export type { DoubleMethod };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Json | null;
  idempotencyKey: string | null;
  at: Date;
}

export interface CurlecWebhook {
  rawBody: string;
  headers: Record<string, string>;
}

export interface CurlecDouble {
  readonly port: number;
  /** Where the API is: the provider's apiBase. */
  readonly base: string;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  readonly db: Db;
  /** The double itself (its app, books and jobs). */
  readonly server: ServerDouble;
  readonly requests: { all(): Promise<RecordedRequest[]> };
  readonly links: { get(id: string): Promise<Json | undefined>; all(): Promise<Json[]> };
  readonly payments: { get(id: string): Promise<Json | undefined> };
  readonly refunds: { all(): Promise<Json[]> };
  /** The next answers of the API, whatever is asked (errors, outages). */
  answerNext(status: number, body: Json): void;
  /** The customer pays a link on Curlec's page: its payment.captured and payment_link.paid webhooks, signed (not sent). */
  pay(linkId: string, how?: DoubleMethod, options?: { late?: boolean; evenIfClosed?: boolean }): Promise<{ paymentId: string; webhooks: CurlecWebhook[] }>;
  /** An attempt on the link fails; the link stays open: its payment.failed webhook, signed (not sent). */
  fail(linkId: string, how?: DoubleMethod): Promise<{ paymentId: string; webhooks: CurlecWebhook[] }>;
  /** A tester marks a DuitNow QR paid or failed: its webhooks (payment.captured twice under one event id). */
  settleQr(paymentId: string, outcome: 'paid' | 'failed'): Promise<{ paymentId: string; webhooks: CurlecWebhook[] }>;
  /** The bank's later word on a refund (processed or failed): its webhook, signed. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): Promise<CurlecWebhook>;
  /** Where the customer's browser comes back after paying, with the signed query Curlec adds. */
  returnUrl(linkId: string): Promise<string>;
  /** Any event, signed with the webhook secret (or another), under a fresh or given event id; payload as Curlec wraps it ({ payment: { entity } }). */
  webhook(event: string, payload: Json, options?: { eventId?: string; secret?: string }): CurlecWebhook;
  /** Posts a webhook to the shop. */
  deliver(url: string, webhook: CurlecWebhook): Promise<Response>;
  /** Curlec's books as on the first day, on the same port and keys: every table of its own database emptied. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where its webhooks go (default: nowhere that answers; tests take them from pay() and friends). */
  webhookUrl?: string;
  /** A database to keep its books in (default: a fresh in-memory PGlite, closed with the double). */
  db?: Db;
  lateMs?: number;
  /** Default null: refunds stay pending until a test settles them. */
  refundMs?: number | null;
  now?: () => Date;
}

export async function startCurlecDouble(options: StartOptions = {}): Promise<CurlecDouble> {
  const keyId = options.keyId ?? 'rzp_test_DoubleKey0001';
  const keySecret = options.keySecret ?? 'double-key-secret';
  const webhookSecret = options.webhookSecret ?? 'double-webhook-secret';
  const database = options.db ? null : await openDatabase({ kind: 'pglite', dataDir: null, from: pgliteTemplate() });
  const db = options.db ?? database!.db;
  const server = createCurlecDouble({
    db,
    keyId,
    keySecret,
    webhookSecret,
    webhookUrl: options.webhookUrl ?? 'http://127.0.0.1:9/no-shop',
    lateMs: options.lateMs,
    refundMs: options.refundMs === undefined ? null : options.refundMs,
    now: options.now,
  });
  const queued: Json[] = [];
  const outer = new Hono();
  outer.use(`${DOUBLE_PATH}/v1/*`, async (c, next) => {
    const next_ = queued.shift();
    if (next_) return c.json(next_.body, next_.status);
    await next();
  });
  outer.route(DOUBLE_PATH, server.app);

  const { port, close } = await new Promise<{ port: number; close: () => Promise<void> }>((resolve, reject) => {
    const http = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ port: info.port, close: () => new Promise<void>((done) => http.close(() => done())) }),
    );
    http.once('error', reject);
  });

  const webhooksOf = async (ids: number[]): Promise<CurlecWebhook[]> => {
    const rows = await db.select().from(curlecDoubleWebhooks).where(inArray(curlecDoubleWebhooks.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)!).map((r) => ({
      rawBody: r.rawBody,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': r.signature, 'x-razorpay-event-id': r.eventId },
    }));
  };

  return {
    port,
    base: `http://127.0.0.1:${port}${DOUBLE_PATH}`,
    keyId,
    keySecret,
    webhookSecret,
    db,
    server,
    requests: {
      async all() {
        const rows = await receivedRequests(db);
        return rows.map((r) => {
          let body: Json | null;
          try {
            body = r.body ? (JSON.parse(r.body) as Json) : null;
          } catch {
            body = null;
          }
          return { method: r.method, path: r.path, query: new URLSearchParams(r.query), body, idempotencyKey: r.idempotencyKey, at: r.at };
        });
      },
    },
    links: {
      async get(id) {
        const [row] = await db.select().from(curlecDoubleLinks).where(eq(curlecDoubleLinks.id, id));
        return row?.entity;
      },
      async all() {
        return (await db.select().from(curlecDoubleLinks)).map((r) => r.entity);
      },
    },
    payments: {
      async get(id) {
        const [row] = await db.select().from(curlecDoublePayments).where(eq(curlecDoublePayments.id, id));
        return row?.entity;
      },
    },
    refunds: { all: () => allRefunds(db) },
    answerNext(status, body) {
      queued.push({ status, body });
    },
    async pay(linkId, how, opts) {
      const attempt = await server.pay(linkId, how, opts);
      return { paymentId: attempt.paymentId, webhooks: await webhooksOf(attempt.webhookIds) };
    },
    async fail(linkId, how) {
      const attempt = await server.fail(linkId, how);
      return { paymentId: attempt.paymentId, webhooks: await webhooksOf(attempt.webhookIds) };
    },
    async settleQr(paymentId, outcome) {
      const attempt = await server.settleQr(paymentId, outcome);
      return { paymentId: attempt.paymentId, webhooks: await webhooksOf(attempt.webhookIds) };
    },
    async settleRefund(refundId, status) {
      const attempt = await server.settleRefund(refundId, status);
      return (await webhooksOf(attempt.webhookIds))[0]!;
    },
    returnUrl: (linkId) => server.returnUrl(linkId),
    webhook(event, payload, opts = {}) {
      const unwrapped = Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, (value as { entity?: Json })?.entity ?? value]));
      const signed = signedWebhook(opts.secret ?? webhookSecret, event, unwrapped, Math.floor(Date.now() / 1000), opts.eventId);
      return { rawBody: signed.rawBody, headers: signed.headers };
    },
    deliver: (url, hook) => fetch(url, { method: 'POST', headers: hook.headers, body: hook.rawBody }),
    async reset() {
      if (!database) throw new Error('a double on a database a test gave is emptied by that test');
      queued.length = 0;
      const result = await db.execute<{ name: string }>(sql`
        select quote_ident(tablename) as name from pg_tables
        where schemaname = current_schema() and tablename <> '__drizzle_migrations'`);
      const names = (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
      if (names.length) await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
    },
    async close() {
      await close();
      await database?.close();
    },
  };
}

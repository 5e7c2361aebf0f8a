import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createApi } from '../../server/app.ts';
import { createDoubles } from '../../dev/doubles/index.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { syncContent } from '../../server/db/sync.ts';
import { loadIndexes } from '../../server/indexes.ts';
import { scheduleJob } from '../../server/jobs/queue.ts';
import { createLogger } from '../../server/ops/log.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { diskStorage } from '../../server/storage/index.ts';
import { pgliteTemplate, startApi, TEST_SECRET, type TestApi } from './harness.ts';
import { installOrder, placeAndStartPaying, postCallback, pressInSandbox } from './order-fixtures.ts';
import { startPgProxy, type PgProxy } from './pg-proxy.ts';

/**
 * What a load balancer and Prometheus call (/healthz, /readyz, /metrics) and the line each
 * request leaves in the log.
 */

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';

/** A metric's value in a scrape, or undefined when the series is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = async (api: { fetch(path: string, init?: RequestInit): Promise<Response> | Response }, headers: Record<string, string> = {}) =>
  (await api.fetch('/metrics', { headers })).text();

describe('on the shared test app', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.close());
  beforeEach(async () => api.reset());

  test('GET /healthz: 200, never cached', async () => {
    const res = await api.fetch('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  test('GET /readyz: 200 with each check, never cached', async () => {
    const res = await api.fetch('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok', signingCertificate: 'ok' } });
  });

  test('GET /readyz: the signing certificate ending within 30 days is a warning in the detail, still ready; once ended, its problem', async () => {
    api.advance((Date.parse('2044-12-11T23:59:59Z') - api.now().getTime()) / 1000);
    const soon = await api.fetch('/readyz');
    expect(soon.status).toBe(200);
    expect(await soon.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', signingCertificate: 'expires in 20 days (2044-12-31T23:59:59.000Z)' },
      warnings: ['signingCertificate'],
    });
    api.advance(21 * 24 * 3600);
    const ended = await api.fetch('/readyz');
    expect(ended.status).toBe(200);
    const body = (await ended.json()) as { checks: Record<string, string>; warnings: string[] };
    expect(body.checks.signingCertificate).toMatch(/^CERT-EXPIRED the certificate expired on 2044-12-31T23:59:59.000Z$/);
    expect(body.warnings).toEqual(['signingCertificate']);
  });

  test('every answer carries its request id', async () => {
    const first = await api.fetch('/healthz');
    const second = await api.fetch('/api/app/user/home/banner', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  test('GET /metrics: requests by route pattern and status, with their time', async () => {
    const series = 'servauto_http_requests_total{method="POST",route="/api/app/user/home/banner",status="200"}';
    const before = valueOf(await scrape(api), series) ?? 0;
    for (let i = 0; i < 3; i++) await api.request('/api/app/user/home/banner', {});
    // A path with a key in it is counted under its pattern, never under the key.
    await api.fetch('/api/upload/image/0123456789abcdef0123456789abcdef.jpg?expires=1&sig=x');
    const res = await api.fetch('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(valueOf(text, series)).toBe(before + 3);
    expect(valueOf(text, 'servauto_http_request_duration_seconds_count{method="POST",route="/api/app/user/home/banner",status="200"}')).toBe(before + 3);
    expect(text).toContain('servauto_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/app/user/home/banner",status="200"}');
    expect(valueOf(text, 'servauto_http_requests_total{method="GET",route="/api/upload/image/:key",status="404"}')).toBe(1);
    expect(text).not.toContain('0123456789abcdef0123456789abcdef');
  });

  test('GET /metrics: payment callbacks by outcome', async () => {
    const { userKey } = await api.login('0123456789');
    const processed = 'servauto_payment_callbacks_total{provider="sandbox",outcome="processed"}';
    const refused = 'servauto_payment_callbacks_total{provider="sandbox",outcome="refused"}';
    const before = await scrape(api);
    const started = await placeAndStartPaying(api, userKey, installOrder());
    await pressInSandbox(api, started.redirectUrl);
    expect((await postCallback(api, '{"id":"evt_forged"}', 'not-a-signature')).status).toBe(400);
    const after = await scrape(api);
    expect(valueOf(after, processed)).toBe((valueOf(before, processed) ?? 0) + 1);
    expect(valueOf(after, refused)).toBe((valueOf(before, refused) ?? 0) + 1);
  });

  test('GET /metrics: the job queue by kind, and refunds by state, read when scraped', async () => {
    const now = api.now();
    await scheduleJob(api.db, { kind: 'metrics-test', key: 'metrics-test:due', runAt: new Date(now.getTime() - 90_000), payload: {} }, now);
    await scheduleJob(api.db, { kind: 'metrics-test', key: 'metrics-test:later', runAt: new Date(now.getTime() + 3_600_000), payload: {} }, now);
    await api.db.execute(sql`
      insert into refunds (order_id, seq, customer_id, status, requested_sen, amount_sen, reason, contact, created_at, updated_at)
      values (gen_random_uuid(), 1, gen_random_uuid(), 'PENDING_REVIEW', 100, 100, 'metrics', '0123456789', ${now}, ${now}),
             (gen_random_uuid(), 1, gen_random_uuid(), 'FAILED', 100, 100, 'metrics', '0123456789', ${now}, ${now})`);
    const text = await scrape(api);
    expect(valueOf(text, 'servauto_jobs_due{kind="metrics-test"}')).toBe(1);
    expect(valueOf(text, 'servauto_jobs_scheduled{kind="metrics-test"}')).toBe(1);
    expect(valueOf(text, 'servauto_jobs_retrying{kind="metrics-test"}')).toBe(0);
    expect(valueOf(text, 'servauto_jobs_oldest_due_age_seconds{kind="metrics-test"}')).toBe(90);
    expect(valueOf(text, 'servauto_refunds{state="PENDING_REVIEW"}')).toBe(1);
    expect(valueOf(text, 'servauto_refunds{state="FAILED"}')).toBe(1);
    expect(valueOf(text, 'servauto_refunds{state="COMPLETED"}')).toBe(0);
    await api.db.execute(sql`delete from jobs where kind = 'metrics-test'`);
    expect(valueOf(await scrape(api), 'servauto_jobs_due{kind="metrics-test"}')).toBeUndefined();
  });
});

describe('on an app of its own', () => {
  let database: Database;
  let app: ReturnType<typeof createApi>;
  const logged: string[] = [];
  const smsLines: string[] = [];
  let storageFails = false;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null, from: pgliteTemplate() });
    if (url) await syncContent(database.db, contentDir, { demoData: false });
    const storage = Object.assign(diskStorage(path.join(tmpdir(), 'servauto-operations-unused')), {
      async check() {
        if (storageFails) throw new Error('bucket unreachable');
      },
    });
    app = createApi({
      db: database.db,
      indexes: await loadIndexes(database.db),
      sms: consoleSms((line) => smsLines.push(line)),
      secret: TEST_SECRET,
      trustProxy: true,
      storage,
      doubles: createDoubles({}),
      metricsToken: METRICS_TOKEN,
      requestLog: createLogger({ format: 'json', level: 'info' }, { write: (line: string) => logged.push(line) }),
    });
  });
  afterAll(async () => {
    await database?.close().catch(() => {});
  });

  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '175.139.20.12', ...headers } });

  test('GET /metrics with a token set: only with that bearer token', async () => {
    expect((await app.request('/metrics')).status).toBe(401);
    expect((await app.request('/metrics', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await app.request('/metrics', { headers: { Authorization: METRICS_TOKEN } })).status).toBe(401);
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('servauto_http_requests_total');
  });

  test('each request leaves one JSON line with its id, route, status and code: never the body, query or code', async () => {
    logged.length = 0;
    const phone = '0129876543';
    const sent = await call('/api/app/user/send/sms', { phone, type: 'login' }, { 'X-Request-Id': 'lb-7f3a-0001' });
    expect(sent.headers.get('x-request-id')).toBe('lb-7f3a-0001');
    const code = /: (\d{6})$/.exec(smsLines.at(-1)!)![1]!;
    const login = await call('/api/app/user/client-login', { phone, code });
    expect(((await login.json()) as { code: number }).code).toBe(200);
    const image = await app.request('/api/upload/image/0123456789abcdef0123456789abcdef.jpg?expires=99&sig=secret-signature');
    const lines = logged.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', requestId: 'lb-7f3a-0001', method: 'POST', route: '/api/app/user/send/sms', status: 200, code: 200 });
    expect(lines[1]).toMatchObject({ requestId: login.headers.get('x-request-id'), route: '/api/app/user/client-login', status: 200, code: 200 });
    expect(lines[2]).toMatchObject({ requestId: image.headers.get('x-request-id'), method: 'GET', route: '/api/upload/image/:key', status: 404 });
    for (const line of lines) expect(typeof line.ms).toBe('number');
    const text = logged.join('\n');
    for (const secret of [code, '129876543', 'secret-signature', 'expires', '"type":"login"']) expect(text).not.toContain(secret);
  });

  test.each([['a quote and spaces', '"a" b'], ['too long', 'x'.repeat(129)]])('an X-Request-Id with %s is replaced by a new one', async (_, id) => {
    const res = await call('/api/app/user/home/banner', {}, { 'X-Request-Id': id });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('the probes and scrapes are not logged at info', async () => {
    logged.length = 0;
    await app.request('/healthz');
    await app.request('/readyz');
    await app.request('/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(logged).toEqual([]);
  });

  test('GET /readyz checks the bucket when storage can be checked: 503 naming it when it fails', async () => {
    expect(await (await app.request('/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok', signingCertificate: 'ok' } });
    storageFails = true;
    try {
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'unavailable', failed: ['storage'], checks: { database: 'ok', migrations: 'ok', storage: 'unreachable', signingCertificate: 'ok' } });
    } finally {
      storageFails = false;
    }
  });

  test('GET /readyz: 503 while the database lacks a migration this build ships', async () => {
    const result = await database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const newest = (result as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0]!;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      const body = (await res.json()) as { failed: string[]; checks: Record<string, string> };
      expect(body.failed).toEqual(['migrations']);
      expect(body.checks.migrations).toMatch(/^\d+ of \d+ migrations applied$/);
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`);
    }
    expect((await app.request('/readyz')).status).toBe(200);
  });

  test('GET /readyz: 503 naming the database once it is closed, while /healthz still answers 200', async () => {
    await database.close();
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', failed: ['database'], checks: { database: 'unreachable', migrations: 'not checked', storage: 'ok', signingCertificate: 'ok' } });
    expect((await app.request('/healthz')).status).toBe(200);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL out of reach', () => {
  let proxy: PgProxy;
  let api: TestApi;
  beforeAll(async () => {
    proxy = await startPgProxy(process.env.DATABASE_URL!);
    api = await startApi({ databaseUrl: proxy.url });
  });
  afterAll(async () => {
    await proxy?.start().catch(() => {});
    await api?.close();
    await proxy?.close();
  });

  test('GET /readyz: 503 naming the database within its time limit, 200 once it is back; /healthz 200 throughout', async () => {
    await proxy.stop();
    const started = performance.now();
    const res = await api.fetch('/readyz');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { failed: string[] }).failed).toEqual(['database']);
    expect((await api.fetch('/healthz')).status).toBe(200);
    await proxy.start();
    await expect.poll(async () => (await api.fetch('/readyz')).status, { timeout: 15_000 }).toBe(200);
  });
});

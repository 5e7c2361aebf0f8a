import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createApi } from '../../server/app.ts';
import { createDoubles } from '../../dev/doubles/index.ts';
import { connectPostgres } from '../../server/db/client.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { startApi, TEST_SECRET, type TestApi } from '../api/harness.ts';
import { startPgProxy, type PgProxy } from '../api/pg-proxy.ts';

const INFO = '/api/app/user/info';
const SEND = '/api/app/user/send/sms';
const ADD = '/api/export/user/vehicle/car/info/add';
const BANNER = '/api/app/user/home/banner';

const UNAVAILABLE = {
  en_us: { code: 503, msg: 'The service is briefly unavailable. Please try again in a moment.', data: null },
  zh_cn: { code: 503, msg: '服务暂时无法使用，请稍后再试。', data: null },
  ms_my: { code: 503, msg: 'Perkhidmatan tidak dapat digunakan buat seketika. Sila cuba sebentar lagi.', data: null },
};
const SERVER_ERROR = { code: 500, msg: 'Unknown system error, please report to the administrator', data: null };

const myvi = { brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023', variantId: 'perodua-myvi-1.5-av-2022' };
const x50 = { brandId: 'proton', modelId: 'proton-x50' };

const databaseUrl = process.env.DATABASE_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `url` with connections named, so that a test can find (and end) exactly those. */
function named(url: string, applicationName: string) {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
}

/** What `pg_terminate_backend` does to the connections of one application: what an administrator or a failover does. */
async function terminateConnections(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [applicationName],
    );
    return result.rows[0].n;
  } finally {
    await admin.end();
  }
}

/** A port with nobody listening on it. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Answers `call`, or says it got none within `ms`: a pool that lost its connections hangs rather than fails. */
async function within<T>(ms: number, call: Promise<T>): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), ms)));
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a database that cannot be reached', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.close());

  test('answers 503 in the caller’s language, quickly, and never a 500', async () => {
    const port = await deadPort();
    const unreachable = await connectPostgres(`postgres://postgres@127.0.0.1:${port}/servauto`, { poolSize: 2 });
    try {
      const sms = consoleSms(() => {});
      const app = createApi({ db: unreachable.db, indexes: api.indexes, sms, secret: TEST_SECRET, doubles: createDoubles({}) });
      for (const [language, expected] of Object.entries(UNAVAILABLE)) {
        for (const [path, body, headers] of [
          [SEND, { phone: '0123456789', type: 'login' }, {}],
          [INFO, {}, { Authorization: 'q7Wm2Kx9Lp4Rt8Yb1Nc6Vd3Hf5Gj0Za' }],
          [BANNER, {}, {}],
        ] as const) {
          const started = Date.now();
          const res = await app.request(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', language, ...headers },
            body: JSON.stringify(body),
          });
          expect(res.status).toBe(200);
          expect(await res.json()).toEqual(expected);
          expect(Date.now() - started).toBeLessThan(5_000);
        }
      }
    } finally {
      await unreachable.close();
    }
  });

  test('any other database failure stays a 500, with nothing of the failure in the answer', async () => {
    const { userKey } = await api.login('0123456789');
    await api.db.execute(sql`alter table sessions rename to sessions_elsewhere`);
    try {
      const answer = await api.request(INFO, {}, { userKey });
      expect(answer).toEqual(SERVER_ERROR);
    } finally {
      await api.db.execute(sql`alter table sessions_elsewhere rename to sessions`);
    }
    expect((await api.request(INFO, {}, { userKey })).code).toBe(200);
  });
});

describe.skipIf(!databaseUrl)('when PostgreSQL drops connections (needs PostgreSQL: PGlite has no connections to drop)', () => {
  const proxies: PgProxy[] = [];
  const apis: TestApi[] = [];
  afterEach(async () => {
    for (const api of apis.splice(0)) await api.close().catch(() => {});
    for (const proxy of proxies.splice(0)) await proxy.close();
  });
  async function api(url: string, poolSize?: number) {
    const previous = process.env.DATABASE_POOL;
    if (poolSize) process.env.DATABASE_POOL = String(poolSize);
    try {
      const started = await startApi({ databaseUrl: url });
      apis.push(started);
      return started;
    } finally {
      if (previous === undefined) delete process.env.DATABASE_POOL;
      else process.env.DATABASE_POOL = previous;
    }
  }
  async function proxy() {
    const started = await startPgProxy(databaseUrl!);
    proxies.push(started);
    return started;
  }

  test('connections terminated mid-run: every call answers, 200 or 503, and the next calls succeed', async () => {
    const name = 'servauto-faults-pool';
    const a = await api(named(databaseUrl!, name));
    const { userKey } = await a.login('0123456789');
    // Several connections open and idle, as on a busy server.
    await Promise.all(range(6).map(() => a.request(INFO, {}, { userKey })));

    const answers: { code: number; msg: string }[] = [];
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const burst = range(9).map((i) => {
        if (i % 3 === 0) return a.request(INFO, {}, { userKey });
        if (i % 3 === 1) return a.request(ADD, i % 2 ? myvi : x50, { userKey });
        return a.request(SEND, { phone: `0173${round}${String(i).padStart(5, '0')}` }, { address: `60.52.${round}.${i}` });
      });
      terminated += await terminateConnections(name);
      answers.push(...(await Promise.all(burst)));
    }
    expect(terminated).toBeGreaterThan(0);
    expect(answers.filter((r) => r.code !== 200 && !(r.code === 503 && r.msg === UNAVAILABLE.en_us.msg))).toEqual([]);

    expect((await a.request(INFO, {}, { userKey })).code).toBe(200);
    expect((await a.request(ADD, x50, { userKey })).code).toBe(200);
    expect((await a.request(SEND, { phone: '0198765432' }, { address: '60.52.9.9' })).code).toBe(200);
  });

  test('a connection cut inside a transaction gives its place in the pool back', async () => {
    const relay = await proxy();
    const a = await api(relay.url, 2);
    // Both connections of the pool open and idle.
    await Promise.all([a.request(SEND, { phone: '0173000001' }), a.request(SEND, { phone: '0173000002' })]);
    relay.cutOnNextSend();
    // The next calls find connections that die as their transaction begins. Once those are
    // gone, calls must get new ones: a pool still counting the dead ones would wait forever.
    const codes = [];
    for (const i of range(5)) {
      const answer = await within(8_000, a.request(SEND, { phone: `01730001${String(i).padStart(2, '0')}` }));
      codes.push(answer === 'no answer' ? answer : answer.code);
    }
    expect(codes.filter((c) => c !== 503)).toEqual([200, 200, 200]);
  });

  test('a database restart: 503 while it is down, and the same server works again once it is back', async () => {
    const relay = await proxy();
    const a = await api(relay.url);
    const { userKey } = await a.login('0123456789');
    await Promise.all(range(4).map(() => a.request(INFO, {}, { userKey })));

    await relay.stop();
    for (const [language, expected] of Object.entries(UNAVAILABLE)) {
      expect(await a.request(INFO, {}, { userKey, language })).toEqual(expected);
      expect(await a.request(ADD, myvi, { userKey, language })).toEqual(expected);
      expect(await a.request(SEND, { phone: '0198765432' }, { language })).toEqual(expected);
    }

    await relay.start();
    expect((await a.request(INFO, {}, { userKey })).code).toBe(200);
    expect((await a.request(ADD, myvi, { userKey })).code).toBe(200);
    expect((await a.request(SEND, { phone: '0198765432' })).code).toBe(200);
  });

  describe('the real server', () => {
    let child: ChildProcess | undefined;
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    });

    test('stays up when its connections are terminated, and answers again', async () => {
      const name = 'servauto-faults-server';
      let output = '';
      child = spawn(process.execPath, ['dev/start.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: named(databaseUrl!, name), PORT: '0', HOST: '127.0.0.1', SMS_PROVIDER: 'console' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      let port: number | undefined;
      for (let waited = 0; !port && waited < 60_000 && child.exitCode === null; waited += 100) {
        port = Number(/http:\/\/localhost:(\d+)\//.exec(output)?.[1]) || undefined;
        await sleep(100);
      }
      expect(port, `the server did not start:\n${output}`).toBeDefined();
      const call = async () => {
        const res = await fetch(`http://127.0.0.1:${port}${BANNER}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        return ((await res.json()) as { code: number }).code;
      };
      expect(await Promise.all(range(6).map(call))).toEqual(range(6).map(() => 200));

      expect(await terminateConnections(name)).toBeGreaterThan(0);
      await sleep(500);
      expect(child.exitCode, `the server exited:\n${output}`).toBeNull();

      const codes = [];
      for (let i = 0; i < 5; i++) codes.push(await call());
      expect(codes.filter((c) => c !== 503)).toContain(200);
      expect(codes.filter((c) => c !== 200 && c !== 503)).toEqual([]);
      expect(codes.at(-1)).toBe(200);
      expect(child.exitCode, `the server exited:\n${output}`).toBeNull();
    });
  });
});

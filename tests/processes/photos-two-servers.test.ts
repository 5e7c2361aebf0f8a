import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jpegWithGps, UPLOAD } from '../api/my-orders-fixtures.ts';
import { bucketKeys } from '../api/s3-listing.ts';
import { freePort } from '../api/free-port.ts';
import { startS3, type TestBucket } from '../api/s3-server.ts';

/**
 * Two real API processes (server/main.ts) on one PostgreSQL and one bucket, as behind a load
 * balancer: a customer logs in through either, uploads a photo through one, and the other shows
 * it. Needs PostgreSQL: two processes cannot share a PGlite.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const root = fileURLToPath(new URL('../..', import.meta.url));
/** Longest wait for a server to answer after its start (migrations and the content sync on a busy machine). */
const START_MS = 90_000;

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<void>;
}

const servers: Server[] = [];
let bucket: TestBucket;
let siteDir: string;

/** Starts server/main.ts and waits until its API answers (not for a log line, whatever the log's form). */
async function startServer(name: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dev/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...bucket.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_DIR: siteDir,
      SMS_PROVIDER: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      DEMO_DATA: '0',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      JOB_INTERVAL_SECONDS: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let stopped = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (stopped = true));
  const server = { name, child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  servers.push(server);
  const until = Date.now() + START_MS;
  for (;;) {
    if (stopped) throw new Error(`server ${name} stopped before it answered:\n${output}`);
    if (Date.now() > until) throw new Error(`server ${name} did not answer within ${START_MS / 1000} s:\n${output}`);
    const ok = await fetch(`${server.base}/api/openapi.json`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function post(server: Server, pathname: string, body: unknown, userKey?: string) {
  const res = await fetch(`${server.base}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', language: 'en_us', ...(userKey ? { Authorization: userKey } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** The code the console SMS provider printed for `e164` on `server`, waiting for it a few seconds. */
async function printedCode(server: Server, e164: string): Promise<string> {
  const pattern = new RegExp(`OTP for \\${e164}: (\\d{6})`);
  for (let i = 0; i < 100; i++) {
    const found = pattern.exec(server.output());
    if (found) return found[1]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code for ${e164} in the output of server ${server.name}:\n${server.output()}`);
}

describe.skipIf(!onPostgres)('two API processes, one PostgreSQL, one bucket (needs PostgreSQL: two processes cannot share a PGlite)', () => {
  beforeAll(async () => {
    bucket = await startS3();
    siteDir = mkdtempSync(path.join(tmpdir(), 'servauto-empty-site-'));
    // One after the other: the second finds the migrations done.
    await startServer('A');
    await startServer('B');
  }, 2 * START_MS + 10_000);

  afterAll(async () => {
    for (const server of servers.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      const killer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
      await server.exited;
      clearTimeout(killer);
    }
    await bucket?.close();
    if (siteDir) rmSync(siteDir, { recursive: true, force: true });
  }, 30_000);

  test('a photo uploaded through one process is shown through the other, the same bytes', { timeout: 60_000 }, async () => {
    const [a, b] = servers as [Server, Server];
    // A number of this run only: the per-number code limit counts earlier runs on this database.
    const national = `011${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const e164 = `+60${national.slice(1)}`;
    expect((await post(a, '/api/app/user/send/sms', { phone: national, type: 'login' })).code).toBe(200);
    // The code sent through A is taken by B: the codes are in the database, not in a process.
    const login = await post(b, '/api/app/user/client-login', { phone: national, code: await printedCode(a, e164) });
    expect(login.code, login.msg).toBe(200);
    const userKey = login.data.userKey as string;

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await jpegWithGps(320, 240))], { type: 'image/jpeg' }), 'IMG_0001.JPG');
    const uploaded = await fetch(`${a.base}${UPLOAD}`, { method: 'POST', body: form, headers: { Authorization: userKey, language: 'en_us' }, signal: AbortSignal.timeout(15_000) });
    const answer = (await uploaded.json()) as { code: number; msg: string; data: { key: string; url: string } };
    expect(answer.code, answer.msg).toBe(200);
    expect(await bucketKeys(bucket.settings)).toContain(answer.data.key);

    const throughA = await fetch(`${a.base}${answer.data.url}`, { signal: AbortSignal.timeout(15_000) });
    const throughB = await fetch(`${b.base}${answer.data.url}`, { signal: AbortSignal.timeout(15_000) });
    expect(throughA.status).toBe(200);
    expect(throughB.status).toBe(200);
    expect(throughB.headers.get('content-type')).toBe('image/jpeg');
    const bytesA = Buffer.from(await throughA.arrayBuffer());
    const bytesB = Buffer.from(await throughB.arrayBuffer());
    expect(bytesB.length).toBeGreaterThan(0);
    expect(bytesB.equals(bytesA)).toBe(true);

    // A forged link shows nothing on either.
    expect((await fetch(`${b.base}${answer.data.url.replace(/sig=[^&]+/, 'sig=AAAA')}`)).status).toBe(404);
  });
});

describe('a wrong bucket setting', () => {
  test('stops the start at once, in one line naming the variable', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['dev/start.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', S3_BUCKET: 'servauto-photos', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    clearTimeout(killer);
    expect(code).toBe(1);
    expect(output.trim()).toBe('S3_SECRET_ACCESS_KEY is required with S3_BUCKET');
  });
});

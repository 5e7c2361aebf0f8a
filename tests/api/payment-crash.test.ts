import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { LOCK_FILE } from '../../server/db/folder-lock.ts';
import { freePort } from './free-port.ts';
import { ADD, FIND, PAY, pickupOrder, SANDBOX_CALLBACK } from './order-fixtures.ts';

/**
 * The real server (server/main.ts) killed with SIGKILL after the customer pressed Pay on the
 * sandbox's page and before the shop took its callback, then started again on the same PGlite
 * folder: the callback's delivery job, written with the payment, still reports it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const folders: string[] = [];
const children: Running[] = [];
afterEach(async () => {
  for (const running of children.splice(0)) {
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await running.exited;
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // PGlite in the folder, whatever the suite runs on: the folder is what survives the kill.
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMS_PROVIDER: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_CALLBACK_URL: '',
      // An empty site: this test is about the API.
      SITE_DIR: path.dirname(dataDir),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  children.push(running);
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (!/Servauto is ready at /.test(output)) {
    if (stopped) throw new Error(`the server stopped before it was ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return running;
}

async function call(server: Running, apiPath: string, body: unknown, userKey?: string) {
  const res = await fetch(server.base + apiPath, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', language: 'en_us', ...(userKey ? { Authorization: userKey } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, apiPath).toBe(200);
  const answer = (await res.json()) as { code: number; msg: string; data: any };
  expect(answer.code, `${apiPath}: ${answer.msg}`).toBe(200);
  return answer.data;
}

async function login(server: Running, phone: string): Promise<string> {
  await call(server, '/api/app/user/send/sms', { phone, type: 'login' });
  const code = /\[sms\] OTP for \+60\d+: (\d{6})/.exec(server.output())?.[1];
  expect(code, 'the OTP in the server output').toBeDefined();
  return (await call(server, '/api/app/user/client-login', { phone, code })).userKey as string;
}

const lockHolder = (dataDir: string) => (JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

describe('a crash between Pay and its callback', () => {
  test('kill -9 after Pay, restart on the same folder: the order is paid, not expired', { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'servauto-payment-crash-'));
    folders.push(folder);
    const dataDir = path.join(folder, 'data');
    const [port, nobody] = [await freePort(), await freePort()];

    // The gateway's own quick tries go where nothing answers: only the delivery job is left.
    const first = await startServer(dataDir, port, { SANDBOX_CALLBACK_URL: `http://127.0.0.1:${nobody}${SANDBOX_CALLBACK}` });
    const userKey = await login(first, '0123456789');
    const placed = await call(first, ADD, pickupOrder(), userKey);
    const orderNo = placed.orderNo as string;
    const { redirectUrl } = await call(first, PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, userKey);
    const pressed = await fetch(new URL(redirectUrl, first.base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'pay', method: 'fpx', bank: 'maybank2u' }).toString(),
      redirect: 'manual',
    });
    expect(pressed.status).toBe(303);
    const pressedAt = Date.now();
    expect(await call(first, FIND, { orderNo }, userKey)).toMatchObject({ status: 'PENDING_PAYMENT', paidSen: 0 });

    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(lockHolder(dataDir), 'the killed server left its lock').toBe(first.child.pid);

    // Its own callback address now (the default), and a worker that looks every second.
    const second = await startServer(dataDir, port, { JOB_INTERVAL_SECONDS: '1' });
    expect(lockHolder(dataDir), 'the restarted server took the lock over').toBe(second.child.pid);

    // The job's first try is due 30 s after Pay (retryDelayMs(1)), as a gateway's first retry
    // comes soon after a missed webhook; the worker then finds it within a second.
    let order = await call(second, FIND, { orderNo }, userKey);
    const deadline = pressedAt + 90_000;
    while (order.status === 'PENDING_PAYMENT' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      order = await call(second, FIND, { orderNo }, userKey);
    }
    expect(order, second.output()).toMatchObject({ status: 'UPCOMING', paidSen: placed.totalSen });
    expect(order.paidSen).toBeGreaterThan(0);
    expect(order.history.map((h: { status: string }) => h.status)).not.toContain('CANCELLED');
    // Reported by the callback the job delivered, once.
    expect(second.output().match(new RegExp(`POST ${SANDBOX_CALLBACK} 200`, 'g'))).toHaveLength(1);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { freePort } from './free-port.ts';
import { ADD, FIND, PAY, pickupOrder } from './order-fixtures.ts';
import { startTwilioDouble, type TwilioDouble } from './twilio-double.ts';

/**
 * The real server (server/main.ts) sending its SMS through Twilio's adapter to a local double
 * of Twilio, killed with SIGKILL between the commit that wrote a notice and its sending, then
 * started again on the same PGlite folder: the notice's job sends it, once, and the timeline
 * says sent. Also killed after Twilio took the message and before the shop recorded it: the
 * next try carries the same key, so Twilio has it once.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let twilio: TwilioDouble;
const folders: string[] = [];
const children: Running[] = [];
beforeAll(async () => {
  twilio = await startTwilioDouble();
});
afterAll(() => twilio?.close());
beforeEach(() => {
  twilio.messages.length = 0;
  twilio.requests.length = 0;
  twilio.hold(false);
});
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
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMS_PROVIDER: 'twilio',
      TWILIO_API_BASE: twilio.base,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_CALLBACK_URL: '',
      JOB_INTERVAL_SECONDS: '1',
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

/** Logs in with the code the double received. */
async function login(server: Running, phone: string): Promise<string> {
  await call(server, '/api/app/user/send/sms', { phone, type: 'login' });
  const code = /\b(\d{6})\b/.exec(twilio.messages.at(-1)?.body ?? '')?.[1];
  expect(code, 'the OTP at the double').toBeDefined();
  return (await call(server, '/api/app/user/client-login', { phone, code })).userKey as string;
}

/** Until `ready()` holds or 60 s have passed (the server's worker looks every second). */
async function until(ready: () => Promise<boolean> | boolean, what: string, server: Running) {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Places a pickup order and presses Pay on the sandbox's page: its number, and the press (answered once the callback is). */
async function placeAndPay(server: Running, userKey: string) {
  const orderNo = (await call(server, ADD, pickupOrder(), userKey)).orderNo as string;
  const { redirectUrl } = await call(server, PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, userKey);
  const press = fetch(new URL(redirectUrl, server.base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'pay', method: 'fpx', bank: 'maybank2u' }).toString(),
    redirect: 'manual',
  });
  return { orderNo, press };
}

const about = (orderNo: string) => twilio.messages.filter((m) => m.body.includes(orderNo));

async function kill(server: Running) {
  server.child.kill('SIGKILL');
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

function scratch() {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-notice-crash-'));
  folders.push(folder);
  return path.join(folder, 'data');
}

describe('a crash between a notice and its sending', () => {
  test('kill -9 after the commit, before the send: the next server sends it once, and the timeline says sent', { timeout: 120_000 }, async () => {
    const dataDir = scratch();
    const port = await freePort();
    // Nothing sends notices in this process: neither a nudge after the commit nor a worker.
    const first = await startServer(dataDir, port, { NOTICE_NUDGE: '0', JOB_WORKER: '0' });
    const userKey = await login(first, '0123456789');
    const { orderNo, press } = await placeAndPay(first, userKey);
    expect((await press).status).toBe(303);
    const paid = await call(first, FIND, { orderNo }, userKey);
    expect(paid.status).toBe('UPCOMING');
    expect(paid.notices).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', sent: false, state: 'sending', status: 'Waiting to be sent.' })]);
    expect(about(orderNo)).toEqual([]);

    await kill(first);
    const second = await startServer(dataDir, port);
    await until(() => about(orderNo).length > 0, 'the notice sent', second);
    await until(async () => (await call(second, FIND, { orderNo }, userKey)).notices[0].sent, 'the notice recorded as sent', second);
    expect((await call(second, FIND, { orderNo }, userKey)).notices).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', sent: true, state: 'sent', status: null })]);
    expect(about(orderNo)).toHaveLength(1);
    expect(twilio.requests.filter((r) => r.key === about(orderNo)[0]!.key)).toHaveLength(1);
  });

  test('kill -9 after Twilio took it, before the shop recorded it: sent again with the same key, so once', { timeout: 120_000 }, async () => {
    const dataDir = scratch();
    const port = await freePort();
    const first = await startServer(dataDir, port, { JOB_WORKER: '0' });
    const userKey = await login(first, '0123456789');
    // Twilio takes the message and never answers: the shop is left waiting when it dies.
    twilio.hold(true);
    const { orderNo, press } = await placeAndPay(first, userKey);
    press.catch(() => {});
    await until(() => about(orderNo).length > 0, 'Twilio taking the notice', first);
    await kill(first);
    twilio.hold(false);

    const second = await startServer(dataDir, port);
    await until(async () => (await call(second, FIND, { orderNo }, userKey)).notices[0]?.sent === true, 'the notice recorded as sent', second);
    const key = about(orderNo)[0]!.key;
    expect(twilio.requests.filter((r) => r.key === key).length, 'tried twice with one key').toBe(2);
    expect(about(orderNo), 'one message at Twilio').toHaveLength(1);
    expect((await call(second, FIND, { orderNo }, userKey)).notices).toEqual([expect.objectContaining({ kind: 'bookingConfirmed', sent: true, state: 'sent' })]);
  });
});

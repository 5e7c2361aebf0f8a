import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFinished } from 'vitest';
import { migratedDataFolder } from './migrated-folder.ts';
import { ADD, PAY, pickupOrder } from './order-fixtures.ts';

/**
 * The real server (server/main.ts) as a process of its own, for tests that kill it: started on
 * PGlite in a scratch folder (the folder is what survives a kill, whatever the suite runs on),
 * the sandbox gateway and an empty site. Every server a test starts is killed, and its folder
 * removed, after the test (from inside a test only).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const folders: string[] = [];
const children: Running[] = [];
let cleanUpPending = false;

/**
 * Kills the servers the running test started and removes its folders once it ends. Registered
 * by the test itself (not at import): a worker imports this module once for all its files.
 */
function cleanUpAfterTest() {
  if (cleanUpPending) return;
  cleanUpPending = true;
  onTestFinished(async () => {
    cleanUpPending = false;
    for (const running of children.splice(0)) {
      if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
      await running.exited;
    }
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
}

/**
 * A data folder of the test's own, removed after it: already migrated, as a server that has
 * started once leaves it (these tests are about crashes and restarts, not a first start).
 */
export async function scratchData(name: string): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), `servauto-${name}-`));
  cleanUpAfterTest();
  folders.push(folder);
  return migratedDataFolder(path.join(folder, 'data'));
}

/** Starts the server on `dataDir` and `port`; answers once it says it is ready. */
export async function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(process.execPath, ['dev/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMS_PROVIDER: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_CALLBACK_URL: '',
      // An empty site: these tests are about the API.
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
  cleanUpAfterTest();
  children.push(running);
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (!/Servauto is ready at /.test(output)) {
    if (stopped) throw new Error(`the server stopped before it was ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return running;
}

/** Until `ready()` holds or 60 s have passed (a worker started with JOB_INTERVAL_SECONDS=1 looks every second); else fails with the server's output. */
export async function until(ready: () => Promise<boolean> | boolean, what: string, server: Running) {
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Kills the server with SIGKILL: no shutdown of its own runs. */
export async function killServer(server: Running) {
  server.child.kill('SIGKILL');
  expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

/** A call to the server's API that must succeed: its data. */
export async function serverCall(server: Running, apiPath: string, body: unknown, userKey?: string) {
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

/** Logs in with the one-time code `codeOf` reads where the server sent it. */
export async function serverLogin(server: Running, phone: string, codeOf: () => string | undefined): Promise<string> {
  await serverCall(server, '/api/app/user/send/sms', { phone, type: 'login' });
  const code = codeOf();
  expect(code, 'the login code').toBeDefined();
  return (await serverCall(server, '/api/app/user/client-login', { phone, code })).userKey as string;
}

/** Places a pickup order and presses Pay on the sandbox's page: its number, and the press (answered once the callback is). */
export async function placeAndPressPay(server: Running, userKey: string) {
  const orderNo = (await serverCall(server, ADD, pickupOrder(), userKey)).orderNo as string;
  const { redirectUrl } = await serverCall(server, PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, userKey);
  const press = fetch(new URL(redirectUrl, server.base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'pay', method: 'fpx', bank: 'maybank2u' }).toString(),
    redirect: 'manual',
  });
  return { orderNo, press };
}

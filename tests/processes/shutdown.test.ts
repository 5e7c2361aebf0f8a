import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { migratedDataFolder } from '../api/migrated-folder.ts';

/**
 * The real server (server/main.ts) as a child process on a port and data folder of its own,
 * stopped with SIGTERM while requests are in flight. With DATABASE_URL set it runs on that
 * PostgreSQL, as the rest of the suite does.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Running {
  child: ChildProcess;
  port: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** Resolves when a line matching `pattern` has been printed. */
  printed: (pattern: RegExp) => Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function startServer(env: Record<string, string> = {}): Promise<Running> {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-shutdown-'));
  folders.push(folder);
  // Migrated already: these tests are about stopping, not a first start.
  const data = await migratedDataFolder(path.join(folder, 'data'));
  const child = spawn(process.execPath, ['dev/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: data,
      // An empty site: these tests are about the API's connections.
      SITE_DIR: folder,
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  const take = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const w of waiting.splice(0)) {
      if (w.pattern.test(output)) w.resolve();
      else waiting.push(w);
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(output)) return resolve();
      waiting.push({ pattern, resolve });
      void exited.then(() => reject(new Error(`the server stopped before printing ${pattern}:\n${output}`)));
    });
  await printed(/Servauto is ready at http:\/\/localhost:(\d+)\//);
  const port = Number(/ready at http:\/\/localhost:(\d+)\//.exec(output)![1]);
  return { child, port, output: () => output, printed, exited };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/**
 * A POST on `agent`. `sent` resolves once its bytes are with the operating system: the agent
 * writes a request in the same tick as it hands over a kept-alive socket, or as a new one
 * connects, and both happen before awaiting code resumes.
 */
function post(port: number, agent: http.Agent, apiPath: string, body: string, { holdAfter }: { holdAfter?: number } = {}) {
  let release = () => {};
  const req = http.request({ host: '127.0.0.1', port, path: apiPath, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  const socket = new Promise<net.Socket>((resolve) => req.once('socket', resolve));
  const sent = socket.then((s) => (s.connecting ? new Promise<void>((resolve) => s.once('connect', () => resolve())) : undefined));
  if (holdAfter === undefined) {
    req.end(body);
  } else {
    // Part of the body now, the rest when released: a request in the middle of arriving.
    req.write(body.slice(0, holdAfter));
    release = () => req.end(body.slice(holdAfter));
  }
  // Checked by the test when it wants the answer; a reset before then is not an unhandled error.
  answer.catch(() => {});
  return { sent, answer, release: () => release(), socket };
}

const SEND = '/api/app/user/send/sms';
const DICTIONARY = '/api/user/dictionary/dictionary-info';
const phoneBody = (i: number) => JSON.stringify({ phone: `01234567${String(i).padStart(2, '0')}`, type: 'login' });

function connectionRefused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe('SIGTERM', () => {
  test(
    'answers every request received before it, closes idle connections, refuses new ones, exits 0',
    async () => {
      const server = await startServer();
      const kept = new http.Agent({ keepAlive: true });
      // 9 kept-alive connections: 8 for requests below, one left idle.
      const warm = Array.from({ length: 9 }, () => post(server.port, kept, DICTIONARY, '{"dictionaryId":"CITY"}'));
      for (const w of warm) expect((await w.answer).status).toBe(200);
      const sockets = await Promise.all(warm.map((w) => w.socket));
      expect(new Set(sockets).size).toBe(9);

      // 16 logins at once: 8 on those connections (half of them still arriving when the
      // signal comes), 8 on new connections, and the signal right behind them, while the
      // server is still busy with the first ones.
      const fresh = new http.Agent({ keepAlive: true });
      const requests = Array.from({ length: 16 }, (_, i) =>
        post(server.port, i < 8 ? kept : fresh, SEND, phoneBody(i), { holdAfter: i < 8 && i % 2 ? 10 : undefined }),
      );
      await Promise.all(requests.map((r) => r.sent));
      server.child.kill('SIGTERM');
      const used = await Promise.all(requests.map((r) => r.socket));
      const closedByServer = [...new Set([...sockets, ...used])].map((s) => new Promise<void>((resolve) => s.once('close', () => resolve())));

      await server.printed(/SIGTERM/);
      expect(await connectionRefused(server.port)).toBe('ECONNREFUSED');
      for (const r of requests) r.release();

      const answers = await Promise.allSettled(requests.map((r) => r.answer));
      answers.forEach((a, i) => {
        expect(a.status === 'rejected' ? String(a.reason) : 'answered', `request ${i}`).toBe('answered');
        const { status, body } = (a as PromiseFulfilledResult<Answer>).value;
        expect(status, `request ${i}`).toBe(200);
        expect(JSON.parse(body), `request ${i}`).toMatchObject({ code: 200, data: { phone: `+601234567${String(i).padStart(2, '0')}` } });
      });
      // Those answered after the signal tell the client not to send more on that connection.
      for (const i of [1, 3, 5, 7]) expect((answers[i] as PromiseFulfilledResult<Answer>).value.connection, `request ${i}`).toBe('close');

      // Every connection is closed by the server, the idle one included, without the client's help.
      await Promise.all(closedByServer);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toMatch(/Stopped/);
      kept.destroy();
      fresh.destroy();
    },
    90_000,
  );

  test(
    'a request still open after STOP_SECONDS (10 s unless set): the server stops anyway, saying so, with a non-zero exit',
    async () => {
      // 2 s here: the wait itself is what is tested, not its length (the default: tests/unit/config.test.ts).
      const server = await startServer({ STOP_SECONDS: '2' });
      const agent = new http.Agent({ keepAlive: true });
      const stuck = post(server.port, agent, SEND, phoneBody(0), { holdAfter: 5 });
      await stuck.sent;
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      stuck.answer.catch(() => {});
      const exit = await server.exited;
      expect(exit.code).not.toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_900);
      expect(server.output()).toMatch(/still open after 2 s/);
      agent.destroy();
    },
    90_000,
  );
});

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect, onTestFailed } from 'vitest';
import { siteInputsHash, STAMP_NAME } from '../../server/modules/publishing/inputs.ts';
import { freePort } from '../api/free-port.ts';
import { migratedDataFolder } from '../api/migrated-folder.ts';

/**
 * Server processes serving a copy of the project, for the publishing tests (content-publish*.test.ts):
 * the copy, a server started in it, its publishing routes and pages. A build takes 10 s or more.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
export const TOKEN = 'publish-token-for-the-tests-0123456789';
/** Longest wait for a build, a start or a publication on a busy 2-core machine. */
export const LONG_MS = 150_000;

export interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<void>;
}

const servers: Server[] = [];
const folders: string[] = [];

/** Registers, in the calling test file, the clean-up of the servers and copies its tests made. */
export function stopServersAfterEach() {
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  afterAll(() => {
    // The tests' parent folder, once empty (another run may be using it).
    try {
      rmdirSync(path.join(root, '.publish-tests'));
    } catch {
      // not empty, or gone
    }
  });
}

/**
 * A copy of the site's inputs, and an empty folder the server serves until the first
 * publication. Inside the project (.publish-tests/, ignored by git), so that the build finds
 * the project's node_modules as Node does, by looking in the folders above: through a link the
 * bundler would take one package for two (React twice, and every page over its budget).
 */
export async function projectCopy() {
  mkdirSync(path.join(root, '.publish-tests'), { recursive: true });
  const folder = mkdtempSync(path.join(root, '.publish-tests', 'site-'));
  folders.push(folder);
  const project = path.join(folder, 'project');
  mkdirSync(project);
  for (const entry of ['src', 'public', 'content', 'contract', 'scripts', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json']) {
    cpSync(path.join(root, entry), path.join(project, entry), { recursive: true });
  }
  const empty = path.join(folder, 'empty-site');
  mkdirSync(empty);
  // The site `npm run build` left in dist/, when built from these very inputs, is where the server
  // keeps its builds, as if another server on this disk had built it: a first publication of the
  // inputs as they are takes it up and checks it, instead of spending a build (both cores, 15 s
  // or more) on pages no test looks at before the next publication. Otherwise it is built.
  const dist = path.join(root, 'dist');
  const version = siteInputsHash(project);
  const stamp = path.join(dist, STAMP_NAME);
  if (existsSync(path.join(dist, 'home', 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === version) {
    cpSync(dist, path.join(project, 'site-builds', version), { recursive: true });
  }
  // Migrated already: these tests are about publishing, not a first start.
  return { project, empty, data: await migratedDataFolder(path.join(folder, 'data')) };
}

/** server/main.ts run in `project` (its content/ is what the server publishes), answering once ready. */
export async function startServer(project: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dev/start.ts')], {
    cwd: project,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMS_PROVIDER: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      SANDBOX_CALLBACK_URL: '',
      JOB_INTERVAL_SECONDS: '60',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let stopped = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (stopped = true));
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  servers.push(server);
  onTestFailed(() => console.error(`server output:\n${output.slice(-6000)}`));
  while (!/Servauto is ready at /.test(output)) {
    if (stopped) throw new Error(`the server stopped before it was ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function status(server: Server) {
  const res = await fetch(`${server.base}/api/ops/content/status`, { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    version: string | null;
    publishedAt: string | null;
    building: boolean;
    lastError?: { file: string | null; field: string | null; language: string | null; message: string };
    publishes: { version: string; result: string; trigger: string; built: boolean; builder: string }[];
  };
}

export async function publish(server: Server) {
  const res = await fetch(`${server.base}/api/ops/content/publish`, { method: 'POST', headers: bearer(TOKEN) });
  expect(res.status).toBe(202);
}

/** The status once `done` holds for it (a publication has ended), looking every 200 ms. */
export async function statusWhen(server: Server, done: (s: Awaited<ReturnType<typeof status>>) => boolean) {
  for (;;) {
    const now = await status(server);
    if (done(now)) return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const LANDING = ['/pc/home', '/pc/faq', '/pc/ms/faq', '/pc/zh-cn/home', '/pc/zh-cn/faq'];

export async function page(server: Server, pathname: string) {
  const res = await fetch(server.base + pathname);
  return { status: res.status, body: await res.text() };
}

/** Replaces a front matter field of a content page, or appends a paragraph to it. */
export function editPage(project: string, file: string, edit: (text: string) => string) {
  const full = path.join(project, 'content', file);
  writeFileSync(full, edit(readFileSync(full, 'utf8')));
}

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, onTestFailed, test } from 'vitest';
import { siteInputsHash, STAMP_NAME } from '../../server/modules/publishing/inputs.ts';
import { staffKeys } from '../api/console-fixtures.ts';
import { freePort } from '../api/free-port.ts';
import { migratedDataFolder } from '../api/migrated-folder.ts';
import { startApi } from '../api/harness.ts';

/**
 * Publishing without downtime (docs/contracts/going-live.md §3), with real server processes serving a copy of
 * the project (so that a test can change its content/): a republish builds the site beside the
 * one served and swaps to it; requests meanwhile get the previous site whole; a build that fails
 * leaves the site as it was and says why; two processes on one PostgreSQL end on one version.
 * A build takes 10 s or more: each test builds once or twice.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Tests whose servers keep their own PGlite database (DATABASE_URL ''): the same on both runs, so run once, on the first. */
const ownDatabase = test.skipIf(onPostgres);
const TOKEN = 'publish-token-for-the-tests-0123456789';
/** Longest wait for a build, a start or a publication on a busy 2-core machine. */
const LONG_MS = 150_000;

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<void>;
}

const servers: Server[] = [];
const folders: string[] = [];
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

/**
 * A copy of the site's inputs, and an empty folder the server serves until the first
 * publication. Inside the project (.publish-tests/, ignored by git), so that the build finds
 * the project's node_modules as Node does, by looking in the folders above: through a link the
 * bundler would take one package for two (React twice, and every page over its budget).
 */
async function projectCopy() {
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
async function startServer(project: string, env: Record<string, string>): Promise<Server> {
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

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function status(server: Server) {
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

async function publish(server: Server) {
  const res = await fetch(`${server.base}/api/ops/content/publish`, { method: 'POST', headers: bearer(TOKEN) });
  expect(res.status).toBe(202);
}

/** The status once `done` holds for it (a publication has ended), looking every 200 ms. */
async function statusWhen(server: Server, done: (s: Awaited<ReturnType<typeof status>>) => boolean) {
  for (;;) {
    const now = await status(server);
    if (done(now)) return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const LANDING = ['/pc/home', '/pc/faq', '/pc/ms/faq', '/pc/zh-cn/home', '/pc/zh-cn/faq'];

async function page(server: Server, pathname: string) {
  const res = await fetch(server.base + pathname);
  return { status: res.status, body: await res.text() };
}

const PADS = 'brakepads-akebono-proact-front';

/** The product's name as the API answers it (the name orders, the cart and e-invoices carry). */
async function productName(server: Server): Promise<string> {
  const res = await fetch(`${server.base}/api/app/order/vehicle/product/app/find`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: PADS }) });
  const answer = (await res.json()) as { code: number; data: { name: string } };
  expect(answer.code).toBe(200);
  return answer.data.name;
}

/** Replaces a front matter field of a content page, or appends a paragraph to it. */
function editPage(project: string, file: string, edit: (text: string) => string) {
  const full = path.join(project, 'content', file);
  writeFileSync(full, edit(readFileSync(full, 'utf8')));
}

describe('publishing the content while the site is served', () => {
  ownDatabase(
    'a republish swaps whole sites under requests; a failed build keeps the site and says why; only the token publishes',
    async () => {
      const { project, empty, data } = await projectCopy();
      const server = await startServer(project, { DATABASE_URL: '', DATA_DIR: data, SITE_DIR: empty, CONTENT_PUBLISH_TOKEN: TOKEN });

      // The token rules: none, a wrong one, one of the same length: refused, and nothing builds.
      for (const headers of [{}, bearer('wrong'), bearer(TOKEN.replace(/.$/, 'X')), { Authorization: TOKEN }]) {
        const res = await fetch(`${server.base}/api/ops/content/publish`, { method: 'POST', headers });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect((await fetch(`${server.base}/api/ops/content/status`, { headers })).status).toBe(401);
      }
      expect(await status(server)).toMatchObject({ version: null, building: false, publishes: [] });

      // The first publication: the site the test starts from.
      await publish(server);
      const first = await statusWhen(server, (s) => !s.building && s.publishes[0]?.result !== 'building');
      expect(first.lastError).toBeUndefined();
      expect(first.version).toBe(siteInputsHash(project));
      const before = new Map<string, string>();
      for (const p of LANDING) {
        const got = await page(server, p);
        expect(got.status, p).toBe(200);
        before.set(p, got.body);
      }

      // A Malay FAQ answer changes; pages are asked for in a loop before, during and after the republish.
      // Within the last answer's last paragraph: the FAQ keeps the English one's shape.
      editPage(project, 'pages/ms/faq.md', (text) => `${text.trimEnd()} Jawapan baharu: kedai dibuka pada hari Ahad.\n`);
      // And a product's English name: the API's answers follow the pages once published.
      editPage(project, `catalog/auto-brake-pads/${PADS}.json`, (text) => text.replace('"Akebono ProACT front brake pads"', '"Akebono ProACT front brake pads (ceramic)"'));
      expect(await productName(server)).toBe('Akebono ProACT front brake pads');
      const seen: { path: string; status: number; body: string; building: boolean }[] = [];
      let building = false;
      let stop = false;
      const loops = [0, 1, 2].map(async (n) => {
        for (let i = n; !stop; i++) {
          const p = LANDING[i % LANDING.length]!;
          const during = building;
          const got = await page(server, p);
          seen.push({ path: p, ...got, building: during });
        }
      });
      await publish(server);
      const second = await statusWhen(server, (s) => {
        building ||= s.building;
        return s.version !== first.version || (!s.building && s.publishes[0]!.result === 'failed');
      });
      building = false;
      // A few more rounds after the swap.
      const after = seen.length;
      while (seen.length < after + 15) await new Promise((resolve) => setTimeout(resolve, 20));
      stop = true;
      await Promise.all(loops);

      expect(second.lastError).toBeUndefined();
      expect(second.version).toBe(siteInputsHash(project));
      const now = new Map<string, string>();
      for (const p of LANDING) now.set(p, (await page(server, p)).body);
      expect(before.get('/pc/ms/faq')).not.toContain('Jawapan baharu');
      expect(now.get('/pc/ms/faq')).toContain('Jawapan baharu: kedai dibuka pada hari Ahad.');
      expect(await productName(server)).toBe('Akebono ProACT front brake pads (ceramic)');
      expect(seen.filter((s) => s.building).length, 'requests while the new site was building').toBeGreaterThan(0);
      // Whole pages of one site or the other, never a mix or a half. (Compared in one go: an
      // expect per answer kept this process busy for seconds, past the server's keep-alive, and
      // the next request went out on a connection the server had closed meanwhile.)
      const wrong = seen.filter((s) => s.status !== 200 || (s.body !== before.get(s.path) && s.body !== now.get(s.path)));
      expect(wrong.map((s) => `${s.path}: ${s.status}, ${s.body.length} bytes`)).toEqual([]);
      expect(seen.some((s) => s.path === '/pc/ms/faq' && s.body === before.get('/pc/ms/faq'))).toBe(true);
      expect(seen.some((s) => s.path === '/pc/ms/faq' && s.body === now.get('/pc/ms/faq'))).toBe(true);

      // A Chinese FAQ without its title: the build fails, the site stays, the status says why.
      editPage(project, 'pages/zh-cn/faq.md', (text) => text.replace(/^title: .*$/m, 'title: ""'));
      await publish(server);
      const failed = await statusWhen(server, (s) => !s.building && s.publishes[0]?.result === 'failed');
      expect(failed.version).toBe(second.version);
      expect(failed.lastError).toMatchObject({ field: 'title', language: 'zh-cn' });
      expect(failed.lastError!.file).toBe('content/pages/zh-cn/faq.md');
      expect(failed.publishes.map((p) => p.result)).toEqual(['failed', 'published', 'published']);
      for (const p of LANDING) expect(await page(server, p)).toEqual({ status: 200, body: now.get(p) });
      expect(server.output()).toMatch(/not published, the previous one stays .*title/);
    },
    4 * LONG_MS,
  );

  ownDatabase('a page with a script, or front matter that is not YAML, is not published: the status names file, field and language', async () => {
    const { project, empty, data } = await projectCopy();
    const server = await startServer(project, { DATABASE_URL: '', DATA_DIR: data, SITE_DIR: empty, CONTENT_PUBLISH_TOKEN: TOKEN });
    const about = readFileSync(path.join(project, 'content/pages/en/about.md'), 'utf8');
    editPage(project, 'pages/en/about.md', (text) => `${text}\n<span onmouseover="fetch('/api')">Hover me</span>\n`);
    await publish(server);
    const script = await statusWhen(server, (s) => !s.building && s.publishes[0]?.result === 'failed');
    expect(script.lastError).toMatchObject({ file: 'content/pages/en/about.md', field: 'body', language: 'en' });
    expect(script.lastError!.message).toMatch(/HTML with an event handler \(onmouseover\)/);

    editPage(project, 'pages/en/about.md', () => about);
    editPage(project, 'pages/ms/faq.md', (text) => text.replace(/^title: .*$/m, 'title: Soalan: lazim'));
    await publish(server);
    const yaml = await statusWhen(server, (s) => !s.building && s.publishes.length === 2 && s.publishes[0]?.result === 'failed');
    expect(yaml.lastError).toMatchObject({ file: 'content/pages/ms/faq.md', field: 'title', language: 'ms' });
    expect(yaml.lastError!.message).toMatch(/^the front matter is not YAML \(line 2: /);
    expect(yaml.version).toBeNull();
  }, 2 * LONG_MS);

  ownDatabase('without CONTENT_PUBLISH_TOKEN publishing is not configured', async () => {
    const { project, empty, data } = await projectCopy();
    const server = await startServer(project, { DATABASE_URL: '', DATA_DIR: data, SITE_DIR: empty, CONTENT_PUBLISH_TOKEN: '' });
    for (const [method, where] of [['POST', 'publish'], ['GET', 'status']] as const) {
      const res = await fetch(`${server.base}/api/ops/content/${where}`, { method, headers: bearer(TOKEN) });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toMatch(/not configured.*CONTENT_PUBLISH_TOKEN/);
    }
    // The document lists both routes.
    const document = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as { paths: Record<string, object> };
    expect(Object.keys(document.paths['/api/ops/content/publish']!)).toEqual(['post']);
    expect(Object.keys(document.paths['/api/ops/content/status']!)).toEqual(['get']);
    expect(Object.keys(document.paths['/api/console/content/status']!)).toEqual(['post']);
  }, LONG_MS);

  test("the console's status: admins only, with the publications every process made", async () => {
    const api = await startApi();
    try {
      const keys = await staffKeys(api);
      const answer = await api.request('/api/console/content/status', {}, { userKey: keys.admin });
      expect(answer.code, answer.msg).toBe(200);
      expect(answer.data).toEqual({ version: null, publishedAt: null, building: false, publishes: [] });
      for (const userKey of [keys.ss2, keys.customer]) expect((await api.request('/api/console/content/status', {}, { userKey })).code).toBe(403);
      expect((await api.request('/api/console/content/status', {})).code).toBe(708);
      // An API without the site: the operations' routes say publishing is not configured here.
      expect((await api.fetch('/api/ops/content/publish', { method: 'POST', headers: bearer(TOKEN) })).status).toBe(503);
    } finally {
      await api.close();
    }
  });

  test.skipIf(!onPostgres)(
    'two processes on one PostgreSQL end on the same version, built once (skipped on PGlite: two processes cannot share it)',
    async () => {
      const { project, empty } = await projectCopy();
      const env = { SITE_DIR: empty, CONTENT_PUBLISH_TOKEN: TOKEN, CONTENT_FOLLOW_SECONDS: '1', DEMO_DATA: '0' };
      const a = await startServer(project, env);
      const b = await startServer(project, env);
      editPage(project, 'pages/en/faq.md', (text) => `${text.trimEnd()} A new answer: the shop opens on Sundays.\n`);
      const version = siteInputsHash(project);

      // Published through one of them (as behind a load balancer): the other takes it up.
      await publish(a);
      const onA = await statusWhen(a, (s) => !s.building && s.version === version);
      const onB = await statusWhen(b, (s) => !s.building && s.version === version);
      expect(onA.lastError).toBeUndefined();
      expect(onB.lastError).toBeUndefined();
      // A built it; B found it built on the same disk.
      const by = (server: Server) => onB.publishes.filter((p) => p.builder.endsWith(`:${server.child.pid}`)).map((p) => [p.trigger, p.result, p.built, p.version]);
      expect(by(a)).toEqual([['publish', 'published', true, version]]);
      expect(by(b)).toEqual([['follow', 'published', false, version]]);
      for (const p of ['/pc/faq', '/pc/home']) {
        const [fromA, fromB] = [await page(a, p), await page(b, p)];
        expect(fromA.status).toBe(200);
        expect(fromB).toEqual(fromA);
      }
      expect((await page(b, '/pc/faq')).body).toContain('A new answer: the shop opens on Sundays.');
    },
    2 * LONG_MS,
  );

  test.skipIf(!onPostgres)(
    'two processes on one disk: while one publishes five times in a row, every page the other is asked for answers 200, and both end on the last version',
    async () => {
      const { project, empty } = await projectCopy();
      const env = { SITE_DIR: empty, CONTENT_PUBLISH_TOKEN: TOKEN, CONTENT_FOLLOW_SECONDS: '1', DEMO_DATA: '0' };
      const a = await startServer(project, env);
      const b = await startServer(project, env);
      const first = siteInputsHash(project);
      await publish(a);
      await statusWhen(b, (s) => s.version === first);

      // B is asked for pages without a pause, from three loops, through all of A's publications.
      const paths = [...LANDING, '/pc/products/auto-brake-pads', '/pc/ms/products/auto-brake-pads'];
      const seen: { path: string; status: number }[] = [];
      let stop = false;
      const loops = [0, 1, 2].map(async (n) => {
        for (let i = n; !stop; i++) {
          const p = paths[i % paths.length]!;
          const res = await fetch(b.base + p);
          await res.arrayBuffer();
          seen.push({ path: p, status: res.status });
        }
      });
      const versions: string[] = [];
      try {
        for (let n = 1; n <= 5; n++) {
          editPage(project, 'pages/en/faq.md', (text) => `${text.trimEnd()} Edition ${n} of the answers.\n`);
          versions.push(siteInputsHash(project));
          await publish(a);
          const wanted = versions.at(-1)!;
          const ended = await statusWhen(a, (s) => !s.building && (s.version === wanted || s.publishes.some((p) => p.version === wanted && p.result === 'failed')));
          expect(ended.version, `A's publication ${n}: ${JSON.stringify(ended.lastError)}`).toBe(wanted);
        }
        await statusWhen(b, (s) => s.version === versions.at(-1));
        // A few more rounds on the last version.
        const after = seen.length;
        while (seen.length < after + 30) await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        stop = true;
        await Promise.all(loops);
      }
      expect(seen.length).toBeGreaterThan(100);
      expect(seen.filter((s) => s.status !== 200).map((s) => `${s.path}: ${s.status}`)).toEqual([]);

      // Both serve the same site: A's last version, taken up by B as A built it.
      const onB = await status(b);
      expect(onB.lastError).toBeUndefined();
      const mine = onB.publishes.filter((p) => p.builder.endsWith(`:${b.child.pid}`));
      expect(mine.every((p) => p.trigger === 'follow' && !p.built)).toBe(true);
      for (const p of ['/pc/faq', '/pc/home']) {
        const [fromA, fromB] = [await page(a, p), await page(b, p)];
        expect(fromA.status).toBe(200);
        expect(fromB).toEqual(fromA);
      }
      expect((await page(b, '/pc/faq')).body).toContain('Edition 5 of the answers.');
    },
    6 * LONG_MS,
  );
});

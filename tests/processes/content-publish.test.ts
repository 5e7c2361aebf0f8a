import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { siteInputsHash } from '../../server/modules/publishing/inputs.ts';
import { staffKeys } from '../api/console-fixtures.ts';
import { startApi } from '../api/harness.ts';
import { bearer, editPage, LANDING, LONG_MS, page, projectCopy, publish, startServer, status, statusWhen, stopServersAfterEach, TOKEN, type Server } from './publishing-servers.ts';

/**
 * Publishing without downtime (docs/contracts/going-live.md §3), with a real server process serving a copy of
 * the project (so that a test can change its content/): a republish builds the site beside the
 * one served and swaps to it; requests meanwhile get the previous site whole; a build that fails
 * leaves the site as it was and says why. Two processes: content-publish-two-servers.test.ts.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
/** Tests whose servers keep their own PGlite database (DATABASE_URL ''): the same on both runs, so run once, on the first. */
const ownDatabase = test.skipIf(onPostgres);

stopServersAfterEach();

const PADS = 'brakepads-akebono-proact-front';

/** The product's name as the API answers it (the name orders, the cart and e-invoices carry). */
async function productName(server: Server): Promise<string> {
  const res = await fetch(`${server.base}/api/app/order/vehicle/product/app/find`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: PADS }) });
  const answer = (await res.json()) as { code: number; data: { name: string } };
  expect(answer.code).toBe(200);
  return answer.data.name;
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
});

import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { securityHeaders, STRICT_POLICY } from '../../server/http/security-headers.ts';
import { mountSite } from '../../server/static.ts';
import { startApi, type TestApi } from './harness.ts';

/**
 * Every answer carries a Content-Security-Policy and the usual headers: a page allows exactly
 * the inline scripts and styles it was built with (by hash), the content editor its backend,
 * API answers and files nothing at all.
 */

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const PREPAINT = "try{if(sessionStorage.getItem('servauto.user'))document.documentElement.dataset.session=''}catch{}";
const ISLAND = '(()=>{var e=async t=>{await(await t())()};(self.Astro||(self.Astro={})).load=e;})();';
const MODULE = 'if(location.search)console.log(1)';
const ISLAND_STYLE = 'astro-island,astro-slot,astro-static-slot{display:contents}';
const home = `<!doctype html><html><head><title>Home</title>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script>${PREPAINT}</script><style>${ISLAND_STYLE}</style>
<script type="module" src="/pc/_astro/page.js"></script></head><body>
<script type="application/json" id="page-texts">{"locale":"en"}</script>
<script>${ISLAND}</script><script type="module">${MODULE}</script>
<!--servauto:reviews--></body></html>`;
const files: Record<string, string> = {
  'home/index.html': home,
  'products/wiper/index.html': home,
  '404.html': `<!doctype html><title>Page not found</title><script>${PREPAINT}</script>`,
  'admin/index.html': '<!doctype html><title>Content editor</title><script type="module" src="/pc/_astro/admin/cms.js"></script>',
  'admin/config.yml': JSON.stringify({ backend: { name: 'proxy', proxy_url: 'http://127.0.0.1:8081/api/v1' }, local_backend: { url: 'http://127.0.0.1:8081/api/v1' } }),
  'banners/tyres.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
  '_astro/page.js': 'export {};',
};

/** The policy's directives by name, each with its sources. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries((policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));
}

function expectUsualHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(directives(res.headers.get('content-security-policy'))['frame-ancestors']).toEqual(["'none'"]);
}

describe('the site’s pages and files', () => {
  let top: string;
  const app = new Hono();
  beforeAll(() => {
    top = mkdtempSync(path.join(tmpdir(), 'servauto-csp-'));
    for (const [name, body] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(top, name)), { recursive: true });
      writeFileSync(path.join(top, name), body);
    }
    app.use(securityHeaders());
    mountSite(app, {
      siteDir: top,
      productPage: () => undefined,
      // What the server fills in after the build is never allowed to run.
      fillPage: async (html) => (html.includes('<!--servauto:reviews-->') ? { html: html.replace('<!--servauto:reviews-->', '<script>steal()</script>'), version: '1' } : null),
    });
  });
  afterAll(() => rmSync(top, { recursive: true, force: true }));

  test('a page runs exactly its own inline scripts and styles, by hash, and nothing inline besides', async () => {
    const res = await app.request('/pc/home');
    expect(res.status).toBe(200);
    expectUsualHeaders(res);
    const policy = directives(res.headers.get('content-security-policy'));
    expect(policy['script-src']).toEqual(["'self'", sha(PREPAINT), sha(ISLAND), sha(MODULE)]);
    expect(policy['style-src']).toEqual(["'self'", sha(ISLAND_STYLE)]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    // Only style attributes (the reviews' bars) may be inline; nothing is evaluated, nothing comes from anywhere.
    expect(Object.keys(policy).filter((name) => policy[name]!.includes("'unsafe-inline'"))).toEqual(['style-src-attr']);
    expect(res.headers.get('content-security-policy')).not.toMatch(/unsafe-eval|unsafe-hashes|\*/);
  });

  test('a script the server fills into a page after the build is not allowed', async () => {
    const res = await app.request('/pc/products/wiper');
    expect(await res.text()).toContain('<script>steal()</script>');
    expect(directives(res.headers.get('content-security-policy'))['script-src']).toEqual(["'self'", sha(PREPAINT), sha(ISLAND), sha(MODULE)]);
  });

  test('the 404 page has its own policy; files and redirects the strict one', async () => {
    const missing = await app.request('/pc/no-such-page');
    expect(missing.status).toBe(404);
    expectUsualHeaders(missing);
    expect(directives(missing.headers.get('content-security-policy'))['script-src']).toEqual(["'self'", sha(PREPAINT)]);
    for (const address of ['/pc/banners/tyres.svg', '/pc/_astro/page.js', '/pc']) {
      const res = await app.request(address);
      expect(res.status, address).toBeLessThan(400);
      expectUsualHeaders(res);
      expect(res.headers.get('content-security-policy'), address).toBe(STRICT_POLICY);
    }
  });

  test('a page answered "not modified" keeps the policy the browser has for it', async () => {
    const first = await app.request('/pc/home');
    const again = await app.request('/pc/home', { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBeNull();
  });

  test('the content editor reaches its backend, styles itself, and runs no inline script', async () => {
    const res = await app.request('/pc/admin');
    expect(res.status).toBe(200);
    expectUsualHeaders(res);
    const policy = directives(res.headers.get('content-security-policy'));
    // Decap compiles its configuration's validators at run time.
    expect(policy['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:*']);
  });
});

describe('API answers', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  test('an answer, an error and a probe carry the strict policy and the usual headers', async () => {
    const answers = [
      await api.fetch('/api/user/dictionary/dictionary-info', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ dictionaryId: 'CITY' }) }),
      await api.fetch('/api/no/such/call', { method: 'POST' }),
      await api.fetch('/healthz'),
    ];
    // An unknown call answers in the envelope (code 404) like every other.
    expect(answers.map((r) => r.headers.get('content-type'))).toEqual(Array(3).fill(expect.stringMatching(/^application\/json/)));
    for (const res of answers) {
      expectUsualHeaders(res);
      expect(res.headers.get('content-security-policy')).toBe(STRICT_POLICY);
    }
  });

  test('an HTML page the server writes without a policy of its own gets one for its inline script', async () => {
    const app = new Hono();
    app.use(securityHeaders());
    app.get('/page', (c) => c.html('<!doctype html><title>A page</title><script>go()</script>'));
    app.get('/own', (c) => c.html('<!doctype html><title>Own</title>', 200, { 'Content-Security-Policy': "default-src 'none'" }));
    expect(directives((await app.request('/page')).headers.get('content-security-policy'))['script-src']).toEqual(["'self'", sha('go()')]);
    const own = await app.request('/own');
    expect(own.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

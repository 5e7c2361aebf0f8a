import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { mountSite } from '../../server/static.ts';

/**
 * The site's file server over real HTTP (so paths reach it exactly as sent, escapes and
 * dots included), on a small site of its own: no build needed.
 */

const filler = (what: string) => `<p>${what}</p>\n`.repeat(200);
const files: Record<string, string> = {
  'home/index.html': `<!doctype html><title>Home</title>${filler('Choose your car')}`,
  'zh-cn/home/index.html': `<!doctype html><title>首页</title>${filler('选择您的车')}`,
  '404.html': '<!doctype html><title>Page not found</title>',
  'zh-cn/404/index.html': '<!doctype html><title>找不到页面</title>',
  'ms/404/index.html': '<!doctype html><title>Halaman tidak dijumpai</title>',
  'agreement/privacy-policy/index.html': '<!doctype html><title>Privacy Policy</title>',
  '_astro/Shell.C36DKXsO.css': `body{margin:0}\n${'.a{color:red}\n'.repeat(200)}`,
  '_astro/AccountMenu.CToZFGvd.js': `export const menu = 1;\n${'console.log(1);\n'.repeat(200)}`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'products/wiper.png': '\x89PNG not really',
  'site.webmanifest': '{"name":"Servauto"}',
  'robots.txt': 'User-agent: *\nAllow: /pc/\n',
};
const SECRET = 'DATABASE_URL=postgres://secret';

let top: string;
let server: ServerType;
let port: number;
beforeAll(async () => {
  top = mkdtempSync(path.join(tmpdir(), 'servauto-site-'));
  // Beside the site, where a path that climbs out of it would land.
  writeFileSync(path.join(top, 'package.json'), SECRET);
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(top, 'site', name)), { recursive: true });
    writeFileSync(path.join(top, 'site', name), body);
  }
  const app = new Hono();
  mountSite(app, {
    siteDir: path.join(top, 'site'),
    productPage: (id) => (id === 'wiper-bosch-aerotwin' ? 'products/auto-wiper-blade/wiper-bosch-aerotwin' : undefined),
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(top, { recursive: true, force: true });
});

const errors = vi.spyOn(console, 'error');
afterEach(() => {
  // A bad path is the client's mistake: nothing for the server's log.
  expect(errors).not.toHaveBeenCalled();
  errors.mockClear();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** One request with the path sent byte for byte as given (no URL clean-up on the way). */
function get(rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pages and assets', () => {
  test('/pc/home is home/index.html, checked again on every visit', async () => {
    const res = await get('/pc/home');
    expect(res.status).toBe(200);
    expect(res.text).toBe(files['home/index.html']);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
  });

  test('a page in Chinese', async () => {
    expect((await get('/pc/zh-cn/home')).text).toBe(files['zh-cn/home/index.html']);
  });

  test('hashed scripts and styles are cached for a year, never revalidated', async () => {
    for (const [name, type] of [
      ['_astro/AccountMenu.CToZFGvd.js', 'text/javascript; charset=utf-8'],
      ['_astro/Shell.C36DKXsO.css', 'text/css; charset=utf-8'],
    ]) {
      const res = await get(`/pc/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers['content-type'], name).toBe(type);
      expect(res.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(res.text, name).toBe(files[name!]);
    }
  });

  test.each([
    ['/pc/favicon.svg', 'image/svg+xml'],
    ['/pc/products/wiper.png', 'image/png'],
    ['/pc/site.webmanifest', 'application/manifest+json'],
    ['/pc/robots.txt', 'text/plain; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
  ])('%s is served as %s', async (rawPath, type) => {
    const res = await get(rawPath);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(new RegExp(`^${type.replace(/[+]/g, '\\+')}`));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  test('HEAD answers the headers of GET without a body', async () => {
    const [head, full] = [await get('/pc/home', {}, 'HEAD'), await get('/pc/home')];
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(files['home/index.html']!)));
    expect(head.headers.etag).toBe(full.headers.etag);
  });
});

describe('compression', () => {
  test.each(['/pc/home', '/pc/_astro/AccountMenu.CToZFGvd.js', '/pc/_astro/Shell.C36DKXsO.css'])('%s goes out gzipped when asked', async (rawPath) => {
    const res = await get(rawPath, { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(files[rawPath.replace('/pc/', '').replace(/^home$/, 'home/index.html')]!) / 4);
    expect(gunzipSync(res.body).toString('utf8')).toBe(files[rawPath.replace('/pc/', '').replace(/^home$/, 'home/index.html')]);
  });

  test('images are not compressed again', async () => {
    expect((await get('/pc/products/wiper.png', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });
});

describe('revalidation', () => {
  test('a matching If-None-Match gets 304 without a body', async () => {
    const first = await get('/pc/home');
    const again = await get('/pc/home', { 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  test('the tag of the gzipped page revalidates the page too', async () => {
    const zipped = await get('/pc/home', { 'Accept-Encoding': 'gzip' });
    const again = await get('/pc/home', { 'Accept-Encoding': 'gzip', 'If-None-Match': zipped.headers.etag! });
    expect(again.status).toBe(304);
  });

  test('another tag gets the page', async () => {
    const res = await get('/pc/home', { 'If-None-Match': 'W/"0-0"' });
    expect(res.status).toBe(200);
    expect(res.text).toBe(files['home/index.html']);
  });

  test('a changed file gets a new tag', async () => {
    const before = await get('/pc/favicon.svg');
    writeFileSync(path.join(top, 'site', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="32"/>');
    const after = await get('/pc/favicon.svg', { 'If-None-Match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('what is not a page', () => {
  test.each([
    ['/pc/nothing-here', 'Page not found'],
    ['/pc/zh-cn/nothing-here', '找不到页面'],
    ['/pc/ms/nothing-here', 'Halaman tidak dijumpai'],
  ])('%s: the 404 page in the path’s language, with status 404', async (rawPath, title) => {
    const res = await get(rawPath);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain(`<title>${title}</title>`);
  });

  test.each([
    ['/pc/%E0%A4%A', 'Page not found'],
    ['/pc/%', 'Page not found'],
    ['/pc/_astro/%zz', 'Page not found'],
    ['/pc/home%', 'Page not found'],
    ['/pc/zh-cn/%E0%A4%A', '找不到页面'],
    ['/pc/ms/%', 'Halaman tidak dijumpai'],
    ['/%', 'Page not found'],
    ['/%E0%A4%A', 'Page not found'],
  ])('a malformed escape %s: the 404 page, never an error', async (rawPath, title) => {
    const res = await get(rawPath);
    expect(res.status).toBe(404);
    expect(res.text).toContain(`<title>${title}</title>`);
  });

  test.each(['/pc/_astro/', '/pc/_astro', '/pc/products', '/pc/zh-cn/'])('a folder without a page (%s) is not listed', async (rawPath) => {
    const res = await get(rawPath);
    expect([302, 404]).toContain(res.status);
    expect(res.text).not.toContain('AccountMenu');
  });

  test.each([
    '/pc/../package.json',
    '/pc/%2e%2e/package.json',
    '/pc/%2E%2E/package.json',
    '/pc/..%2fpackage.json',
    '/pc/..%2Fpackage.json',
    '/pc/..%5cpackage.json',
    '/pc/_astro/..%2f..%2fpackage.json',
    '/pc/%2e%2e%2fpackage.json',
    '/pc/..\\package.json',
    '/pc//../../package.json',
    '/../package.json',
    '/pc/home/../../package.json',
  ])('%s does not leave the site', async (rawPath) => {
    const res = await get(rawPath);
    // Node's HTTP parser itself refuses a raw backslash with 400.
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toContain(SECRET);
  });
});

describe('routes that lead elsewhere', () => {
  test.each([
    ['/', '/pc/home'],
    ['/pc', '/pc/home'],
    ['/pc/', '/pc/home'],
    ['/pc/zh-cn', '/pc/zh-cn/home'],
    ['/pc/ms/', '/pc/ms/home'],
    ['/pc/agreement?id=PRIVACYPOLICY', '/pc/agreement/privacy-policy'],
    ['/pc/ms/agreement?id=Terms', '/pc/ms/agreement/terms'],
    ['/pc/zh-cn/good?id=wiper-bosch-aerotwin', '/pc/zh-cn/products/auto-wiper-blade/wiper-bosch-aerotwin'],
  ])('%s leads to %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(to);
  });

  test.each(['/pc/agreement?id=NOPE', '/pc/good?id=nothing', '/pc/good'])('%s: the 404 page', async (rawPath) => {
    const res = await get(rawPath);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<title>Page not found</title>');
  });
});

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { frontMatter } from '../../contract/rules/content-checks.ts';
import { startProxy, useProxyAt } from './editor-support.ts';

// The content editor at /pc/admin/: Decap CMS bundled with the site, on the working copy
// through its local proxy (decap-server, as `npm run content` starts it), and never loaded by
// a shop page.

const root = fileURLToPath(new URL('../../', import.meta.url));

test('the configuration names the three languages and edits the working copy through a proxy on 127.0.0.1', async ({ request }) => {
  const res = await request.get('/pc/admin/config.yml');
  expect(res.status()).toBe(200);
  const config = JSON.parse(await res.text()) as { i18n: { locales: string[]; default_locale: string }; backend: { name: string; proxy_url: string }; collections: { label: string }[] };
  expect(config.i18n).toMatchObject({ locales: ['en', 'ms', 'zh-cn'], default_locale: 'en' });
  expect(config.backend.name).toBe('working-copy');
  expect(config.backend.proxy_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
  expect(config.collections.map((c) => c.label)).toEqual(expect.arrayContaining(['Pages', 'Home page', 'Products: Brake Pads', 'Products: Tyres']));
});

test('the editor opens the FAQ in English and Malay side by side, switches a pane to Chinese, and previews it', async ({ page }) => {
  const { port, proxy } = await startProxy();
  try {
    await useProxyAt(page, port);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/pc/admin/');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    // On the working copy there is no account: the editor opens on the collections, without a login page.
    for (const name of ['Pages', 'Home page', 'Products: Brake Pads', 'Products: Tyres']) {
      await expect(page.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
    }
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Pages' }).click();
    // One entry per page, named by its English title: no entry per language any more.
    for (const name of ['Frequently asked questions', 'Terms and Conditions']) await expect(page.getByRole('link', { name })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: /Bahasa Melayu|中文/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Frequently asked questions' }).click();

    // English on the left, Malay beside it, each pane saying which language it writes.
    const titles = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(page.getByRole('button', { name: 'Writing in EN' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Writing in MS' })).toBeVisible();
    await expect(titles).toHaveCount(2);
    await expect(titles.nth(0)).toHaveValue('Frequently asked questions');
    await expect(titles.nth(1)).toHaveValue('Soalan lazim');

    // The second pane switches to Chinese, the English stays beside it.
    await page.getByRole('button', { name: 'Writing in MS' }).click();
    await page.getByRole('menuitem', { name: 'zh-cn', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Writing in ZH-CN' })).toBeVisible();
    await expect(titles.nth(0)).toHaveValue('Frequently asked questions');
    await expect(titles.nth(1)).toHaveValue('常见问题');

    // The preview lays the left pane's language out with the site's stylesheet, as /pc/faq does.
    await page.getByRole('button', { name: 'Toggle preview' }).click();
    const preview = page.frameLocator('#preview-pane');
    await expect(preview.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'What does the 30-day warranty cover?' })).toBeVisible();
    await expect(preview.locator('link[rel="stylesheet"][href*="/pc/_astro/"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Writing in EN' }).click();
    await page.getByRole('menuitem', { name: 'ms', exact: true }).click();
    await expect(preview.getByRole('heading', { level: 1, name: 'Soalan lazim' })).toBeVisible();
  } finally {
    proxy.kill();
  }
});

test("saving the FAQ's Malay title writes the Malay file only: the English and Chinese files stay byte for byte", async ({ page }) => {
  const copy = mkdtempSync(path.join(tmpdir(), 'servauto-editor-'));
  cpSync(path.join(root, 'content'), path.join(copy, 'content'), { recursive: true });
  const read = (file: string) => frontMatter(readFileSync(path.join(copy, 'content/pages', file), 'utf8'));
  const before = Object.fromEntries(['en', 'ms', 'zh-cn'].map((l) => [l, read(`${l}/faq.md`)]));
  const bytes = (file: string) => readFileSync(path.join(copy, 'content/pages', file));
  const untouched = Object.fromEntries(['en', 'zh-cn'].map((l) => [l, bytes(`${l}/faq.md`)]));
  const { port, proxy } = await startProxy(copy);
  try {
    await useProxyAt(page, port);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/pc/admin/');
    await page.getByRole('link', { name: 'Pages' }).click({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Frequently asked questions' }).click();
    const titles = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect(titles.nth(1)).toHaveValue('Soalan lazim', { timeout: 20_000 });
    await titles.nth(1).fill('Soalan lazim Servauto');
    // On the working copy there is no review: the entry is published at once.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
    await expect.poll(() => read('ms/faq.md').data.get('title'), { timeout: 20_000 }).toBe('Soalan lazim Servauto');
    for (const l of ['en', 'ms', 'zh-cn']) {
      const after = read(`${l}/faq.md`);
      expect(after.body.trim(), l).toBe(before[l]!.body.trim());
      expect(after.data.get('description'), l).toBe(before[l]!.data.get('description'));
    }
    expect(read('en/faq.md').data.get('title')).toBe('Frequently asked questions');
    expect(read('zh-cn/faq.md').data.get('title')).toBe('常见问题');
    for (const l of ['en', 'zh-cn']) expect(bytes(`${l}/faq.md`).equals(untouched[l]!), `${l}/faq.md unchanged`).toBe(true);
    // No file of another layout: the same five pages in each language's folder.
    expect(readdirSync(path.join(copy, 'content/pages')).sort()).toEqual(['en', 'ms', 'zh-cn']);
    for (const l of ['en', 'ms', 'zh-cn']) expect(readdirSync(path.join(copy, 'content/pages', l)).sort()).toEqual(['about.md', 'faq.md', 'privacy.md', 'return.md', 'terms.md']);
  } finally {
    proxy.kill();
    rmSync(copy, { recursive: true, force: true });
  }
});

test('no shop page loads the editor, and the editor is out of the sitemap', async ({ page, request }) => {
  const admin = await (await request.get('/pc/admin/')).text();
  const adminScripts = [...admin.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  expect(adminScripts.length).toBeGreaterThan(0);

  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(`${response.url()}\n${await response.text().catch(() => '')}`);
  });
  for (const path of ['/pc/home', '/pc/faq', '/pc/ms/about-us-servauto', '/pc/zh-cn/products/auto-brake-pads', '/pc/agreement/terms']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const html = await (await request.get(path)).text();
    for (const src of adminScripts) expect(html, path).not.toContain(src);
  }
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script.includes('registerPreviewTemplate'), script.split('\n')[0]).toBe(false);

  const sitemap = await (await request.get('/pc/sitemap-0.xml')).text();
  expect(sitemap).toContain('/pc/faq');
  expect(sitemap).not.toContain('/pc/admin');
});

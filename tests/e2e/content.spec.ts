import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The one file that names the seller. */
const seller = JSON.parse(readFileSync('content/seller.json', 'utf8')) as { legalName: string; ssmNo: string; address: string; email: string };

test('the FAQ opens an answer and narrows to what the customer searches for', async ({ page }) => {
  await page.goto('/pc/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  const questions = page.locator('details');
  expect(await questions.count()).toBeGreaterThanOrEqual(15);
  await page.getByText('What does the 30-day warranty cover?').click();
  await expect(page.getByText(/30-day warranty on the workmanship/)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('refund');
  await expect(page.getByText('How do I ask for a refund?')).toBeVisible();
  await expect(page.getByText('What does the 30-day warranty cover?')).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('zzqx');
  await expect(page.getByText('No question matches “zzqx”. Try another word, or contact us.')).toBeVisible();
});

test('the FAQ leads a warranty claim to the order page’s button, in its words', async ({ page }) => {
  await page.goto('/pc/faq');
  await page.getByText('How do I make a warranty claim?').click();
  const answer = page.locator('details[open]');
  await expect(answer).toContainText('open My Orders, choose the order and tap Claim under warranty.');
  await expect(answer).not.toContainText('e-mail');
  // The dictionary keys the page cites show nowhere, not even in its structured data.
  await expect(answer).not.toContainText('ui:');
  const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).find((t) => t.includes('FAQPage'));
  expect(structured).toContain('tap Claim under warranty');
  expect(structured).not.toContain('ui:');

  await page.goto('/pc/ms/faq');
  await page.getByText('Bagaimanakah cara meminta bayaran balik?').click();
  await expect(page.locator('details[open]')).toContainText('tekan Minta bayaran balik.');
});

test('the footer policy links open the matching policy, in each language', async ({ page }) => {
  await page.goto('/pc/home');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Return Policy' }).click();
  await expect(page).toHaveURL(/\/pc\/agreement\/return-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return and Refund Policy');

  await page.goto('/pc/ms/agreement?id=PRIVACYPOLICY');
  await expect(page).toHaveURL(/\/pc\/ms\/agreement\/privacy-policy$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms-MY');
  await expect(page.getByText(/Akta Perlindungan Data Peribadi 2010/).first()).toBeVisible();

  await page.goto('/pc/zh-cn/agreement?id=Terms');
  await expect(page).toHaveURL(/\/pc\/zh-cn\/agreement\/terms$/);
});

test('an unknown policy id is the 404 page', async ({ page }) => {
  const response = await page.goto('/pc/agreement?id=COOKIES');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('About tells who the shop is', async ({ page }) => {
  await page.goto('/pc/about-us-servauto');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Servauto');
  await expect(page).toHaveTitle('About Servauto — Servauto');
});

test('crawlers find a sitemap with every language, robots.txt, and structured data', async ({ page, request }) => {
  const robots = await (await request.get('/pc/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .*\/pc\/sitemap-index\.xml/);
  const index = await (await request.get('/pc/sitemap-index.xml')).text();
  const sitemapUrl = new URL(index.match(/<loc>([^<]+)<\/loc>/)![1]!);
  const sitemap = await (await request.get(sitemapUrl.pathname)).text();
  expect(sitemap).toContain('/pc/products/auto-wiper-blade</loc>');
  expect(sitemap).toContain('hreflang="ms-MY" href="https://www.servauto.my/pc/ms/faq"');
  expect(sitemap).not.toContain('/pc/404');
  // Only pages meant for search engines: none that asks them not to index it.
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(listed.length).toBeGreaterThan(30);
  const closed: string[] = [];
  for (const path of listed) if (/<meta name="robots" content="noindex/.test(await (await request.get(path)).text())) closed.push(path);
  expect(closed).toEqual([]);

  await page.goto('/pc/products/auto-maintenance/service-basic');
  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = data.map((d) => JSON.parse(d)).find((d) => d['@type'] === 'Product');
  expect(product.offers).toMatchObject({ '@type': 'Offer', price: '159.00', priceCurrency: 'MYR' });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.servauto.my/pc/products/auto-maintenance/service-basic');
  await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute('href', 'https://www.servauto.my/pc/zh-cn/products/auto-maintenance/service-basic');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://www.servauto.my/pc/og-image.png');
  const manifest = await (await request.get('/pc/site.webmanifest')).json();
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
  expect((await request.get('/pc/apple-touch-icon.png')).headers()['content-type']).toBe('image/png');
});

test('the footer, About and the policies name the seller of content/seller.json, and say it is a demo', async ({ page }) => {
  const demo = {
    en: 'Demo seller: the company, address and contacts shown here are examples.',
    ms: 'Penjual demo: syarikat, alamat dan butiran hubungan di sini hanyalah contoh.',
    'zh-cn': '演示卖方：此处显示的公司、地址和联系方式仅为示例。',
  };
  for (const [lang, marking] of Object.entries(demo)) {
    const prefix = lang === 'en' ? '/pc' : `/pc/${lang}`;
    await page.goto(`${prefix}/home`);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`${seller.legalName} (${seller.ssmNo})`);
    await expect(footer).toContainText(seller.address);
    await expect(footer.getByText(marking)).toBeVisible();
    await expect(footer).not.toContainText('Servauto Sdn. Bhd.');

    await page.goto(`${prefix}/about-us-servauto`);
    const main = page.getByRole('main');
    await expect(main).toContainText(seller.legalName);
    await expect(main).toContainText(seller.address);
    await expect(main).toContainText(seller.email);
    await expect(main).toContainText('+60 3-0000 0000');
    await expect(main).not.toContainText('{{');
    await expect(main).not.toContainText('Servauto Sdn. Bhd.');
  }
  for (const slug of ['privacy-policy', 'return-policy', 'terms']) {
    await page.goto(`/pc/agreement/${slug}`);
    await expect(page.getByRole('main')).toContainText(seller.legalName);
    await expect(page.getByRole('main')).not.toContainText('{{');
  }
});

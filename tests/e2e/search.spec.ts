import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

// The search box in every page's header, and the search page it leads to.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const MYVI = { brand: 'Perodua', model: 'Myvi', year: '2023', variant: '1.3 G', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023', variantId: 'perodua-myvi-1.3-g-2022', noYear: false, noBt: false, bodyType: 'Hatchback' };

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const primacy = (page: Page) => cards(page).filter({ hasText: 'Michelin Primacy 4 ST tyre' });

/** Types into the header's box (opening it first on a phone) and sends it with Enter. */
async function searchFromHeader(page: Page, text: string, names = { open: 'Search', box: 'Search products' }) {
  const open = page.getByRole('button', { name: names.open, exact: true });
  if (await open.isVisible()) await open.click();
  const box = page.getByRole('banner').getByRole('searchbox', { name: names.box });
  await box.fill(text);
  await box.press('Enter');
}

test('on a laptop, a tyre size typed in the header lists the tyres made in it with that size’s price', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/pc/products/auto-car-mats');
  await searchFromHeader(page, '185/55R15');
  await expect(page).toHaveURL(/\/pc\/search\?q=185%2F55R15$/);
  await expect(page.getByRole('status')).toHaveText(/\d+ results for “185\/55R15”/);
  for (const card of await cards(page).all()) await expect(card).toContainText('Size 185/55R15');
  // Parts RM 325.00 for this size, labour RM 10.00 and its 8 % tax for a compact car: a "from" price with no car chosen.
  await expect(primacy(page)).toContainText('from RM 335.80');
  await expect(primacy(page)).toContainText('Tyres · Michelin');
});

test('on a phone, the search icon opens the box, and any notation of a size finds the same tyres', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/pc/home');
  await expect(page.getByRole('banner').getByRole('searchbox')).toBeHidden();
  await searchFromHeader(page, '185 55 15');
  await expect(page).toHaveURL(/\/pc\/search\?q=185\+55\+15$/);
  await expect(primacy(page)).toContainText('Size 185/55R15');
  await expect(primacy(page)).toContainText('RM 335.80');
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(1);
  // The page's own box searches again without leaving it.
  await page.getByRole('main').getByRole('searchbox', { name: 'Search products' }).fill('1855515');
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=1855515$/);
  await expect(cards(page)).toHaveCount(count);
});

test('with a car chosen, results are priced and checked for it', async ({ page }) => {
  await page.addInitScript((car) => localStorage.setItem('carInfo', car), JSON.stringify(MYVI));
  await page.goto('/pc/search?q=175%2F65%20r14');
  await expect(cards(page).first()).toContainText('Fits your Perodua Myvi · Hatchback');
  await expect(cards(page).first()).toContainText('Size 175/65R14');
  // A size the Myvi does not take is priced, but not said to fit.
  await page.goto('/pc/search?q=185%2F55R15');
  const xm2 = cards(page).filter({ hasText: 'Michelin Energy XM2+ tyre' });
  await expect(xm2).toContainText('185/55R15 is not a size of your car: it takes 175/65R14.');
  // Parts RM 270.00 in this size, the Myvi's labour RM 10.00 and its tax: no longer a "from" price.
  await expect(xm2).toContainText('RM 280.80');
  await expect(xm2).not.toContainText('from RM');
  await expect(primacy(page)).toContainText('Not made in your car’s tyre size (175/65R14).');
});

test('a Chinese query finds brake pads on the Chinese page', async ({ page }) => {
  await page.goto('/pc/zh-cn/home');
  await searchFromHeader(page, '刹车片', { open: '搜索', box: '搜索产品' });
  await expect(page).toHaveURL(/\/pc\/zh-cn\/search\?q=/);
  await expect(page.getByRole('status')).toContainText('“刹车片”的搜索结果');
  await expect(cards(page).first()).toContainText('刹车片');
});

test('a brand’s Chinese name and a product’s Malay word find those products, each once', async ({ page }) => {
  await page.goto(`/pc/zh-cn/search?q=${encodeURIComponent('米其林')}`);
  await expect(cards(page).first()).toContainText('Michelin');
  for (const card of await cards(page).all()) await expect(card).toContainText('Michelin');

  // Malay's word for wipers: every wiper blade of the catalogue, once, and nothing else.
  const wipers = readdirSync('content/catalog/auto-wiper-blade').filter((f) => f.endsWith('.json')).length;
  await page.goto('/pc/ms/search?q=pengelap');
  await expect(page.getByRole('status')).toHaveText(`${wipers} hasil untuk “pengelap”`);
  await expect(cards(page)).toHaveCount(wipers);
  const names = await cards(page).getByRole('heading').allInnerTexts();
  expect(new Set(names).size).toBe(wipers);
  for (const name of names) expect(name).toMatch(/^Bilah pengelap /);

  // Engine oil as Malaysians say it lists engine oils first.
  await page.goto(`/pc/ms/search?q=${encodeURIComponent('minyak hitam')}`);
  await expect(cards(page).first()).toContainText('Minyak enjin');
  await expect(page.getByRole('main')).not.toContainText('Penggantian minyak brek');
});

test('a misspelt brand still finds it', async ({ page }) => {
  await page.goto('/pc/search?q=michellin');
  await expect(cards(page).first()).toContainText('Michelin');
});

test('an empty search and a search with no match say so and offer the categories', async ({ page }) => {
  await page.goto('/pc/search');
  await expect(page.getByRole('status')).toContainText('Type what you are looking for');
  await expect(page.getByRole('navigation', { name: 'Browse the categories' }).getByRole('link', { name: 'Tyres' })).toHaveAttribute('href', '/pc/products/auto-tires-service');
  await page.goto('/pc/ms/search?q=zzqxv');
  await expect(page.getByRole('status')).toContainText('Tiada hasil untuk “zzqxv”');
  await expect(page.getByRole('navigation', { name: 'Layari kategori' }).getByRole('link', { name: 'Tayar' })).toBeVisible();
});

test('the search page is not for search engines', async ({ page }) => {
  await page.goto('/pc/search?q=tyre');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('without JavaScript the header box is a plain form that reaches the search page with the query', async ({ browser }) => {
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto('/pc/home');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    // On a phone the icon opens the box with no script at all.
    if (viewport === PHONE) await page.getByRole('button', { name: 'Search', exact: true }).click();
    await box.fill('185/55 r15');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/pc\/search\?q=185%2F55\+r15$/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('185/55 r15');
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    // The page says results need scripts (in a noscript element, which locators do not read) and offers the categories.
    expect(await page.content()).toContain('Search results need JavaScript. Browse the categories instead.');
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await context.close();
  }
});


import { expect, test, type Page } from '@playwright/test';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { productStock } from '../../contract/paths/shop.ts';
import { dotOfDate } from '../../contract/rules/stock.ts';
import { fill } from '../../src/i18n/index.ts';
import type { en } from '../../src/i18n/en.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';
import { availabilityWords, type StockAnswer } from '../../src/lib/stock-words.ts';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';
import { freeDays, logIn } from './support.ts';

// The stock journey of docs/guide.md ("Stock"): a Myvi owner wants four
// Michelin Energy XM2+ 185/55R15 at a workshop that holds one (content/stock/demo.json), so the
// product page and the checkout's first date move to the warehouse's transfer date; the admin
// receives a batch there in the console; the product page then names the date codes it would
// fit and the checkout offers the earlier dates again. At a workshop no other test stocks or
// orders this size at.

const PRODUCT = 'tyre-michelin-energy-xm2-plus';
const SIZE = '185/55R15';
const SKU = `${PRODUCT}@${SIZE}`;

interface Journey {
  locale: Locale;
  prefix: string;
  words: typeof en;
  workshop: { id: string; name: string };
  city: string;
}

// In Chinese: the other languages' words are the same dictionaries' (their keys checked alike by
// tests/unit/site/i18n.test.ts, the availability sentence by tests/unit/site/stock-words.test.ts).
const j: Journey = { locale: 'zh-cn', prefix: '/pc/zh-cn/', words: zhCn, workshop: { id: 'petaling-jaya-taman-megah-auto-care', name: 'Taman Megah Auto Care' }, city: 'petaling-jaya' };

async function stockOf(page: Page, storeId: string, quantity: number): Promise<StockAnswer> {
  const answer = await page.request.post(`/api${productStock}`, { data: { productId: PRODUCT, tyreSize: SIZE, storeId, quantity } });
  const body = (await answer.json()) as { code: number; data: StockAnswer };
  expect(body.code).toBe(200);
  return body.data;
}

/** The checkout's free dates at the workshop, for the cart in this tab. */
async function checkoutDays(page: Page, j: Journey): Promise<string[]> {
  await page.goto(`${j.prefix}confirm`);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: new RegExp(j.workshop.name) }).check();
  const date = main.getByLabel(j.words.checkout.date, { exact: true });
  await expect(date).toBeEnabled();
  return freeDays(date);
}

test(`in ${j.locale}: a workshop short of a size moves the date to the transfer date; a batch received there brings the date codes and the earlier dates`, async ({ page, browser }) => {
  await page.addInitScript(
    ({ workshop, city }) => {
      if (localStorage.getItem('carInfo')) return;
      localStorage.setItem(
        'carInfo',
        JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.3 X', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.3-x-2022', noYear: false, noBt: false, bodyType: 'Hatchback' }),
      );
      localStorage.setItem('servauto.curCity', JSON.stringify(city));
      localStorage.setItem('servauto.lastWorkshop', JSON.stringify(workshop));
    },
    { workshop: j.workshop.id, city: j.city },
  );
  const productPage = `${j.prefix}products/auto-tires-service/${PRODUCT}`;
  await logIn(page);
  await page.goto(productPage);
  const block = page.getByRole('main').getByRole('region', { name: j.words.product.orderBar });
  await expect(page.getByRole('radio', { name: new RegExp(SIZE.replace('/', '\\/')) })).toBeChecked();
  await page.getByRole('main').getByRole('combobox', { name: j.words.product.quantity }).selectOption('4');

  // One on the shelf, four wanted: three come from the warehouse, and the first date with them.
  const short = await stockOf(page, j.workshop.id, 4);
  expect(short.atStore).toMatchObject({ available: 1 });
  const transfer = short.earliestDate!;
  await expect(block.getByText(availabilityWords({ kind: 'warehouse', date: transfer }, j.words.availability, j.locale, j.workshop.name), { exact: true })).toBeVisible();
  await block.getByRole('button', { name: j.words.checkout.addToCart }).click();
  const before = await checkoutDays(page, j);
  expect(before[0]! >= transfer, `first date ${before[0]} is not before the transfer date ${transfer}`).toBe(true);

  // The admin receives a batch made two weeks ago at that workshop.
  const staff = await browser.newPage();
  await openAsStaff(staff, ADMIN_PHONE, `${j.prefix}console/stock?location=${j.workshop.id}&q=${encodeURIComponent(SKU)}`);
  const row = staff.getByRole('row').filter({ has: staff.getByRole('rowheader') });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('1');
  await row.getByRole('button', { name: j.words.consoleStock.receive }).click();
  const dialog = staff.getByRole('dialog');
  const dot = dotOfDate(addDays(klDate(new Date()), -14));
  await dialog.getByLabel(j.words.consoleStock.quantity).fill('4');
  await dialog.getByLabel(j.words.consoleStock.dot).fill(dot);
  await dialog.getByRole('button', { name: j.words.consoleStock.save }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').first()).toHaveText('5');
  await staff.close();

  // The product page follows: in stock there, with the date codes it would fit (oldest first).
  const stocked = await stockOf(page, j.workshop.id, 4);
  expect(stocked.atStore!.available).toBe(5);
  const dots = stocked.atStore!.dots.map((d) => d.dot);
  expect(dots).toContain(dot);
  await page.goto(productPage);
  await page.getByRole('main').getByRole('combobox', { name: j.words.product.quantity }).selectOption('4');
  const inStock = availabilityWords({ kind: 'store', count: 5, dots }, j.words.availability, j.locale, j.workshop.name);
  expect(inStock).toContain(fill(j.words.availability.inStock, { count: 5, workshop: j.workshop.name }));
  await expect(block.getByText(inStock, { exact: true })).toBeVisible();

  // And the checkout offers the dates before the transfer date again.
  const after = await checkoutDays(page, j);
  expect(after[0]! < transfer, `first date ${after[0]} is still the transfer date ${transfer}`).toBe(true);
});

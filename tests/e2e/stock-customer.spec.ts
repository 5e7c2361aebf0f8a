import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { orderAdd } from '../../contract/paths/orders.ts';
import { productStock } from '../../contract/paths/shop.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { en } from '../../src/i18n/en.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';
import { availabilityOf, availabilityWords, type StockAnswer } from '../../src/lib/stock-words.ts';
import { chooseFreeTime, freeDays, logIn } from './support.ts';

// What the product page says of stock at the customer's workshop (docs/guide.md, "Stock"),
// with the demo stock (content/stock/demo.json): SS2 holds 8 Michelin Energy XM2+ 185/55R15 and
// only aged 185/60R15, Kepong 2 of 185/55R15, and 205/55R16 is out everywhere. No other test
// orders this tyre, so its counts are the demo's; the date codes follow the day the demo was seeded,
// so they are read from the API, as the page reads them.

const PRODUCT = 'tyre-michelin-energy-xm2-plus';
const SS2 = { id: 'petaling-jaya-ss2-tyre-auto', name: 'SS2 Tyre & Auto Service' };
const KEPONG = { id: 'kuala-lumpur-kepong-tyre-battery', name: 'Kepong Tyre & Battery Centre' };

async function stockOf(request: APIRequestContext, tyreSize: string, storeId: string | undefined, quantity = 1): Promise<StockAnswer> {
  const answer = await request.post(`/api${productStock}`, { data: { productId: PRODUCT, tyreSize, quantity, ...(storeId ? { storeId } : {}) } });
  const body = (await answer.json()) as { code: number; data: StockAnswer };
  expect(body.code).toBe(200);
  return body.data;
}

/** The product page with no car chosen and `workshop` remembered as the one last ordered at (none: null). */
async function openProduct(page: Page, prefix: string, workshop: string | null) {
  const path = `${prefix}products/auto-tires-service/${PRODUCT}`;
  await page.goto(path);
  await page.evaluate((id) => {
    localStorage.removeItem('carInfo');
    if (id) localStorage.setItem('servauto.lastWorkshop', JSON.stringify(id));
    else localStorage.removeItem('servauto.lastWorkshop');
  }, workshop);
  await page.reload();
  return page.getByRole('main').getByRole('region', { name: dictionaryOf(prefix).product.orderBar });
}

const dictionaryOf = (prefix: string) => (prefix.includes('/zh-cn/') ? zhCn : prefix.includes('/ms/') ? ms : en);
const chooseSize = (page: Page, label: string, size: string) => page.getByRole('combobox', { name: new RegExp(`^${label}`) }).selectOption(size);

test('a tyre at the chosen workshop: in stock with its date codes, from the warehouse when short, out of stock, following size and quantity', async ({ page, request }) => {
  const block = await openProduct(page, '/pc/', SS2.id);

  await chooseSize(page, 'Tyre size', '185/55R15');
  const here = await stockOf(request, '185/55R15', SS2.id);
  expect(here.atStore).toMatchObject({ available: 8 });
  expect(here.atStore!.dots).toHaveLength(1);
  const dot = here.atStore!.dots[0]!.dot;
  const made = `made week ${Number(dot.slice(0, 2))} of ${2000 + Number(dot.slice(2))}`;
  await expect(block.getByText(`8 in stock at SS2 Tyre & Auto Service · ${made}`, { exact: true })).toBeVisible();

  // Out everywhere.
  await chooseSize(page, 'Tyre size', '205/55R16');
  await expect(block.getByText('Out of stock', { exact: true })).toBeVisible();

  // Only aged batches at SS2: it comes from the warehouse, from the first date it can be fitted.
  await chooseSize(page, 'Tyre size', '185/60R15');
  const aged = await stockOf(request, '185/60R15', SS2.id);
  expect(aged.atStore).toMatchObject({ available: 0 });
  await expect(block.getByText(availabilityWords({ kind: 'warehouse', date: aged.earliestDate! }, en.availability, 'en', SS2.name), { exact: true })).toBeVisible();
  await expect(block.getByText(/^From \w{3}, \d{1,2} \w{3}: comes from our warehouse$/)).toBeVisible();
});

test('the quantity counts: Kepong’s 2 tyres are in stock for 2, and 4 come from the warehouse', async ({ page, request }) => {
  const block = await openProduct(page, '/pc/', KEPONG.id);
  await chooseSize(page, 'Tyre size', '185/55R15');
  await page.getByRole('combobox', { name: 'Quantity' }).selectOption('2');
  const two = await stockOf(request, '185/55R15', KEPONG.id, 2);
  expect(two.atStore).toMatchObject({ available: 2 });
  await expect(block.getByText(availabilityWords({ kind: 'store', count: 2, dots: two.atStore!.dots.map((d) => d.dot) }, en.availability, 'en', KEPONG.name), { exact: true })).toBeVisible();
  await expect(block.getByText(/^2 in stock at Kepong Tyre & Battery Centre · made week \d+ of 20\d\d$/)).toBeVisible();

  await page.getByRole('combobox', { name: 'Quantity' }).selectOption('4');
  const four = await stockOf(request, '185/55R15', KEPONG.id, 4);
  await expect(block.getByText(availabilityWords({ kind: 'warehouse', date: four.earliestDate! }, en.availability, 'en', KEPONG.name), { exact: true })).toBeVisible();
});

test('no workshop chosen yet: the page says so, with what the warehouse has', async ({ page, request }) => {
  const block = await openProduct(page, '/pc/', null);
  await chooseSize(page, 'Tyre size', '185/55R15');
  const none = await stockOf(request, '185/55R15', undefined);
  expect(none.atStore).toBeNull();
  await expect(block.getByText(`No workshop chosen yet · ${none.warehouse.available} in our warehouse`, { exact: true })).toBeVisible();
});

test('the cart line says what the workshop ticked at checkout has, and what the warehouse has before one is', async ({ page, request }) => {
  // A Myvi 1.3 X takes 185/55R15: the page settles the size, the cart line carries it.
  await page.addInitScript(() => {
    if (localStorage.getItem('carInfo')) return;
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.3 X', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.3-x-2022', noYear: false, noBt: false, bodyType: 'Hatchback' }),
    );
    localStorage.setItem('servauto.curCity', JSON.stringify('petaling-jaya'));
  });
  await logIn(page);
  await page.goto(`/pc/products/auto-tires-service/${PRODUCT}`);
  await expect(page.getByRole('radio', { name: /185\/55R15/ })).toBeChecked();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item', exact: true }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  const lines = page.getByRole('main').getByRole('region', { name: 'Your order' });

  const warehouse = await stockOf(request, '185/55R15', undefined);
  const ss2 = await stockOf(request, '185/55R15', SS2.id);
  const words = (answer: StockAnswer, workshop: string) => availabilityWords(availabilityOf([{ ask: { tyreSize: '185/55R15', quantity: 1, per: 1 }, answer }], 'store'), en.availability, 'en', workshop);
  await expect(lines.getByText(words(warehouse, ''), { exact: true })).toBeVisible();
  await page.getByRole('main').getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
  await expect(lines.getByText(words(ss2, SS2.name), { exact: true })).toBeVisible();
  await expect(lines.getByText(/^(\d+ in stock at SS2 Tyre & Auto Service( · made week \d+ of 20\d\d)?|From \w{3}, \d{1,2} \w{3}: comes from our warehouse)$/)).toBeVisible();
});

test('an order refused for stock says so by its line and at the top, and the line reads the stock again', async ({ page }) => {
  await page.addInitScript(() => {
    if (localStorage.getItem('carInfo')) return;
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.3 X', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.3-x-2022', noYear: false, noBt: false, bodyType: 'Hatchback' }),
    );
    localStorage.setItem('servauto.curCity', JSON.stringify('petaling-jaya'));
  });
  await logIn(page);
  await page.goto(`/pc/products/auto-tires-service/${PRODUCT}`);
  await expect(page.getByRole('radio', { name: /185\/55R15/ })).toBeChecked();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item', exact: true }).click();
  const main = page.getByRole('main');
  await main.getByLabel('Car plate number').fill('WXY 1234');
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
  const date = main.getByLabel('Date', { exact: true });
  await date.selectOption((await freeDays(date))[0]!);
  await chooseFreeTime(main.getByRole('group', { name: 'Time' }));
  await expect(main.getByRole('region', { name: 'Your order' }).getByText(/^\d+ in stock at SS2 Tyre & Auto Service/)).toBeVisible();

  // The refusal order/app/add gives when the units went to another order meanwhile (docs/guide.md, "Stock").
  const refusal = 'Only 2 left of Michelin Energy XM2+ 185/55R15.';
  await page.route(`**/api${orderAdd}`, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 807, msg: refusal, data: { field: 'items.0' } }) }));
  const readAgain = page.waitForRequest(`**/api${productStock}`);
  await main.getByRole('button', { name: 'Place order' }).click();
  const line = main.getByRole('region', { name: 'Your order' }).getByRole('listitem');
  await expect(line.getByRole('alert')).toHaveText(refusal);
  await expect(main.getByText('Please check the fields marked above.', { exact: true })).toBeVisible();
  await readAgain;
  await expect(page).toHaveURL(/\/confirm$/);
});

// The other languages say the same things in their words: one line each, read from their dictionaries.
const others: { locale: Locale; prefix: string; sizeLabel: string; sample: RegExp }[] = [
  { locale: 'zh-cn', prefix: '/pc/zh-cn/', sizeLabel: zhCn.product.tyreSize, sample: /^SS2 Tyre & Auto Service 有货 8 件 · 20\d\d 年第 \d+ 周生产$/ },
  { locale: 'ms', prefix: '/pc/ms/', sizeLabel: ms.product.tyreSize, sample: /^8 dalam stok di SS2 Tyre & Auto Service · dibuat minggu \d+ tahun 20\d\d$/ },
];
for (const { locale, prefix, sizeLabel, sample } of others) {
  test(`in ${locale}: the same stock line, in that language's words`, async ({ page, request }) => {
    const block = await openProduct(page, prefix, SS2.id);
    await chooseSize(page, sizeLabel, '185/55R15');
    const here = await stockOf(request, '185/55R15', SS2.id);
    const words = availabilityWords({ kind: 'store', count: here.atStore!.available, dots: here.atStore!.dots.map((d) => d.dot) }, dictionaryOf(prefix).availability, locale, SS2.name);
    expect(words).toMatch(sample);
    await expect(block.getByText(words, { exact: true })).toBeVisible();
  });
}

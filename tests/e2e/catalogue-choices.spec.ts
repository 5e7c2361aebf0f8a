import { expect, test, type Locator, type Page } from '@playwright/test';

// What a customer chooses on product pages, and what the cards say before they choose.

/** Picks a car through the top bar's picker; null for year or variant means going on without it. */
async function chooseCar(page: Page, car: { brand: string; model: string; year: string | null; variant: RegExp | null }) {
  await page.getByRole('button', { name: /Add Your Car|Your car:/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose your car' });
  await picker.getByRole('searchbox', { name: 'Search brands' }).fill(car.brand);
  await picker.getByRole('button', { name: car.brand, exact: true }).first().click();
  await picker.getByRole('searchbox', { name: 'Search models' }).fill(car.model);
  await picker.getByRole('button', { name: car.model, exact: true }).click();
  if (car.year) await picker.getByRole('button', { name: car.year, exact: true }).click();
  else await picker.getByRole('button', { name: 'Skip the year' }).click();
  if (car.variant) {
    await picker.getByRole('button', { name: car.variant }).first().click();
    await picker.getByRole('button', { name: 'Confirm' }).click();
  } else await picker.getByRole('button', { name: 'Save without the variant' }).click();
  await expect(picker).toBeHidden();
}
const MYVI_13 = { brand: 'Perodua', model: 'Myvi', year: '2023', variant: /^1\.3 G/ };
const C300 = { brand: 'Mercedes-Benz', model: 'C-Class', year: '2023', variant: /^C 300 AMG Line \(W206\)/ };

/** RM 1,234.50 → 123450 sen. */
const sen = (text: string) => {
  const m = text.match(/RM\s*([\d,]+)\.(\d\d)/);
  if (!m) throw new Error(`no price in "${text}"`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]);
};
/** The price block at the top of a product page: headline price and Order. */
const priceBlock = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Price and order' });
const headline = async (page: Page) => sen(await priceBlock(page).getByText(/RM/).first().innerText());
const totalRow = (page: Page): Locator => page.getByRole('table', { name: /Price breakdown/ }).getByRole('row', { name: /Total, fitted/ });

test('a Perodua Myvi owner sees the Myvi’s tyre size and its price, on the cards and the product page, and chooses four', async ({ page }) => {
  await page.goto('/pc/products/auto-tires-service');
  await chooseCar(page, MYVI_13);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toContainText('Fits your Perodua Myvi · Hatchback');
  for (const card of await cards.all()) {
    await expect(card).toContainText('Size 175/65R14');
    await expect(card).not.toContainText('from RM');
    await expect(card).not.toContainText(/\d{3}\/\d{2}R(?!14)\d\d/);
  }

  const ecopia = cards.filter({ hasText: 'Bridgestone Ecopia EP150' });
  const cardPrice = sen(await ecopia.getByText(/^RM /).first().innerText());
  await ecopia.getByRole('link', { name: 'Bridgestone Ecopia EP150 tyre' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bridgestone Ecopia EP150 tyre');
  await expect(page.getByRole('radio', { name: /175\/65R14/ })).toBeChecked();
  await expect.poll(() => headline(page)).toBe(cardPrice);

  await page.getByLabel('Quantity').selectOption('4');
  await expect.poll(() => headline(page)).toBe(4 * cardPrice);
  await expect(priceBlock(page)).toContainText(`Price, per tyre: RM ${(cardPrice / 100).toFixed(2)}`);
  await expect(totalRow(page)).toContainText(`RM ${((4 * cardPrice) / 100).toFixed(2)}`);
  const order = priceBlock(page).getByRole('link', { name: 'Order with installation' });
  const target = new URL((await order.getAttribute('href'))!, page.url());
  expect(target.pathname).toBe('/pc/confirm');
  expect(Object.fromEntries(target.searchParams)).toEqual({
    id: 'tyre-bridgestone-ecopia-ep150',
    quantity: '4',
    options: JSON.stringify({ tyreSize: '175/65R14' }),
  });

  // The choice stays with the product for this tab.
  await page.reload();
  await expect(page.getByLabel('Quantity')).toHaveValue('4');
});

test('a car on two tyre sizes lets the customer choose, and the price follows', async ({ page }) => {
  await page.goto('/pc/products/auto-tires-service/tyre-bridgestone-turanza-t005a');
  await chooseCar(page, C300);
  const front = page.getByRole('radio', { name: /225\/45R18/ });
  const rear = page.getByRole('radio', { name: /245\/40R18/ });
  await expect(front).toBeChecked();
  const frontPrice = await headline(page);
  await rear.check();
  await expect(rear).toBeChecked();
  await expect.poll(() => headline(page)).toBeGreaterThan(frontPrice);
  await expect(priceBlock(page).getByRole('link', { name: 'Order with installation' })).toHaveAttribute('href', /options=.*245%2F40R18/);
});

test('with the variant skipped no card claims a fit; each says to choose the variant', async ({ page }) => {
  await page.goto('/pc/products/auto-wiper-blade');
  await chooseCar(page, { brand: 'Perodua', model: 'Myvi', year: null, variant: null });
  await expect(page.getByText(/products for a Perodua Myvi · Hatchback: choose the variant|products for a Perodua Myvi: choose the variant/)).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toContainText('Choose your car’s variant to check the fit');
  await expect(page.getByRole('main')).not.toContainText('Fits your');
  await page.goto('/pc/products/auto-dash-cams');
  await expect(cards.first()).toContainText('Fits every car');
  await expect(page.getByRole('main')).not.toContainText('Fits your');
  await cards.first().getByRole('link').click();
  await expect(page.getByRole('main')).not.toContainText('Fits your');
  await expect(page.getByRole('main').getByRole('button', { name: 'Choose your variant', exact: true })).toBeVisible();
});

test('a service package lets the customer switch the engine oil, and the total follows', async ({ page }) => {
  // The oils priced before the car was chosen answer last, as a slow network may have them:
  // the page must not show them against the car's price.
  let releaseCarless!: () => void;
  const carAnswered = new Promise<void>((resolve) => (releaseCarless = resolve));
  await page.route('**/api/app/order/vehicle/product/change/list', async (route) => {
    if (!(route.request().postDataJSON() as { variantId?: string }).variantId) {
      await carAnswered;
      return route.continue();
    }
    await route.fulfill({ response: await route.fetch() });
    releaseCarless();
  });
  await page.goto('/pc/products/auto-maintenance/service-basic');
  await chooseCar(page, MYVI_13);
  await expect.poll(() => headline(page)).toBe(15900);
  const oils = page.getByRole('group', { name: 'Engine oil' });
  // Each oil is named in words: the included one says so, the others what they add.
  await expect(oils.getByRole('radio', { checked: true })).toHaveAccessibleName('Perodua Genuine 0W-20 fully synthetic engine oil (included)');
  const dearest = oils.getByRole('radio').last();
  await expect(dearest).toHaveAccessibleName(/[a-z0-9], \+RM [\d,]+\.\d\d$/);
  const difference = sen((await oils.getByRole('listitem').last().innerText()).replace(/^[\s\S]*\+/, ''));
  expect(difference).toBeGreaterThan(0);
  await dearest.check();
  await expect.poll(() => headline(page)).toBe(15900 + difference);
  await expect(totalRow(page)).toContainText(`RM ${((15900 + difference) / 100).toFixed(2)}`);
  await expect(priceBlock(page).getByRole('link', { name: 'Order with installation' })).toHaveAttribute('href', /options=.*oilId/);
});

test('tint offers only the shades JPJ allows, per window group', async ({ page }) => {
  await page.goto('/pc/products/auto-tinting-films/tint-llumar-ctx');
  const order = priceBlock(page).getByRole('link', { name: 'Order with installation' });
  // Priced by the server: the page is live.
  await expect(order).toHaveAttribute('href', /options=/);
  const tint = page.getByRole('group', { name: 'Tint transmittance' });
  const shades = async (label: string) =>
    (await tint.getByLabel(label).locator('option').allInnerTexts()).map((text) => Number(text.replace('%', '')));
  const front = await shades('Front windscreen');
  const side = await shades('Side windows');
  const rear = await shades('Rear windscreen');
  expect(front.length).toBeGreaterThan(0);
  expect(front.every((v) => v >= 70)).toBe(true);
  expect(side.every((v) => v >= 50)).toBe(true);
  expect(rear.every((v) => v >= 30)).toBe(true);
  await tint.getByLabel('Rear windscreen').selectOption('70');
  await expect(order).toHaveAttribute('href', /rearWindscreenPct%22%3A70/);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the product page starts with its title, price and Order; the price and Order follow down the page', async ({ page }) => {
    await page.goto('/pc/products/auto-tires-service/tyre-bridgestone-ecopia-ep150');
    const title = page.getByRole('heading', { level: 1 });
    const price = priceBlock(page).getByText(/RM \d/).first();
    const order = priceBlock(page).getByRole('link', { name: 'Order with installation' });
    const included = page.getByRole('heading', { name: 'What is included' });
    for (const first of [title, price, order]) {
      const box = (await first.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(box.y).toBeLessThan((await included.boundingBox())!.y);
    }
    await included.scrollIntoViewIfNeeded();
    const bar = page.getByRole('link', { name: 'Order with installation' }).last();
    await expect(bar).toBeInViewport();
    await expect(page.getByText(/^from RM \d/).last()).toBeInViewport();
  });
});

test('Chinese cards name the body type in Chinese and use Chinese punctuation', async ({ page }) => {
  await page.goto('/pc/zh-cn/products/auto-tires-service');
  await page.evaluate(() =>
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2023', variant: '1.3 G', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023', variantId: 'perodua-myvi-1.3-g-2022', noYear: false, noBt: false, bodyType: 'Hatchback' }),
    ),
  );
  await page.reload();
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card).toContainText('适配您的 Perodua Myvi · 掀背车');
  await expect(card).toContainText('每条，含安装');
  await expect(page.getByRole('main')).not.toContainText('Hatchback');
  await expect(page.getByRole('main')).not.toContainText(', 含安装');
});

test('the footer offers tap-to-call and mail beside copying', async ({ page }) => {
  await page.goto('/pc/home');
  const footer = page.getByRole('contentinfo');
  // The seller's contacts, from content/seller.json.
  await expect(footer.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+60300000000');
  await expect(footer.getByRole('link', { name: 'Send an e-mail' })).toHaveAttribute('href', 'mailto:billing@demo.invalid');
  await page.goto('/pc/ms/home');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Hubungi' })).toHaveAttribute('href', 'tel:+60300000000');
});

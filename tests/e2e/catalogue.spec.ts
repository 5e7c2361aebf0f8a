import { expect, test, type Page } from '@playwright/test';
import { codesSentTo, english, freshPhone, logIn, otpFromLog, shownPhone, untilTheNextCode } from './support.ts';

async function chooseMyvi(page: Page, texts = { add: 'Add Your Car', picker: 'Choose your car', models: 'Search models', confirm: 'Confirm' }) {
  await page.getByRole('button', { name: texts.add }).click();
  const picker = page.getByRole('dialog', { name: texts.picker });
  await picker.getByRole('button', { name: 'Perodua', exact: true }).first().click();
  await picker.getByRole('searchbox', { name: texts.models }).fill('myvi');
  await picker.getByRole('button', { name: 'Myvi', exact: true }).click();
  await picker.getByRole('button', { name: '2023', exact: true }).click();
  await picker.getByRole('button', { name: /^1\.5 AV/ }).click();
  await picker.getByRole('button', { name: texts.confirm }).click();
  await expect(picker).toBeHidden();
}

test('a Perodua Myvi sees only the wiper blades that fit it, and a fitted price', async ({ page }) => {
  await page.goto('/pc/products/auto-wiper-blade');
  await chooseMyvi(page);
  await expect(page.getByRole('button', { name: /Your car: Perodua Myvi · Hatchback/ })).toBeVisible();

  const cards = page.getByRole('main').getByRole('article');
  await expect(page.getByText(/products for your Perodua Myvi · Hatchback/)).toBeVisible();
  await expect(cards.first()).toContainText('Fits your Perodua Myvi');
  for (const card of await cards.all()) {
    await expect(card).toContainText('Fits your Perodua Myvi · Hatchback');
    await expect(card).not.toContainText('from RM');
  }

  const first = cards.first().getByRole('link');
  const name = await first.innerText();
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('✓ Fits your Perodua Myvi · Hatchback')).toBeVisible();
  const breakdown = page.getByRole('table', { name: 'Price breakdown' });
  await expect(breakdown.getByRole('row', { name: /Parts/ })).toBeVisible();
  await expect(breakdown.getByRole('row', { name: /Total, fitted RM \d+\.\d\d/ })).toBeVisible();
  await expect(page.getByText('Driver (long)')).toBeVisible();

  // In tyres, showing everything reveals what does not fit, and why.
  await page.goto('/pc/products/auto-tires-service');
  await expect(page.getByText(/products for your Perodua Myvi · Hatchback/)).toBeVisible();
  // Each tyre that fits names the size it will be: the 1.5 AV's, not the one in its picture.
  await expect(cards.first()).toContainText('Size 195/45R16');
  await page.getByLabel('Only what fits my car').uncheck();
  await expect(page.getByText('Does not fit your car').first()).toBeVisible();
  await expect(page.getByText('Not made in your car’s tyre size (195/45R16).').first()).toBeVisible();
});

test('the picker goes back a step, clearing what came after', async ({ page }) => {
  await page.goto('/pc/home');
  await page.getByRole('button', { name: 'Add Your Car' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose your car' });
  await picker.getByRole('button', { name: 'Proton', exact: true }).first().click();
  await picker.getByRole('button', { name: 'Saga', exact: true }).click();
  await expect(picker.getByText('Chosen: Proton · Saga')).toBeVisible();
  await picker.getByRole('button', { name: 'Back' }).click();
  await expect(picker.getByText('Chosen: Proton', { exact: true })).toBeVisible();
  await expect(picker.getByRole('searchbox', { name: 'Search models' })).toBeVisible();
  // Skipping the year lists every variant; saving without the variant saves the model at once.
  await picker.getByRole('button', { name: 'Saga', exact: true }).click();
  await picker.getByRole('button', { name: 'Skip the year' }).click();
  await expect(picker.getByRole('searchbox', { name: 'Search variants' })).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await picker.getByRole('button', { name: 'Save without the variant' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: /Your car: Proton Saga/ })).toBeVisible();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('carInfo') ?? 'null'));
  expect(saved).toMatchObject({ brand: 'Proton', model: 'Saga', noYear: true, noBt: true, yearId: '', variantId: '' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('category pages list their products and prices for crawlers', async ({ page }) => {
    await page.goto('/pc/products/auto-brake-pads');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Brake Pads');
    const cards = page.getByRole('main').getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    await expect(cards.first()).toContainText(/from RM \d+\.\d\d/);
    await page.goto('/pc/ms/products/auto-car-mats');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tikar Kereta');
    // Mats cost every car the same: their price is the price, not a "from" price.
    await expect(page.getByRole('main').getByRole('article').first()).toContainText(/RM \d+\.\d\d set untuk barisan depan dan belakang/);
    await expect(page.getByRole('main')).not.toContainText('dari RM');
  });
});

test('the same in Malay: choose the Myvi, see fitting blades', async ({ page }) => {
  await page.goto('/pc/ms/products/auto-wiper-blade');
  await chooseMyvi(page, { add: 'Tambah Kereta Anda', picker: 'Pilih kereta anda', models: 'Cari model', confirm: 'Sahkan' });
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toContainText('Sesuai untuk Perodua Myvi · Hatchback anda');
});

test('workshops are listed by the chosen city, with directions', async ({ page }) => {
  await page.goto('/pc/store');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partner workshops');
  await page.getByRole('main').getByLabel('City').selectOption({ label: 'Petaling Jaya' });
  const first = page.getByRole('main').getByRole('article').first();
  await expect(first).toContainText('Petaling Jaya');
  await expect(first.getByRole('link', { name: 'Directions in Waze' })).toHaveAttribute('href', /^https:\/\/waze\.com\/ul\?ll=/);
  await expect(first.getByText(/Open now|Closed now/)).toBeVisible();
});

test('/good?id= leads to the product page', async ({ page }) => {
  await page.goto('/pc/home');
  const id = await page.evaluate(async () => {
    const r = await fetch('/api/app/order/vehicle/product/app/page', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"category":"Dash Cams"}' });
    return (await r.json()).data.list[0].id as string;
  });
  await page.goto(`/pc/good?id=${id}`);
  await expect(page).toHaveURL(new RegExp(`/pc/products/auto-dash-cams/${id}$`));
  const missing = await page.goto('/pc/good?id=no-such-thing');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

// On the shop whose next code to a phone may go a second after the last: the second device's
// login is not held up by the first one's code (login.spec.ts tests that wait).
test.describe('on another device', () => {
  test.use({ baseURL: process.env.SERVAUTO_EXPIRY_BASE_URL });

  test("a logged-in customer's car is kept in their garage and comes back next time", async ({ browser }) => {
    const phone = freshPhone();
    const first = await browser.newPage();
    await logIn(first, phone);
    const loggedInAt = Date.now();
    await first.goto('/pc/home');
    await chooseMyvi(first);
    await expect(first.getByRole('button', { name: /Your car: Perodua Myvi/ })).toBeVisible();
    await first.close();

    // Another device: nothing chosen there yet.
    const context = await browser.newContext();
    const second = await context.newPage();
    await second.goto('/pc/home');
    await expect(second.getByRole('button', { name: 'Add Your Car' })).toBeVisible();
    await second.getByRole('button', { name: english.account }).click();
    await second.getByRole('button', { name: english.logIn, exact: true }).click();
    const dialog = second.getByRole('dialog');
    await dialog.getByLabel(english.phone).fill(phone);
    await untilTheNextCode(second, loggedInAt);
    const before = codesSentTo(phone);
    await dialog.getByRole('button', { name: english.sendOtp }).click();
    await expect(dialog.getByRole('status')).toHaveText(`Code sent to ${shownPhone(phone)}.`);
    await dialog.getByLabel(english.code).fill(await otpFromLog(phone, before, second));
    await dialog.getByRole('button', { name: english.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(second.getByRole('button', { name: /Your car: Perodua Myvi · Hatchback/ })).toBeVisible();
    await second.getByRole('button', { name: /Your car: Perodua Myvi/ }).click();
    await expect(second.getByRole('dialog', { name: 'Choose your car' }).getByRole('button', { name: /Perodua Myvi 2023 1\.5 AV\s*Current/ })).toBeVisible();
    await context.close();
  });
});

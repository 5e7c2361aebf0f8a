import { expect, test, type Page } from '@playwright/test';
import { dateWords } from '../../contract/rules/dates.ts';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { seriousProblems } from './axe.ts';
import { openAsStaff, placeAt, SEGAMBUT, WORKSHOP_PHONE } from './console-helpers.ts';
import { api, payInSandbox } from './my-orders-helpers.ts';
import { chinese, english, logInThroughMenu, type LoginTexts, malay } from './support.ts';


const today = () => klDate(new Date());

/** A Perodua Myvi 1.5 AV chosen on this device, as the car picker leaves it (the values inline: the script runs in the page). */
async function myviChosen(page: Page) {
  await page.addInitScript(() => {
    if (localStorage.getItem('carInfo')) return;
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.5 AV', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.5-av-2022', noYear: false, noBt: false, bodyType: 'Hatchback' }),
    );
  });
}

/** A customer with the Myvi chosen, logged in on `home`, then in My garage through the account menu. */
async function intoGarage(page: Page, prefix: string, login: LoginTexts, menuItem: string) {
  await myviChosen(page);
  await page.goto(`/pc/${prefix}home`);
  await logInThroughMenu(page, login);
  // Logging in keeps the chosen car in the garage.
  await expect.poll(async () => (await api<unknown[]>(page, '/export/user/vehicle/car/info/list', {})).length).toBe(1);
  await page.getByRole('button', { name: login.account }).click();
  await page.getByRole('link', { name: menuItem }).click();
  await expect(page).toHaveURL(new RegExp(`/pc/${prefix}garage$`));
}

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`garage-${name}-${width}.png`), fullPage: true });
  }
}

test('the garage keeps the plate, papers and readings; staff complete a service with the odometer; the garage shows it with the next due date; the customer turns reminders on, rates the service and the workshop, the product page shows the review in three languages; book again', async ({ browser, page }) => {
  test.slow();
  await intoGarage(page, '', english, 'My garage');
  const car = page.getByRole('region', { name: /Perodua Myvi/ });
  await expect(car.getByText('Now: no service of this car is on record with us yet')).toBeVisible();

  // The plate is checked as at checkout; the expiry dates are typed and can be cleared.
  await car.getByLabel('Car plate number').fill('WXY 0123');
  await car.getByRole('button', { name: 'Save' }).click();
  await expect(car.getByText('Please enter a Malaysian car plate number, e.g. WXY 1234.')).toBeVisible();
  const plate = `VBK ${1 + (Date.now() % 9999)}`;
  await car.getByLabel('Car plate number').fill(plate.toLowerCase());
  const roadTax = addDays(today(), 20);
  await car.getByLabel('Road tax expiry').fill(roadTax);
  await car.getByLabel('Insurance expiry').fill(addDays(today(), 200));
  await car.getByRole('button', { name: 'Clear: Insurance expiry' }).click();
  await expect(car.getByLabel('Insurance expiry')).toHaveValue('');
  await car.getByRole('button', { name: 'Save' }).click();
  await expect(car.getByText('Saved.')).toBeVisible();
  await expect(car.getByLabel('Car plate number')).toHaveValue(plate);
  const roadTaxDue = car.getByRole('listitem').filter({ hasText: 'Road tax' });
  await expect(roadTaxDue).toContainText(`Due ${dateWords(roadTax, 'en')}`);
  await expect(car.getByRole('listitem').filter({ hasText: 'Insurance' })).toHaveCount(0);

  // Readings: one a month ago, then one lower than it, refused naming it.
  await car.getByLabel('Odometer (km)').fill('42000');
  await car.getByLabel('Date read').fill(addDays(today(), -30));
  await car.getByRole('button', { name: 'Add a reading' }).click();
  await expect(car.getByText('Reading added.')).toBeVisible();
  await expect(car.getByRole('listitem').filter({ hasText: '42,000 km' })).toContainText('by you');
  await car.getByLabel('Odometer (km)').fill('30000');
  await car.getByLabel('Date read').fill(addDays(today(), -10));
  await car.getByRole('button', { name: 'Add a reading' }).click();
  await expect(car.getByRole('alert').filter({ hasText: 'lower than the 42,000 km read on' })).toBeVisible();
  await page.reload();
  await expect(car.getByLabel('Car plate number')).toHaveValue(plate);
  await expect(car.getByRole('listitem').filter({ hasText: '30,000 km' })).toHaveCount(0);

  // The car is serviced at a workshop: staff complete it with the odometer in the console.
  const { orderNo } = await placeAt(page, SEGAMBUT, 'install', plate);
  await payInSandbox(page, orderNo);
  const staff = await (await browser.newContext()).newPage();
  await openAsStaff(staff, WORKSHOP_PHONE, '/pc/console');
  await staff.getByLabel('Order number, plate or phone').fill(orderNo);
  await staff.getByRole('main').getByRole('button', { name: 'Search' }).click();
  const card = staff.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await card.getByRole('button', { name: 'Start service' }).click();
  await staff.getByRole('alertdialog', { name: `Start order ${orderNo} before its booked day?` }).getByRole('button', { name: 'Start now' }).click();
  await expect(card).toContainText('Service in progress');
  await card.getByRole('button', { name: 'Complete service' }).click();
  const complete = staff.getByRole('dialog', { name: `Complete order ${orderNo}` });
  await complete.getByLabel('Odometer (km)').fill('45000');
  await complete.getByRole('button', { name: 'Complete now' }).click();
  await expect(staff.getByText(`Order ${orderNo} completed.`)).toBeVisible();

  // The garage shows the service and the next one, by the kilometres driven (100 a day).
  await page.goto('/pc/garage');
  const service = car.getByRole('listitem').filter({ hasText: `Order ${orderNo}` });
  await expect(service).toContainText(`${dateWords(today(), 'en')} · Bengkel Kereta Maju Jaya`);
  await expect(service).toContainText('Basic service');
  await expect(service).toContainText('45,000 km');
  await expect(car.getByRole('listitem').filter({ hasText: '45,000 km' }).filter({ hasText: 'by the workshop' })).toBeVisible();
  const next = car.getByRole('listitem').filter({ hasText: 'Service: ' });
  await expect(next).toContainText(`Due ${dateWords(addDays(today(), 100), 'en')}`);
  await expect(next).toContainText('in about 3 months, at ~55,000 km: you drive ~100 km a day');
  // Soonest first: the road tax runs out before the service is due.
  await expect(car.getByRole('listitem').filter({ hasText: /^(Road tax|Service: )/ }).first()).toContainText('Road tax');
  expect(await seriousProblems(page)).toEqual([]);
  await shots(page, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });

  // With the service on record, the customer turns service reminders on in the same garage.
  const reminders = page.getByRole('region', { name: 'Reminders' });
  await reminders.getByRole('checkbox', { name: 'Service reminders' }).check();
  await expect(reminders.getByText(/Last changed: /)).toBeVisible();

  // My Orders invites a rating of the service and of the workshop that did it.
  await page.goto('/pc/myorder-status');
  await page.getByRole('link', { name: `Rate your order: Order ${orderNo}` }).click();
  const rate = page.getByRole('region', { name: 'Rate your order' });
  const words = `Done in an hour, the mechanic showed me the old filter ${Date.now()}`;
  for (const [target, stars, text] of [['Product', '5 stars: excellent', words], ['Workshop', '4 stars: very good', '']] as const) {
    await rate.getByRole('button', { name: new RegExp(`^Rate: ${target}: `) }).click();
    const form = page.getByRole('dialog', { name: /^Rate / });
    await form.getByRole('radio', { name: stars }).check();
    if (text) await form.getByLabel('Your review (optional)').fill(text);
    await form.getByRole('button', { name: 'Publish review' }).click();
    await expect(form).toBeHidden();
  }
  await expect(rate.getByText('Published')).toHaveCount(2);

  // The product page carries the review in its HTML, as a crawler reads it, in each language.
  const reader = await browser.newContext({ javaScriptEnabled: false });
  const product = await reader.newPage();
  for (const [prefix, title, verified] of [['', 'Reviews', 'Verified buyer'], ['zh-cn/', '评价', '已验证买家'], ['ms/', 'Ulasan', 'Pembeli disahkan']] as const) {
    await product.goto(`/pc/${prefix}products/auto-maintenance/service-basic`);
    const item = product.getByRole('region', { name: title, exact: true }).getByRole('listitem').filter({ hasText: words });
    await expect(item.getByText(verified)).toBeVisible();
  }
  await reader.close();
  await page.goto('/pc/garage');

  // Book again: the same items for this car at the same workshop; the customer picks the time.
  await service.getByRole('button', { name: /^Book again/ }).click();
  await expect(page).toHaveURL(/\/pc\/confirm$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Basic service').first()).toBeVisible();
  await expect(main.getByRole('radio', { name: /Bengkel Kereta Maju Jaya/ })).toBeChecked();
  await expect(main.getByLabel('Car plate number')).toHaveValue(plate);
});

test('"Choose your variant" for a Saga saved without one opens at its variants and completes that garage car', async ({ page }) => {
  await page.addInitScript(() => {
    if (localStorage.getItem('carInfo')) return;
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Proton', model: 'Saga', year: '2020', variant: '', brandId: 'proton', modelId: 'proton-saga', yearId: 'proton-saga:2020', variantId: '', noYear: false, noBt: true }),
    );
  });
  await page.goto('/pc/home');
  // Logged in through the dialog: logging in keeps the car chosen on this device in the garage.
  await logInThroughMenu(page, english);
  const garage = async () => (await api<{ model: string; year: string; variant: string }[]>(page, '/export/user/vehicle/car/info/list', {})).map((c) => [c.model, c.year, c.variant].join(' '));
  await expect.poll(garage).toEqual(['Saga 2020 ']);

  await page.goto('/pc/products/auto-maintenance');
  await page.getByRole('button', { name: 'Choose your variant', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose your car' });
  // At the variant step of the 2020 Saga, not at Brand.
  await expect(picker.getByRole('listitem').filter({ hasText: /^Variant$/ })).toHaveAttribute('aria-current', 'step');
  await expect(picker.getByText('Chosen: Proton · Saga · 2020')).toBeVisible();
  await expect(picker.getByRole('group', { name: 'Variant' }).getByRole('button', { name: /^1\.3 Premium AT/ })).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Perodua' })).toHaveCount(0);
  await picker.getByRole('button', { name: /^1\.3 Premium AT/ }).click();
  await picker.getByRole('button', { name: 'Confirm' }).click();
  await expect(picker).toBeHidden();
  await expect.poll(garage).toEqual(['Saga 2020 1.3 Premium AT']);

  await page.goto('/pc/garage');
  const sagas = page.getByRole('region', { name: /Proton Saga/ });
  await expect(sagas).toHaveCount(1);
  // Read with a space between the model and its year, not "Saga2020".
  await expect(sagas.getByRole('heading', { level: 2 })).toHaveAccessibleName(/^Proton Saga( · [A-Za-z]+)? 2020 · 1\.3 Premium AT$/);
  await shots(page, 'variant-chosen');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('in Malay: the plate, road tax and a refused reading, in the customer’s language', async ({ page }) => {
    await intoGarage(page, 'ms/', malay, 'Garaj saya');
    await expect(page.getByRole('heading', { name: 'Garaj saya', level: 1 })).toBeVisible();
    const car = page.getByRole('region', { name: /Perodua Myvi/ });
    await car.getByLabel('Nombor plat kereta').fill('WXY 1234');
    const roadTax = addDays(today(), 5);
    await car.getByLabel('Tarikh tamat cukai jalan').fill(roadTax);
    await car.getByRole('button', { name: 'Simpan' }).click();
    await expect(car.getByText('Disimpan.')).toBeVisible();
    await expect(car.getByRole('listitem').filter({ hasText: 'Cukai jalan' })).toContainText(`Tarikh: ${dateWords(roadTax, 'ms')}`);

    await car.getByLabel('Odometer (km)').fill('20000');
    await car.getByLabel('Tarikh dibaca').fill(addDays(today(), -2));
    await car.getByRole('button', { name: 'Tambah bacaan' }).click();
    await expect(car.getByText('Bacaan ditambah.')).toBeVisible();
    await car.getByLabel('Odometer (km)').fill('30000');
    await car.getByLabel('Tarikh dibaca').fill(addDays(today(), -1));
    await car.getByRole('button', { name: 'Tambah bacaan' }).click();
    await expect(car.getByRole('alert')).toContainText('20,000');
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousProblems(page)).toEqual([]);
    await shots(page, 'ms');
  });

  test('in Chinese: the page and its menu item', async ({ page }) => {
    await intoGarage(page, 'zh-cn/', chinese, '我的车库');
    const car = page.getByRole('region', { name: /Perodua Myvi/ });
    await expect(car.getByLabel('车牌号码')).toBeVisible();
    await expect(car.getByRole('heading', { name: '保养记录' })).toBeVisible();
    expect(await seriousProblems(page)).toEqual([]);
    await shots(page, 'zh-cn');
  });
});

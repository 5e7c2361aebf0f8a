import { expect, test, type Browser } from '@playwright/test';
import { logIn } from './support.ts';
import { payInSandbox } from './my-orders-helpers.ts';
import { customerSees, openAsStaff, placeAt, SEGAMBUT, WORKSHOP_PHONE } from './console-helpers.ts';

async function customerPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page);
  await page.goto('/pc/home');
  return page;
}

test('workshop staff find the booked day, start and complete the service, and the customer’s order page shows it', async ({ browser, page }) => {
  const customer = await customerPage(browser);
  // Malaysian plate numbers run from 1 to 9999, never with a leading 0.
  const plate = `VBK ${1 + (Date.now() % 9999)}`;
  const { orderNo, date, time } = await placeAt(customer, SEGAMBUT, 'install', plate);
  await payInSandbox(customer, orderNo);

  // Staff reach the console from the account menu.
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Console', exact: true }).click();
  // The console keeps the day shown in its address once it has loaded.
  await expect(page).toHaveURL(/\/pc\/console(\?date=\d{4}-\d\d-\d\d)?$/);
  await expect(page.getByRole('heading', { name: 'Today at my workshop', level: 1 })).toBeVisible();
  // Workshop staff are shown only their own pages.
  const menu = page.getByRole('navigation', { name: 'Console pages' });
  await expect(menu.getByRole('link', { name: 'At the counter' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Refunds' })).toHaveCount(0);

  await page.getByLabel('Day', { exact: true }).fill(date!);
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await expect(card).toContainText(time!);
  await expect(card).toContainText(plate);
  await expect(card).toContainText('Basic service');
  await expect(card).toContainText('Please check the rear wiper too');
  await expect(card).toContainText('Installation booked');

  await card.getByRole('button', { name: 'Start service' }).click();
  // Booked days ahead: starting it today is confirmed first.
  await page.getByRole('alertdialog', { name: `Start order ${orderNo} before its booked day?` }).getByRole('button', { name: 'Start now' }).click();
  await expect(page.getByText(`Service started on ${orderNo}.`)).toBeVisible();
  await expect(card).toContainText('Service in progress');
  await customerSees(customer, orderNo, 'Service in progress');

  await card.getByRole('button', { name: 'Complete service' }).click();
  // The service goes into the car's history with its odometer: the dialog asks for it.
  const complete = page.getByRole('dialog', { name: `Complete order ${orderNo}` });
  await complete.getByRole('button', { name: 'Complete now' }).click();
  await expect(complete.getByLabel('Odometer (km)')).toBeFocused();
  await complete.getByLabel('Odometer (km)').fill('45000');
  await complete.getByRole('button', { name: 'Complete now' }).click();
  await expect(page.getByText(`Order ${orderNo} completed.`)).toBeVisible();
  await expect(complete).toBeHidden();
  await expect(card).toContainText('Completed');
  await expect(card.getByRole('button')).toHaveCount(0);
  await customerSees(customer, orderNo, 'Completed');

  // The same order found by its plate, from any day.
  await page.getByLabel('Order number, plate or phone').fill(plate);
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `Orders matching “${plate}”` })).toBeVisible();
  await expect(card).toBeVisible();
});

test('a customer opening the console logs in first and is told it is for Servauto staff', async ({ page }) => {
  await page.goto('/pc/ms/console');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await logIn(page);
  await page.goto('/pc/home');
  // Customers are not offered the console.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Console', exact: true })).toHaveCount(0);
  await page.goto('/pc/ms/console/refunds');
  await expect(page.getByRole('heading', { name: 'Halaman ini untuk kakitangan Servauto' })).toBeVisible();
  await page.getByRole('link', { name: 'Pergi ke Pesanan Saya' }).click();
  await expect(page).toHaveURL(/\/pc\/ms\/myorder-status$/);
});

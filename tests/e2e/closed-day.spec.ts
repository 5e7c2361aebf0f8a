import { expect, test } from '@playwright/test';
import { dateWords } from '../../contract/rules/dates.ts';
import { ADMIN_PHONE, openAsStaff, placeAt } from './console-helpers.ts';
import { payInSandbox } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

/** A workshop no other browser test books or closes. */
const JELUTONG = 'george-town-jelutong-tyre-auto';
const JELUTONG_NAME = 'Jelutong Tyre & Auto Service';

test('the admin sees how many bookings a closure hits before confirming; the customer’s order opens with what to do, and the change is free', async ({ browser, page }) => {
  await logIn(page);
  await page.goto('/pc/home');
  const { orderNo, date } = await placeAt(page, JELUTONG, 'install', `PGA ${1 + (Date.now() % 9999)}`);
  await payInSandbox(page, orderNo);

  const admin = await (await browser.newContext()).newPage();
  await openAsStaff(admin, ADMIN_PHONE, '/pc/console/closures');
  await admin.getByLabel('Workshop').selectOption({ label: JELUTONG_NAME });
  await admin.getByLabel('Date').fill(date!);
  await admin.getByLabel('Reason').fill('Power cut');
  await admin.getByRole('button', { name: 'Close this day' }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Close ${JELUTONG_NAME} on ${dateWords(date!, 'en')}?` });
  await expect(dialog).toContainText('This hits 1 booking: its customer is told by SMS and may choose another time free of charge.');
  await dialog.getByRole('button', { name: 'Close the workshop' }).click();
  await expect(dialog).toBeHidden();

  // The customer's order says so at its top, before anything else, with what to do.
  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  const main = page.getByRole('main');
  const banner = main.getByRole('region', { name: 'The workshop is closed on your booked day' });
  await expect(banner).toContainText(`${JELUTONG_NAME} is closed on ${dateWords(date!, 'en')} (Power cut).`);
  await expect(banner).toContainText('the change is free of charge');
  const first = await main.getByRole('region').first().getAttribute('aria-labelledby');
  expect(first).toBe('closed-day-heading');

  await main.getByRole('button', { name: 'Change installation time' }).click();
  const change = page.getByRole('dialog', { name: 'Change installation time' });
  await expect(change).toContainText(`The workshop is closed on ${dateWords(date!, 'en')}, so this change is free of charge`);

  // In Chinese and Malay too.
  await page.goto(`/pc/zh-cn/myorder-status/detail?orderNo=${orderNo}`);
  await expect(page.getByRole('region', { name: '您预约的那天车厂停业' })).toBeVisible();
  await page.goto(`/pc/ms/myorder-status/detail?orderNo=${orderNo}`);
  await expect(page.getByRole('region', { name: 'Bengkel ditutup pada hari tempahan anda' })).toBeVisible();
});

test('a closure of a day nobody booked says so in the dialog', async ({ page }) => {
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/closures');
  await page.getByLabel('Workshop').selectOption({ label: JELUTONG_NAME });
  // A Monday far ahead: beyond the booking window, so nobody is booked.
  await page.getByLabel('Date').fill('2030-01-07');
  await page.getByLabel('Reason').fill('Stocktake');
  await page.getByRole('button', { name: 'Close this day' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Close ${JELUTONG_NAME} on Mon, 7 Jan 2030?` });
  await expect(dialog).toContainText('No booking is affected: nobody is booked at this workshop that day.');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
});

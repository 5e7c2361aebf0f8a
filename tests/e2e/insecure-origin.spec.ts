import { expect, test, type Page } from '@playwright/test';
import { chromiumArgs } from './chromium-args.ts';
import { logInThroughMenu, shownPhone } from './support.ts';

// The shop opened from another device on the local network (http://192.168.x.x:3000): an
// address that is neither https nor localhost, so the browser withholds its secure-context
// APIs (crypto.subtle, crypto.randomUUID, the Clipboard API). A made-up host name mapped to
// this machine gives such an origin.
const HOST = 'shop.servauto.test';
const insecure = `http://${HOST}:${process.env.SERVAUTO_E2E_PORT}`;
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: [...chromiumArgs, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] } });

async function chooseMyvi(page: Page) {
  await page.getByRole('button', { name: 'Add Your Car' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose your car' });
  await picker.getByRole('button', { name: 'Perodua', exact: true }).first().click();
  await picker.getByRole('button', { name: 'Myvi', exact: true }).click();
  await picker.getByRole('button', { name: '2023', exact: true }).click();
  await picker.getByRole('button', { name: /^1\.5 AV/ }).click();
  await picker.getByRole('button', { name: 'Confirm' }).click();
  await expect(picker).toBeHidden();
}

test('on a plain-HTTP address a customer logs in, chooses a car and copies their number', async ({ page, context, baseURL }) => {
  await page.goto(`${insecure}/pc/home`);
  expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle, typeof navigator.clipboard])).toEqual([false, 'undefined', 'undefined']);

  const phone = await logInThroughMenu(page);
  const account = page.getByRole('button', { name: /Account menu/ });
  await expect(account).toContainText(shownPhone(phone));
  expect(await page.evaluate(() => localStorage.getItem('servauto.device'))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  await chooseMyvi(page);
  await expect(page.getByRole('button', { name: /Your car: Perodua Myvi · Hatchback/ })).toBeVisible();

  await account.click();
  await page.getByRole('button', { name: shownPhone(phone), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copy successful' })).toBeVisible();
  // The browser's clipboard now holds the number (read from a secure page of the same browser).
  await context.grantPermissions(['clipboard-read'], { origin: baseURL });
  const reader = await context.newPage();
  await reader.goto('/pc/faq');
  expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(`+60${phone}`);
});

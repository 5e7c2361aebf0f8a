import { expect, test } from '@playwright/test';
import { logIn, shownPhone } from './support.ts';

test('a new tab of the same browser shows the customer logged in; logging out in one tab logs out the others', async ({ context, browser }) => {
  const first = await context.newPage();
  const phone = await logIn(first);
  await first.goto('/pc/home');

  // A page that needs a login, opened in a new tab: it goes straight on, no login asked.
  const second = await context.newPage();
  await second.goto('/pc/401?from=/pc/store');
  await expect(second).toHaveURL(/\/pc\/store$/);
  const secondAccount = second.getByRole('button', { name: /Account menu/ });
  await expect(secondAccount).toContainText(shownPhone(phone));

  // Another browser is another customer: nothing is handed over there.
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto('/pc/home');
  await expect(elsewhere.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(elsewhere.getByRole('button', { name: 'Account menu', exact: true })).toContainText('Account');

  await secondAccount.click();
  await second.getByRole('button', { name: 'Log Out', exact: true }).click();
  await second.getByRole('alertdialog', { name: 'Log out?' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(second).toHaveURL(/\/pc\/home$/);
  await expect(first.getByRole('button', { name: 'Account menu', exact: true })).toContainText('Account');
  expect(await first.evaluate(() => sessionStorage.getItem('servauto.user'))).toBeNull();
});

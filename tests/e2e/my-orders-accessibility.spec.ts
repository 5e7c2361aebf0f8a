import { expect, test } from '@playwright/test';
import { seriousProblems as serious } from './axe.ts';
import { logIn } from './support.ts';
import { api, myviInPetalingJaya, payInSandbox, placeOrder } from './my-orders-helpers.ts';

test('My Orders, an order’s page and its dialogs have no serious accessibility problem, in all three languages', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  const pickup = await placeOrder(page, 'pickup');
  await payInSandbox(page, pickup);
  await api(page, '/app/order/vehicle/order/app/refund', { orderNo: pickup, reason: 'Wrong size', contact: '+60 12-345 6789' });
  const install = await placeOrder(page);
  await payInSandbox(page, install);
  for (const prefix of ['', 'zh-cn/', 'ms/']) {
    await page.goto(`/pc/${prefix}myorder-status`);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
    expect(await serious(page), `/pc/${prefix}myorder-status`).toEqual([]);
    await page.goto(`/pc/${prefix}myorder-status/detail?orderNo=${pickup}`);
    await expect(page.getByRole('img', { name: /\d{6}/ })).toBeVisible();
    expect(await serious(page), `/pc/${prefix}myorder-status/detail`).toEqual([]);
  }
  await page.goto(`/pc/myorder-status/detail?orderNo=${install}`);
  await page.getByRole('button', { name: 'Request a refund' }).click();
  await page.getByRole('dialog', { name: 'Request a refund' }).getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('dialog').getByRole('alert').first()).toBeVisible();
  expect(await serious(page), 'the refund dialog with its messages').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Change installation time' }).click();
  await expect(page.getByRole('dialog').getByLabel('Date', { exact: true })).toBeVisible();
  expect(await serious(page), 'the change-time dialog').toEqual([]);
});

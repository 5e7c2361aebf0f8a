import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';
import { api, payInSandbox } from './my-orders-helpers.ts';
import { placeAt, SEGAMBUT } from './console-helpers.ts';

const PAY = '/app/order/vehicle/order/app/pay';
const FIND = '/app/order/vehicle/order/app/find';
const PAY_STATUS = '**/update/pay/status';

type Found = { totals: { totalSen: number }; money: { paidSen: number; returnedSen: number; toReturnSen: number } };

test('a customer who paid twice gets the second payment back by itself and sees it returned on the order page', async ({ page }) => {
  // The slow confirmation comes by the sandbox's delivery job (within about 30 s), then the money-back job returns it.
  test.setTimeout(150_000);
  await logIn(page);
  await page.goto('/pc/home');
  const { orderNo } = await placeAt(page, SEGAMBUT, 'install', 'WPQ 2288');

  // The first payment: taken, but the bank confirms late and the customer leaves before the shop hears of it.
  const first = await api<{ redirectUrl: string }>(page, PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' });
  await page.route(PAY_STATUS, (route) => route.abort());
  await page.goto(first.redirectUrl);
  await page.getByRole('button', { name: 'Pay, bank confirms later' }).click();
  await expect(page).toHaveURL(/\/pc\/(?:[a-z-]+\/)?pages\?orderNo=/);
  await page.goto('/pc/home');
  await page.unroute(PAY_STATUS);

  // Still unpaid as far as the shop knows, so the customer pays again.
  await payInSandbox(page, orderNo);
  const { totals } = await api<Found>(page, FIND, { orderNo });

  await expect
    .poll(async () => (await api<Found>(page, FIND, { orderNo })).money, { timeout: 120_000, intervals: [2_000] })
    .toEqual({ paidSen: 2 * totals.totalSen, usedSen: totals.totalSen, returnedSen: totals.totalSen, toReturnSen: 0 });

  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  const amount = `RM ${(totals.totalSen / 100).toFixed(2)}`;
  await expect(payments.getByText('Returned to you in full')).toBeVisible();
  const returned = payments.getByText('Returned to you', { exact: true });
  await expect(returned).toBeVisible();
  await expect(returned.locator('..')).toContainText(amount);
});

import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';
import { api, payInSandbox } from './my-orders-helpers.ts';
import { customerSees, openAsStaff, placeAt, SEGAMBUT, WORKSHOP_PHONE } from './console-helpers.ts';

test('a pickup is made ready at the counter and handed over with the customer’s code only', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo } = await placeAt(customer, SEGAMBUT, 'pickup', 'WA 8123 K');
  await payInSandbox(customer, orderNo);
  const { pickupCode } = await api<{ pickupCode: string }>(customer, '/app/order/vehicle/order/app/find', { orderNo });
  const wrong = pickupCode === '000000' ? '111111' : '000000';

  await openAsStaff(page, WORKSHOP_PHONE, '/pc/console/counter');
  const find = page.getByLabel('Pickup code or order number');
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByText('Type a pickup code or an order number.')).toBeVisible();
  await find.fill(orderNo);
  await page.getByRole('button', { name: 'Find order' }).click();
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await expect(card).toContainText('Being prepared for pickup');
  await card.getByRole('button', { name: 'Ready for pickup' }).click();
  await expect(page.getByText(`Order ${orderNo} is ready; the customer has been told.`)).toBeVisible();
  await expect(card).toContainText('Ready for pickup');

  const code = card.getByLabel('Code the customer shows');
  await code.fill('12');
  await card.getByRole('button', { name: 'Hand over' }).click();
  await expect(card.getByText('A pickup code is 6 digits.')).toBeVisible();
  await code.fill(wrong);
  await card.getByRole('button', { name: 'Hand over' }).click();
  await expect(card.getByRole('alert')).toBeVisible();
  await expect(card).toContainText('Ready for pickup');

  await code.fill(pickupCode);
  await card.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByText(`Order ${orderNo} handed over.`)).toBeVisible();
  await expect(card).toContainText('Completed');
  await customerSees(customer, orderNo, 'Completed');

  // Found again by its code: a code names only an order still to be collected.
  await find.fill(pickupCode);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
});

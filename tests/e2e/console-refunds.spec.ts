import { expect, test } from '@playwright/test';
import { logInThroughMenu } from './support.ts';
import { api, payInSandbox } from './my-orders-helpers.ts';
import { ADMIN_PHONE, customerSees, openAsStaff, placeAt, SEGAMBUT } from './console-helpers.ts';

test('an admin approves a refund in full with the sandbox provider and the customer sees it completed', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/pc/home');
  await logInThroughMenu(customer);
  const { orderNo } = await placeAt(customer, SEGAMBUT, 'install', 'JQR 4521');
  await payInSandbox(customer, orderNo);
  await api(customer, '/app/order/vehicle/order/app/refund', { orderNo, reason: 'The workshop could not fit my car in after all', contact: '012-345 6789' });

  await openAsStaff(page, ADMIN_PHONE, '/pc/console/refunds');
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await expect(card).toContainText('The workshop could not fit my car in after all');
  await expect(card.getByRole('region', { name: 'Items' })).toContainText('1 × Basic service');
  await expect(card).toContainText(/Review by /);

  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Approve the refund of ${orderNo}` });
  const amount = dialog.getByLabel('Amount to refund (RM)');
  const full = await amount.inputValue();
  // A lower amount needs a note for the customer.
  await amount.fill('1.00');
  await dialog.getByRole('button', { name: 'Refund RM 1.00' }).click();
  await expect(dialog.getByText('Write a note for the customer.')).toBeVisible();
  await amount.fill(full);
  await dialog.getByRole('button', { name: /^Refund RM / }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`Refund of RM ?${full.replace('.', '\\.')} approved for ${orderNo}\\.`))).toBeVisible();
  await expect(card).toHaveCount(0);

  await customerSees(customer, orderNo, 'Refund completed');
  await expect(customer.getByText('Refunded').first()).toBeVisible();
});

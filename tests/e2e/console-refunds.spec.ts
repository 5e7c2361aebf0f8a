import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';
import { api, payInSandbox } from './my-orders-helpers.ts';
import { ADMIN_PHONE, customerSees, openAsStaff, placeAt, SEGAMBUT } from './console-helpers.ts';
import { seriousProblems } from './axe.ts';

test('an admin approves a refund in full with the sandbox provider and the customer sees it completed', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
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

test('an admin tries a refund the provider could not pay again from the Attention list, and it leaves the list', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo } = await placeAt(customer, SEGAMBUT, 'install', 'JQR 7713');
  await payInSandbox(customer, orderNo);
  // RM 10.13: the sandbox's test amount, whose first refund fails (docs/integrations.md, Payments).
  await api(customer, '/app/order/vehicle/order/app/refund', { orderNo, reason: 'Only the oil was changed', contact: '012-345 6789', amountSen: 1013 });

  await openAsStaff(page, ADMIN_PHONE, '/pc/console/refunds');
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await card.getByRole('button', { name: 'Approve' }).click();
  const review = page.getByRole('alertdialog', { name: `Approve the refund of ${orderNo}` });
  await review.getByRole('button', { name: 'Refund RM 10.13' }).click();
  await expect(review).toBeHidden();

  const refundNo = `${orderNo}-R1`;
  const attention = page.getByRole('region', { name: 'Attention' });
  const failed = attention.getByRole('region', { name: 'Refunds the payment provider could not pay' }).getByRole('listitem', { name: refundNo });
  // The provider's failure arrives by its callback, just after the approval.
  await expect(async () => {
    await page.reload();
    await expect(failed).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(failed).toContainText('RM 10.13');

  await failed.getByRole('button', { name: 'Try again' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Try the refund ${refundNo} again` });
  await dialog.getByRole('button', { name: 'Send RM 10.13 again' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Refund ${refundNo} sent again.`)).toBeVisible();
  await expect(failed).toHaveCount(0);

  await customerSees(customer, orderNo, 'Refund completed');
});

test('paying a failed refund outside the provider asks for the reference and a note', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo } = await placeAt(customer, SEGAMBUT, 'pickup', 'JQR 8813');
  await payInSandbox(customer, orderNo);
  await api(customer, '/app/order/vehicle/order/app/refund', { orderNo, reason: 'Wrong mats', contact: '012-345 6789', amountSen: 513 });

  await openAsStaff(page, ADMIN_PHONE, '/pc/console/refunds');
  await page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('alertdialog', { name: `Approve the refund of ${orderNo}` }).getByRole('button', { name: 'Refund RM 5.13' }).click();

  const refundNo = `${orderNo}-R1`;
  const failed = page.getByRole('region', { name: 'Attention' }).getByRole('listitem', { name: refundNo });
  await expect(async () => {
    await page.reload();
    await expect(failed).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await seriousProblems(page)).toEqual([]);
  await failed.getByRole('button', { name: 'Paid outside the provider' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Record ${refundNo} as paid outside the provider` });
  await dialog.getByRole('button', { name: 'Record as paid' }).click();
  await expect(dialog.getByText('Enter the reference of the payment.')).toBeVisible();
  await expect(dialog.getByText('Write how it was paid.')).toBeVisible();
  await expect(dialog.getByLabel('Reference of the payment')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousProblems(page)).toEqual([]);
  await dialog.getByLabel('Reference of the payment').fill('MBB-20250602-7781');
  await dialog.getByLabel('Note').fill('Paid by bank transfer to the customer');
  await dialog.getByRole('button', { name: 'Record as paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(failed).toHaveCount(0);
  await customerSees(customer, orderNo, 'Refund completed');
});

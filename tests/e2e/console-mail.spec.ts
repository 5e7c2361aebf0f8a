import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';
import { api, MYVI, payInSandbox } from './my-orders-helpers.ts';
import { ADMIN_PHONE, customerSees, openAsStaff } from './console-helpers.ts';

test('an admin ships a mail order with its courier and tracking number, then completes it on delivery', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo } = await api<{ orderNo: string }>(customer, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-console-mail-${Date.now()}`,
    items: [{ productId: 'mat-goodyear-rubber', quantity: 1 }],
    variantId: MYVI,
    carPlate: 'PKN 3321',
    method: 'mail',
    address: { recipient: 'Tan Mei Ling', phone: '0123456789', line1: '12 Jalan Kenari 5', postcode: '47100', city: 'Puchong', state: 'Selangor' },
    contact: { name: 'Tan Mei Ling', phone: '0123456789' },
  });
  await payInSandbox(customer, orderNo);

  await openAsStaff(page, ADMIN_PHONE, '/pc/console/mail');
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await expect(card).toContainText('Waiting to be shipped');
  await expect(card).toContainText('12 Jalan Kenari 5');
  await card.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(card.getByText('Choose the courier.')).toBeVisible();
  await expect(card.getByText('Type the tracking number.')).toBeVisible();
  await card.getByLabel('Courier').selectOption({ label: 'Pos Laju' });
  await card.getByLabel('Tracking number').fill('EP123456789MY');
  await card.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText(`Order ${orderNo} shipped with Pos Laju.`)).toBeVisible();
  await expect(card).toContainText('Shipped');
  await expect(card.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute('href', /EP123456789MY$/);
  await customerSees(customer, orderNo, 'EP123456789MY');

  await card.getByRole('button', { name: 'Delivered: complete' }).click();
  await expect(page.getByText(`Order ${orderNo} completed.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await customerSees(customer, orderNo, 'Completed');
});

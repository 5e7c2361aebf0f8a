import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { myviInPetalingJaya, payInSandbox, placeOrder } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

/**
 * The whole way, with nothing answered by fixtures: a customer pays, asks for a business
 * e-invoice on the invoice page, the shop signs it and sends it to MyInvois (the local double,
 * as `npm start` runs it), and the page shows it valid with its QR code and validation link, in
 * English, Chinese and Malay.
 */
test('a customer pays, asks for a business e-invoice and sees it valid with its QR code on the invoice page, in three languages', async ({ page }) => {
  test.slow();
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  const orderNo = await placeOrder(page, 'pickup', 'WXY 2718');
  await payInSandbox(page, orderNo);

  await page.goto(`/pc/myorder-status/invoice?orderNo=${orderNo}`);
  await expect(page.getByRole('heading', { name: 'Tax invoice', level: 1 })).toBeVisible();
  await expect(page.getByText(/^INV-\d{6}$/).first()).toBeVisible();
  const block = page.getByRole('region', { name: 'e-Invoice' });
  await block.getByRole('button', { name: 'Ask for an e-invoice' }).click();
  const form = block.getByRole('form', { name: 'Your e-invoice details' });
  await form.getByRole('radio', { name: 'A business' }).check();
  await form.getByLabel('Registered business name').fill('Kedai Aisyah Enterprise');
  await form.getByLabel('Business registration number (BRN)').fill('202001234567');
  await form.getByLabel('Tax identification number (TIN)').fill('C20880050010');
  await form.getByLabel('SST registration number').fill('NA');
  await form.getByLabel('E-mail').fill('accounts@kedai-aisyah.example');
  await form.getByLabel('Address line 1').fill('12, Jalan SS 2/24');
  await form.getByLabel('Postcode').fill('47300');
  await form.getByLabel('City').fill('Petaling Jaya');
  await form.getByLabel('State').selectOption({ label: 'Selangor' });
  await form.getByRole('button', { name: 'Send to LHDN MyInvois' }).click();

  // Signed, sent and validated by MyInvois within seconds: the QR code appears without a reload.
  await expect(block.getByRole('img', { name: 'QR code of the e-invoice validation link' })).toBeVisible({ timeout: 30_000 });
  const link = block.getByRole('link', { name: 'Check this e-invoice on MyInvois' });
  await expect(link).toBeVisible();
  const url = await link.getAttribute('href');
  // A whole address, as a phone scanning the QR code needs it.
  expect(url).toMatch(/^https?:\/\/[^/]+\/myinvois-local\/[A-Z0-9]+\/share\/[A-Za-z0-9]+$/);
  // The validation link opens MyInvois' page for this document.
  const share = await page.request.get(url!);
  expect(share.status()).toBe(200);
  expect(await seriousProblems(page)).toEqual([]);

  for (const [prefix, title, qrName, check, ask] of [
    ['zh-cn/', '税务发票', '电子发票验证链接的二维码', '在 MyInvois 查验此电子发票', '申请电子发票'],
    ['ms/', 'Invois cukai', 'Kod QR pautan pengesahan e-invois', 'Semak e-invois ini di MyInvois', 'Minta e-Invois'],
  ] as const) {
    await page.goto(`/pc/${prefix}myorder-status/invoice?orderNo=${orderNo}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: qrName })).toBeVisible();
    await expect(page.getByRole('link', { name: check })).toHaveAttribute('href', url!);
    // Asked once: the form is not offered again.
    await expect(page.getByRole('button', { name: ask })).toHaveCount(0);
  }
});

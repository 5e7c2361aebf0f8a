import { test, expect } from '@playwright/test';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';
import { api, myviInPetalingJaya, payInSandbox, placeOrder } from './my-orders-helpers.ts';
import { logInThroughMenu } from './support.ts';

test('shots', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await myviInPetalingJaya(page);
  await page.goto('/pc/home');
  await logInThroughMenu(page);
  const orderNo = await placeOrder(page, 'install', 'WXY 3141');
  await payInSandbox(page, orderNo);
  await api(page, '/app/einvoice/request', { orderNo, buyer: { type: 'business', name: 'Kedai Aisyah Enterprise', tin: 'C20880050010', idType: 'BRN', idValue: '202001234567', sstNo: 'NA', email: 'a@kedai.example', phone: '+60123456789', address: { line1: '12 Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' } } });
  await page.goto(`/pc/myorder-status/invoice?orderNo=${orderNo}`);
  await expect(page.getByRole('img', { name: 'QR code of the e-invoice validation link' })).toBeVisible({ timeout: 30_000 });
  const pickup = await placeOrder(page, 'pickup', 'WXY 3142');
  await payInSandbox(page, pickup);
  const admin = await (await browser.newContext()).newPage();
  await openAsStaff(admin, ADMIN_PHONE, '/pc/home');
  for (const lang of ['', 'zh-cn/', 'ms/']) {
    for (const width of [390, 1280]) {
      for (const [p, name, file] of [[page, `myorder-status/invoice?orderNo=${orderNo}`, 'invoice'], [page, `myorder-status/invoice?orderNo=${pickup}`, 'invoice-pickup'], [admin, 'console/einvoices', 'console']] as const) {
        await p.setViewportSize({ width, height: 900 });
        await p.goto(`/pc/${lang}${name}`);
        await p.waitForTimeout(1200);
        await p.screenshot({ path: `/tmp/shots19/${file}-${lang.replace('/', '') || 'en'}-${width}.png`, fullPage: true });
      }
    }
  }
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.goto(`/pc/myorder-status/invoice?orderNo=${orderNo}`);
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/shots19/invoice-print.png`, fullPage: true });
});

import { expect, test, type Page } from '@playwright/test';
import { orderInvoice } from '../../contract/paths/orders.ts';
import { seriousProblems } from './axe.ts';
import { installationInvoice, pickupInvoice, VALIDATION_URL } from './fixtures/invoice.ts';
import { myviInPetalingJaya, payInSandbox, placeOrder } from './my-orders-helpers.ts';
import { chinese, english, logIn, type LoginTexts, malay } from './support.ts';

/**
 * The printable tax invoice. Its call answers the fixture of fixtures/invoice.ts (the
 * invoice path only: logging in, orders and payment are the shop's own).
 */


/** Answers app/invoice with a fixture for whichever order the page asks about. */
async function answerInvoices(page: Page, invoice = installationInvoice) {
  await page.route(`**/api${orderInvoice}`, async (route) => {
    const { orderNo } = route.request().postDataJSON() as { orderNo: string };
    await route.fulfill({ json: { code: 200, msg: 'success', data: invoice(orderNo) } });
  });
}

async function customer(page: Page, prefix: string, texts: LoginTexts, invoice = installationInvoice) {
  await myviInPetalingJaya(page);
  await answerInvoices(page, invoice);
  await logIn(page);
  await page.goto(`${prefix}home`);
}

const languages = [
  {
    name: 'English',
    prefix: '/pc/',
    texts: english,
    title: 'Tax invoice',
    seller: 'Seller',
    sst: 'SST registration no.',
    taxLine: 'Service Tax 8 % on labour (SST No. W10-1808-32000123)',
    creditNote: 'Credit note CN-2026-000007',
    qr: 'QR code of the e-invoice validation link',
    validate: 'Check this e-invoice on MyInvois',
    print: 'Print',
  },
  {
    name: 'Chinese',
    prefix: '/pc/zh-cn/',
    texts: chinese,
    title: '税务发票',
    seller: '卖方',
    sst: 'SST 注册号',
    taxLine: '工时服务税 8%（SST 注册号 W10-1808-32000123）',
    creditNote: '贷项通知单 CN-2026-000007',
    qr: '电子发票验证链接的二维码',
    validate: '在 MyInvois 查验此电子发票',
    print: '打印',
  },
  {
    name: 'Malay',
    prefix: '/pc/ms/',
    texts: malay,
    title: 'Invois cukai',
    seller: 'Penjual',
    sst: 'No. pendaftaran SST',
    taxLine: 'Cukai Perkhidmatan 8 % atas upah (No. SST W10-1808-32000123)',
    creditNote: 'Nota kredit CN-2026-000007',
    qr: 'Kod QR pautan pengesahan e-invois',
    validate: 'Semak e-invois ini di MyInvois',
    print: 'Cetak',
  },
] as const;

for (const l of languages) {
  test(`in ${l.name}: the invoice names the seller's SST number, the service tax, the credit note and the valid e-invoice's QR code`, async ({ page }) => {
    await customer(page, l.prefix, l.texts);
    await page.goto(`${l.prefix}myorder-status/invoice?orderNo=SA2611201234`);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
    // First its own number; its credit note names it again.
    await expect(main.getByText('INV-2026-000123', { exact: true })).toHaveCount(2);
    await expect(main.getByText('INV-2026-000123', { exact: true }).first()).toBeVisible();
    const seller = main.getByRole('region', { name: l.seller });
    await expect(seller.getByText(l.sst)).toBeVisible();
    await expect(seller.getByText('W10-1808-32000123', { exact: true })).toBeVisible();
    await expect(main.getByText(l.taxLine, { exact: true })).toBeVisible();
    await expect(main.getByRole('article', { name: l.creditNote })).toContainText('RM 91.60');
    await expect(main.getByRole('img', { name: l.qr })).toBeVisible();
    await expect(main.getByRole('link', { name: l.validate })).toHaveAttribute('href', VALIDATION_URL);
    await expect(main.getByRole('button', { name: l.print, exact: true })).toBeVisible();
    expect(await seriousProblems(page)).toEqual([]);
  });
}

test("a demo shop's pickup invoice says its seller is a demo, shows the pickup code, and that the buyer may still ask for an e-invoice", async ({ page }) => {
  await customer(page, '/pc/', english, pickupInvoice);
  await page.goto('/pc/myorder-status/invoice?orderNo=SA2611201235');

  const main = page.getByRole('main');
  await expect(main.getByRole('region', { name: 'Seller' }).getByText(/^Demo seller: .* not valid for tax\.$/)).toBeVisible();
  await expect(main.getByRole('region', { name: 'Payment' }).getByText('48291736', { exact: true })).toBeVisible();
  const einvoice = main.getByRole('region', { name: 'e-Invoice' });
  await expect(einvoice).toContainText('consolidated e-invoice for the month');
  await expect(einvoice).toContainText('You may ask for an e-invoice in your own or your company’s name until Mon, 30 Nov 2026.');
  await expect(einvoice.getByRole('img')).toHaveCount(0);
  await expect(main.getByRole('article')).toHaveCount(0);
});

test('a paid order leads to its invoice from My Orders and from its own page', async ({ page }) => {
  await customer(page, '/pc/', english);
  // A pickup: no time to race the other workers for.
  const orderNo = await placeOrder(page, 'pickup');
  await payInSandbox(page, orderNo);
  await expect(page.getByRole('link', { name: 'Invoice', exact: true })).toHaveAttribute('href', `/pc/myorder-status/invoice?orderNo=${orderNo}`);

  await page.goto('/pc/myorder-status');
  await page.getByRole('article', { name: `Order ${orderNo}` }).getByRole('link', { name: `Invoice: Order ${orderNo}` }).click();
  await expect(page).toHaveURL(`/pc/myorder-status/invoice?orderNo=${orderNo}`);
  await expect(page.getByRole('main').getByRole('link', { name: orderNo, exact: true })).toBeVisible();

  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  await page.getByRole('main').getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
});

test('an order waiting for payment has no invoice link', async ({ page }) => {
  await customer(page, '/pc/', english);
  const orderNo = await placeOrder(page);
  await page.goto('/pc/myorder-status');
  const card = page.getByRole('article', { name: `Order ${orderNo}` });
  await expect(card.getByRole('link', { name: `View details: Order ${orderNo}` })).toBeVisible();
  await expect(card.getByRole('link', { name: `Invoice: Order ${orderNo}` })).toHaveCount(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the invoice fits the screen: each line a block of its own, its total in view, nothing scrolled sideways', async ({ page }) => {
    await customer(page, '/pc/', english);
    await page.goto('/pc/myorder-status/invoice?orderNo=SA2611201234');
    await expect(page.getByRole('img', { name: 'QR code of the e-invoice validation link' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const lines = page.getByRole('region', { name: 'Items' });
    expect(await lines.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    for (const [name, total] of [
      ['Basic service: Shell Helix HX7 10W-40, 4 L', 'RM 191.40'],
      ['Bosch Aerotwin wiper blades', 'RM 91.60'],
    ]) {
      const line = lines.getByRole('listitem').filter({ hasText: name });
      await expect(line).toContainText('Labour');
      const amount = line.getByText(total, { exact: true });
      await amount.scrollIntoViewIfNeeded();
      await expect(amount).toBeInViewport({ ratio: 1 });
    }
  });
});

test('on a desktop the lines stay a table', async ({ page }) => {
  await customer(page, '/pc/', english);
  await page.goto('/pc/myorder-status/invoice?orderNo=SA2611201234');
  const lines = page.getByRole('region', { name: 'Items' });
  await expect(lines.getByRole('row', { name: /Bosch Aerotwin wiper blades/ }).getByRole('cell').last()).toHaveText('RM 91.60');
  await expect(lines.getByRole('listitem')).toHaveCount(0);
});

test('printed, the invoice stands alone: no site header, footer or buttons', async ({ page }) => {
  await customer(page, '/pc/', english);
  await page.goto('/pc/myorder-status/invoice?orderNo=SA2611201234');
  const invoiceNo = page.getByText('INV-2026-000123', { exact: true }).first();
  await expect(invoiceNo).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  await expect(invoiceNo).toBeVisible();
  await expect(page.getByText(VALIDATION_URL, { exact: true })).toBeVisible();
  // The width of A4 less its 12 mm margins, at 96 dpi: the lines fit without being cut.
  await page.setViewportSize({ width: 703, height: 1000 });
  const lines = page.getByRole('region', { name: 'Items' });
  expect(await lines.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
});

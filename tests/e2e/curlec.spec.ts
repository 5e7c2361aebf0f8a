import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support.ts';
import { api } from './my-orders-helpers.ts';
import { placeAt, SEGAMBUT } from './console-helpers.ts';

/**
 * Paying through Curlec, on the third server of playwright.config.ts (PAYMENT_PROVIDER=curlec
 * with its double inside it): the customer picks the method on the shop's page, pays on
 * Curlec's hosted page (the double's) or scans the shop's own DuitNow QR, and comes back to a
 * receipt naming the method. On a phone-sized screen.
 */
const base = process.env.SERVAUTO_CURLEC_BASE_URL!;
test.use({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Words {
  prefix: string;
  /** The language switcher's name. */
  language: string;
  pay: RegExp;
  tng: string;
  duitnow: string;
  paid: RegExp;
  paidBy: string;
}

const en: Words = { prefix: '/pc/', language: 'Language', pay: /^Pay RM/, tng: "Touch 'n Go eWallet", duitnow: 'DuitNow QR', paid: /Payment received/, paidBy: 'Paid by' };
const ms: Words = { prefix: '/pc/ms/', language: 'Bahasa', pay: /^Bayar RM/, tng: "E-dompet Touch 'n Go", duitnow: 'Kod QR DuitNow', paid: /Bayaran diterima/, paidBy: 'Dibayar melalui' };

type Found = { totals: { totalSen: number }; payments: { method: string; state: string }[] };

/** A pickup order (no time to book) of a fresh customer, and its payment page open. */
async function orderToPay(page: Page, w: Words, plate: string): Promise<{ orderNo: string; totalSen: number }> {
  await logIn(page);
  await page.goto(`${w.prefix}home`);
  const { orderNo } = await placeAt(page, SEGAMBUT, 'pickup', plate);
  const { totals } = await api<Found>(page, '/app/order/vehicle/order/app/find', { orderNo });
  await page.goto(`${w.prefix}pages?orderNo=${orderNo}`);
  return { orderNo, totalSen: totals.totalSen };
}

/** The receipt's "Paid by" row names the method. */
async function receiptNames(page: Page, w: Words, method: string) {
  await expect(page.getByRole('heading', { name: w.paid }).first()).toBeVisible();
  const row = page.getByRole('term').filter({ hasText: w.paidBy }).locator('..');
  await expect(row.getByRole('definition')).toHaveText(method);
}

// Once, in Malay (DuitNow below is in English): the other languages' words are the same
// dictionaries', their keys checked alike by tests/unit/site/i18n.test.ts.
test("Touch 'n Go on Curlec's page, in Malay on a phone: paid, and the receipt says how", async ({ page }) => {
  const { orderNo } = await orderToPay(page, ms, 'WTN 1003');
  // The shop offers Curlec's methods, Touch 'n Go among them.
  await page.getByRole('radio', { name: ms.tng }).check();
  await expect(page.getByRole('radio', { name: ms.duitnow })).toBeVisible();
  await page.getByRole('button', { name: ms.pay }).click();

  // Curlec's hosted page (the double's), on the host the shop was opened on, already on the
  // wallet chosen at the shop: the customer only pays.
  await expect(page).toHaveURL(new RegExp(`^${base}/curlec-double/i/plink_`));
  await expect(page.getByRole('radio', { name: 'Touch ’n Go eWallet' })).toBeChecked();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back at the shop with Curlec's signed return: the order is paid, by Touch 'n Go.
  await expect(page).toHaveURL(new RegExp(`${ms.prefix}pages\\?orderNo=${orderNo}$`));
  await receiptNames(page, ms, ms.tng);
  // The other languages' links keep the order, not Curlec's return.
  const languages = page.getByRole('navigation', { name: ms.language });
  for (const [other, prefix] of [['English', '/pc/'], ['中文', '/pc/zh-cn/'], ['Bahasa Melayu', '/pc/ms/']] as const) {
    await expect(languages.getByRole('link', { name: other })).toHaveAttribute('href', new RegExp(`${prefix}pages\\?orderNo=${orderNo}$`));
  }
  const found = await api<Found>(page, '/app/order/vehicle/order/app/find', { orderNo });
  expect(found.payments.filter((p) => p.state === 'succeeded').map((p) => p.method)).toEqual(['tng']);
});

test('a forged return from Curlec is refused and shows no payment', async ({ page }) => {
  const { orderNo } = await orderToPay(page, en, 'WTN 1004');
  await page.goto(
    `/pc/pages?orderNo=${orderNo}&razorpay_payment_id=pay_forged&razorpay_payment_link_id=plink_forged&razorpay_payment_link_reference_id=x&razorpay_payment_link_status=paid&razorpay_signature=${'0'.repeat(64)}`,
  );
  await expect(page.getByRole('alert').filter({ hasText: 'We could not confirm this return from the payment page.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: en.paid })).toHaveCount(0);
  const found = await api<Found>(page, '/app/order/vehicle/order/app/find', { orderNo });
  expect(found.payments).toEqual([]);
});

test('DuitNow QR on the shop’s own page: scanned and paid, it moves on to the receipt by itself', async ({ page, context }) => {
  const { orderNo, totalSen } = await orderToPay(page, en, 'WTN 1005');
  await page.getByRole('radio', { name: en.duitnow }).check();
  await page.getByRole('button', { name: en.pay }).click();

  await expect(page).toHaveURL(new RegExp(`/pc/pay/duitnow\\?orderNo=${orderNo}$`));
  const amount = `RM ${(totalSen / 100).toFixed(2)}`;
  await expect(page.getByRole('img', { name: `DuitNow QR for ${amount}` })).toBeVisible();
  await expect(page.getByText(/^Pay to /)).toBeVisible();
  await expect(page.getByText(/This QR expires in \d+:\d\d/)).toBeVisible();
  // On a phone it says how to pay from the same phone.
  await expect(page.getByText('Paying on this phone?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Save QR image' }).or(page.getByRole('button', { name: 'Save QR image' }))).toBeVisible();

  // The customer's banking app pays it (the double's tester page stands in for PayNet).
  const bank = await context.newPage();
  await bank.goto('/curlec-double/qr');
  await bank.getByRole('region', { name: new RegExp(`^${amount.replace('.', '\\.')} pay_`) }).getByRole('button', { name: /^Mark paid/ }).click();
  // Closed only once its answer has loaded: Chromium can drop a close that meets a navigation
  // as it commits, and the close then never returns.
  await expect(bank.getByText('Marked paid.')).toBeVisible();
  await bank.close();

  await expect(page).toHaveURL(new RegExp(`/pc/pages\\?orderNo=${orderNo}$`));
  await receiptNames(page, en, en.duitnow);
});

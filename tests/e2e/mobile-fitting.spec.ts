import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, MYVI, myviInPetalingJaya } from './my-orders-helpers.ts';
import { chooseFreeTime, logIn } from './support.ts';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';
import { en } from '../../src/i18n/en.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';

// Fitting at the customer's place (docs/contracts/running-the-business.md §2), on a phone, in each language.

const WIPERS = 'wiper-bosch-aerotwin';

interface Words {
  name: string;
  prefix: string;
  mobile: string;
  plate: string;
  fullName: string;
  recipient: string;
  line1: string;
  postcode: string;
  city: string;
  state: string;
  landmark: string;
  date: string;
  window: string;
  visitFee: RegExp;
  place: string;
  bank: string;
  pay: RegExp;
  sandboxPay: string;
  paid: string;
  /** How the payment page and the confirmation word the window. */
  between: (start: string, end: string) => string;
  notCovered: string;
  install: string;
  /** The console's words in this language. */
  console: typeof en.console;
  /** The product page's words in this language. */
  product: typeof en.product;
}

const words: Words[] = [
  {
    name: 'English', prefix: '/pc/', mobile: 'Fitted at my place', plate: 'Car plate number', fullName: 'Name', recipient: 'Recipient', line1: 'Address', postcode: 'Postcode', city: 'City', state: 'State',
    landmark: 'Landmark (helps the technician find your car)', date: 'Date', window: 'Time window', visitFee: /^Visit fee \(incl\. 8% service tax\)RM ?32\.40$/, place: 'Place order', bank: 'Your bank', pay: /^Pay RM/, sandboxPay: 'Pay', paid: 'Payment received',
    between: (s, e) => `between ${s} and ${e}`, notCovered: 'Our vans do not come to 88000 yet.', install: 'Installation at a workshop', console: en.console, product: en.product,
  },
  {
    name: 'Malay', prefix: '/pc/ms/', mobile: 'Dipasang di tempat saya', plate: 'Nombor plat kereta', fullName: 'Nama', recipient: 'Penerima', line1: 'Alamat', postcode: 'Poskod', city: 'Bandar', state: 'Negeri',
    landmark: 'Mercu tanda (membantu juruteknik mencari kereta anda)', date: 'Tarikh', window: 'Slot masa', visitFee: /^Caj lawatan \(termasuk cukai perkhidmatan 8%\)RM ?32\.40$/, place: 'Buat pesanan', bank: 'Bank anda', pay: /^Bayar RM/, sandboxPay: 'Bayar', paid: 'Bayaran diterima',
    between: (s, e) => `antara ${s} dan ${e}`, notCovered: 'Van kami belum datang ke 88000.', install: 'Pemasangan di bengkel', console: ms.console, product: ms.product,
  },
  {
    name: 'Chinese', prefix: '/pc/zh-cn/', mobile: '上门安装', plate: '车牌号码', fullName: '姓名', recipient: '收件人', line1: '地址', postcode: '邮编', city: '城市', state: '州属',
    landmark: '地标（方便技师找到您的车）', date: '日期', window: '时段', visitFee: /^上门费（含 8% 服务税）RM ?32\.40$/, place: '提交订单', bank: '您的银行', pay: /^支付 RM/, sandboxPay: '付款', paid: '已收到付款',
    between: (s, e) => `${s} 至 ${e} 之间`, notCovered: '我们的服务车暂不前往 88000。', install: '到车厂安装', console: zhCn.console, product: zhCn.product,
  },
];

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A Myvi owner, logged in, at checkout with wiper blades, fitting at their place chosen. */
async function atCheckout(page: Page, w: Words): Promise<Locator> {
  await myviInPetalingJaya(page);
  await logIn(page);
  // "Order now": the checkout of the one line.
  await page.goto(`${w.prefix}confirm?id=${WIPERS}`);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: w.mobile }).check();
  return main;
}

async function address(main: Locator, w: Words, postcode: string, state: string) {
  await main.getByLabel(w.fullName, { exact: true }).fill('Nur Aisyah');
  await main.getByLabel(w.recipient).fill('Nur Aisyah');
  await main.getByLabel(w.line1, { exact: true }).fill('12 Jalan SS2/24');
  await main.getByLabel(w.city).fill('Petaling Jaya');
  await main.getByLabel(w.state).selectOption(state);
  await main.getByLabel(w.postcode).fill(postcode);
}

for (const w of words) {
  test(`${w.name}: from the product page a Myvi owner has wiper blades fitted at home in Petaling Jaya, pays, the confirmation names the window, and the technician completes the job`, async ({ page, browser }) => {
    // The product page: the postcode says a van comes there, then Order leads to the checkout.
    await myviInPetalingJaya(page);
    await logIn(page);
    await page.goto(`${w.prefix}products/auto-wiper-blade/${WIPERS}`);
    const product = page.getByRole('main');
    await product.getByLabel(w.product.mobilePostcode).fill('47300');
    await expect(product.getByText(w.product.mobileCovered.replace('{postcode}', '47300').replace('{fee}', 'RM 32.40'))).toBeVisible();
    await product.getByRole('link', { name: w.product.order }).first().click();
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: w.mobile }).check();
    await main.getByLabel(w.plate).fill('wxy 1234');
    await address(main, w, '47300', 'Selangor');
    await main.getByLabel(w.landmark).fill('Guardhouse B');
    // The van's dates, then its two-hour windows.
    const date = main.getByLabel(w.date, { exact: true });
    const first = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
    await date.selectOption(first!);
    const chosen = await chooseFreeTime(main.getByRole('group', { name: w.window }));
    const [start, end] = chosen.split('–') as [string, string];
    expect(start).toMatch(/^\d\d:\d\d$/);
    await expect(main.getByRole('button', { name: chosen })).toHaveAttribute('aria-pressed', 'true');
    // The bill: the visit fee with its service tax (RM 30 + 8 %).
    await expect(main.getByText(w.visitFee)).toBeVisible();

    await main.getByRole('button', { name: w.place }).click();
    await expect(page).toHaveURL(/\/pages\?orderNo=/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    // Paying for: the address the van comes to and its window.
    await expect(page.getByText(w.between(start, end))).toBeVisible();
    await expect(page.getByText(/12 Jalan SS2\/24, 47300 Petaling Jaya/)).toBeVisible();
    await page.getByLabel(w.bank).selectOption({ label: 'Maybank2u' });
    await page.getByRole('button', { name: w.pay }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    await page.getByRole('button', { name: w.sandboxPay, exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(w.paid) })).toBeVisible();
    await expect(page.getByText(orderNo).first()).toBeVisible();
    await expect(page.getByText(w.between(start, end))).toBeVisible();
    await expect(page.getByText('12 Jalan SS2/24', { exact: true })).toBeVisible();

    // The technician's side, in the same language on a phone: the van's day, the job started ahead of its day and completed.
    const staff = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await openAsStaff(staff, ADMIN_PHONE, `${w.prefix}console/van?van=van-petaling-jaya&date=${first}`);
    const c = w.console;
    const named = (text: string) => text.replace('{orderNo}', orderNo);
    const card = staff.getByRole('article', { name: new RegExp(orderNo) });
    await expect(card).toContainText('Guardhouse B');
    await expect(card).toContainText(`${start}–${end}`);
    await card.getByRole('button', { name: c.start }).click();
    await staff.getByRole('alertdialog', { name: named(c.startEarlyTitle) }).getByRole('button', { name: c.startAnyway }).click();
    await card.getByRole('button', { name: c.complete }).click();
    const complete = staff.getByRole('dialog', { name: named(c.completeTitle) });
    await complete.getByLabel(c.odometerKm).fill('45000');
    await complete.getByRole('button', { name: c.completeNow }).click();
    await expect(complete).toBeHidden();
    await expect(card.getByRole('button')).toHaveCount(0);
    await staff.context().close();
  });
}

test('a postcode in Sabah: no van comes there, and the nearest workshops are offered for installation instead', async ({ page }) => {
  const w = words[0]!;
  const main = await atCheckout(page, w);
  await main.getByLabel(w.postcode).fill('88000');
  await expect(main.getByText(w.notCovered)).toBeVisible();
  await expect(main.getByRole('group', { name: w.window })).toHaveCount(0);
  const choices = main.getByRole('button', { name: /^Installation here: / });
  await expect(choices.first()).toBeVisible();
  await choices.first().click();
  await expect(main.getByRole('radio', { name: w.install })).toBeChecked();
});

test('a window taken while the customer fills in the form: the order says so at the window, and the picker shows it full', async ({ page }) => {
  const w = words[0]!;
  const main = await atCheckout(page, w);
  await main.getByLabel(w.plate).fill('wxy 1234');
  await address(main, w, '47300', 'Selangor');
  // The last date the van offers, away from the first dates the journeys above book.
  const date = main.getByLabel(w.date, { exact: true });
  const last = await date.locator('option:not([disabled]):not([value=""])').last().getAttribute('value');
  await date.selectOption(last!);
  const windows = main.getByRole('group', { name: w.window });
  const chosen = windows.locator('button:enabled').last();
  const label = (await chosen.textContent())!;
  const start = label.slice(0, 5);
  await chosen.click();

  // Other orders take what is left of that window.
  const items = [{ productId: WIPERS, quantity: 1 }];
  type Windows = { windows: { date: string; start: string; free: boolean }[] };
  const free = async () => (await api<Windows>(page, '/store/mobile/windows', { postcode: '47300', items, variantId: MYVI })).windows.find((x) => x.date === last && x.start === start)!.free;
  for (let n = 0; (await free()) && n < 10; n++) {
    await api(page, '/app/order/vehicle/order/app/add', {
      idempotencyKey: `e2e-van-${Date.now()}-${n}`,
      items,
      variantId: MYVI,
      carPlate: 'WXY 1234',
      method: 'mobile',
      address: { recipient: 'Tan Mei Ling', phone: '0123456789', line1: '3 Jalan SS2/1', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
      window: { date: last, start },
      contact: { name: 'Tan Mei Ling', phone: '0123456789' },
    });
  }
  expect(await free()).toBe(false);

  await main.getByRole('button', { name: w.place }).click();
  await expect(main.getByText('That time window has just been taken: choose another.')).toBeVisible();
  await expect(page).toHaveURL(/\/confirm\?/);
  await expect(windows.getByRole('button', { name: new RegExp(`^${label}`) })).toBeDisabled();
});

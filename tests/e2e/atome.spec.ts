import { expect, test } from '@playwright/test';
import { placeAt, SEGAMBUT } from './console-helpers.ts';
import { api, myviInPetalingJaya } from './my-orders-helpers.ts';
import { chooseFreeTime, logIn } from './support.ts';

/**
 * Pay later with Atome through Curlec (docs/contracts/running-the-business.md §4), on the Curlec
 * server of playwright.config.ts, on a phone: the tyre page and the checkout say the three
 * payments where the price qualifies, the payment page offers Atome, and Curlec's page (the
 * double's) approves or declines it.
 */
const base = process.env.SERVAUTO_CURLEC_BASE_URL!;
test.use({ baseURL: base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Bridgestone Turanza T005A: the Myvi 1.5 AV's 195/45R16 among its sizes. */
const TYRE = 'products/auto-tires-service/tyre-bridgestone-turanza-t005a';
const CHEAP_WIPER = 'products/auto-wiper-blade/wiper-bosch-advantage';
const DEAR_WIPER = 'products/auto-wiper-blade/wiper-bosch-aerotwin';
const METHODS_PATH = '/api/app/order/vehicle/order/app/pay/methods';
const PRODUCT_FIND_PATH = '/api/app/order/vehicle/product/app/find';

interface Words {
  language: string;
  prefix: string;
  quantity: string;
  priceBlock: string;
  addToCart: string;
  cart: (count: number) => string;
  plate: string;
  name: string;
  date: string;
  time: string;
  place: string;
  totals: string;
  /** The line under a price, for its first payment; and any such line. */
  line: (amount: string) => string;
  anyLine: RegExp;
  atome: string;
  /** The payment page's words for the three payments, given their amounts. */
  split: (a: string, b: string, c: string) => string;
  pay: RegExp;
  paid: RegExp;
  paidBy: string;
}

const en: Words = {
  language: 'English',
  prefix: '/pc/',
  quantity: 'Quantity',
  priceBlock: 'Price and order',
  addToCart: 'Add to cart',
  cart: (n) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`,
  plate: 'Car plate number',
  name: 'Name',
  date: 'Date',
  time: 'Time',
  place: 'Place order',
  totals: 'Summary',
  line: (amount) => `or 3 payments of ${amount} with Atome`,
  anyLine: /^or 3 payments of RM [\d,]+\.\d\d with Atome$/,
  atome: 'Atome, pay later in 3 payments',
  split: (a, b, c) => `3 payments of ${a}, ${b} and ${c}, the first today`,
  pay: /^Pay RM/,
  paid: /Payment received/,
  paidBy: 'Paid by',
};
const zh: Words = {
  language: 'Chinese',
  prefix: '/pc/zh-cn/',
  quantity: '数量',
  priceBlock: '价格及下单',
  addToCart: '加入购物车',
  cart: (n) => `购物车，共 ${n} 件`,
  plate: '车牌号码',
  name: '姓名',
  date: '日期',
  time: '时间',
  place: '提交订单',
  totals: '费用明细',
  line: (amount) => `或使用 Atome 分 3 期付款，每期 ${amount}`,
  anyLine: /^或使用 Atome 分 3 期付款，每期 RM [\d,]+\.\d\d$/,
  atome: 'Atome 先买后付（分 3 期）',
  split: (a, b, c) => `分 3 期付款：${a}、${b} 和 ${c}，首期今天支付`,
  pay: /^支付 RM/,
  paid: /已收到付款/,
  paidBy: '付款方式',
};
const ms: Words = {
  language: 'Malay',
  prefix: '/pc/ms/',
  quantity: 'Kuantiti',
  priceBlock: 'Harga dan pesanan',
  addToCart: 'Tambah ke troli',
  cart: (n) => `Troli, ${n} item`,
  plate: 'Nombor plat kereta',
  name: 'Nama',
  date: 'Tarikh',
  time: 'Masa',
  place: 'Buat pesanan',
  totals: 'Ringkasan',
  line: (amount) => `atau 3 bayaran sebanyak ${amount} dengan Atome`,
  anyLine: /^atau 3 bayaran sebanyak RM [\d,]+\.\d\d dengan Atome$/,
  atome: 'Atome, beli sekarang bayar kemudian (3 bayaran)',
  split: (a, b, c) => `3 bayaran: ${a}, ${b} dan ${c}, yang pertama hari ini`,
  pay: /^Bayar RM/,
  paid: /Bayaran diterima/,
  paidBy: 'Dibayar melalui',
};

/** RM 1,234.50 → 123450 sen, and back. */
const sen = (text: string) => {
  const m = text.match(/RM\s*([\d,]+)\.(\d\d)/);
  if (!m) throw new Error(`no price in "${text}"`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]);
};
const rm = (s: number) => `RM ${(s / 100).toLocaleString('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Atome's payments of a total, as contract/rules/pay-later.ts makes them: the last takes the remainder. */
const thirds = (total: number) => [Math.floor(total / 3), Math.floor(total / 3), total - 2 * Math.floor(total / 3)];

type Found = { totals: { totalSen: number }; payments: { method: string; state: string }[] };

for (const w of [en, zh, ms]) {
  test(`in ${w.language}: four tyres show Atome's three payments on their page and at checkout, and Atome pays them`, async ({ page }) => {
    await myviInPetalingJaya(page);
    await logIn(page);
    await page.goto(w.prefix + TYRE);
    const block = page.getByRole('main').getByRole('region', { name: w.priceBlock });
    // Four tyres, priced by the server for the Myvi: the line says a third of their price.
    const priced = page.waitForResponse((r) => r.url().endsWith(PRODUCT_FIND_PATH) && (r.request().postDataJSON() as { quantity?: number }).quantity === 4);
    await page.getByLabel(w.quantity).selectOption('4');
    const { data } = (await (await priced).json()) as { data: { lineTotal: { totalSen: number } } };
    await expect(block.getByText(w.anyLine)).toHaveText(w.line(rm(thirds(data.lineTotal.totalSen)[0]!)));
    await expect(block.getByText(rm(data.lineTotal.totalSen), { exact: true })).toBeVisible();

    await block.getByRole('button', { name: w.addToCart }).click();
    await page.getByRole('link', { name: w.cart(4), exact: true }).click();
    await expect(page).toHaveURL(/\/confirm$/);
    const main = page.getByRole('main');
    await main.getByLabel(w.plate).fill('wxy 4321');
    await main.getByLabel(w.name, { exact: true }).fill('Nur Aisyah');
    await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
    const date = main.getByLabel(w.date, { exact: true });
    await date.selectOption((await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value'))!);
    await chooseFreeTime(main.getByRole('group', { name: w.time }));
    // Under the order's total, as the server prices it.
    const summary = main.getByRole('region', { name: w.totals });
    await expect(summary.getByText(w.anyLine)).toBeVisible();
    const atCheckout = await summary.getByText(w.anyLine).innerText();

    await main.getByRole('button', { name: w.place }).click();
    await expect(page).toHaveURL(/\/pages\?orderNo=/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    const { totals } = await api<Found>(page, '/app/order/vehicle/order/app/find', { orderNo });
    expect(atCheckout).toBe(w.line(rm(thirds(totals.totalSen)[0]!)));

    // Atome among the methods; chosen, the three payments, the first today.
    await page.getByRole('radio', { name: w.atome }).check();
    const [a, b, c] = thirds(totals.totalSen).map(rm);
    await expect(page.getByText(w.split(a!, b!, c!), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: w.pay }).click();

    // Curlec's page (the double's) opens on Atome; the customer approves.
    await expect(page).toHaveURL(new RegExp(`^${base}/curlec-double/i/plink_`));
    await expect(page.getByRole('radio', { name: 'Atome (pay later)' })).toBeChecked();
    await page.getByRole('button', { name: 'Approve', exact: true }).click();

    // Back at the shop: paid, by Atome.
    await expect(page).toHaveURL(new RegExp(`${w.prefix}pages\\?orderNo=${orderNo}$`));
    await expect(page.getByRole('heading', { name: w.paid }).first()).toBeVisible();
    const row = page.getByRole('term').filter({ hasText: w.paidBy }).locator('..');
    await expect(row.getByRole('definition')).toHaveText(w.atome);
    const found = await api<Found>(page, '/app/order/vehicle/order/app/find', { orderNo });
    expect(found.payments.filter((p) => p.state === 'succeeded').map((p) => p.method)).toEqual(['atome']);
  });
}

test('Atome declined on Curlec’s page: the customer pays there by Touch ’n Go, and the order is paid by it', async ({ page }) => {
  await logIn(page);
  await page.goto('/pc/home');
  const { orderNo } = await placeAt(page, SEGAMBUT, 'pickup', 'WTN 4601');
  await page.goto(`/pc/pages?orderNo=${orderNo}`);
  await page.getByRole('radio', { name: en.atome }).check();
  await page.getByRole('button', { name: en.pay }).click();

  await expect(page).toHaveURL(new RegExp(`^${base}/curlec-double/i/plink_`));
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(page.getByText('Atome declined the payment. Choose another method and try again.')).toBeVisible();
  await page.getByRole('radio', { name: 'Touch ’n Go eWallet' }).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/pc/pages\\?orderNo=${orderNo}$`));
  await expect(page.getByRole('heading', { name: en.paid }).first()).toBeVisible();
  const row = page.getByRole('term').filter({ hasText: en.paidBy }).locator('..');
  await expect(row.getByRole('definition')).toHaveText("Touch 'n Go eWallet");
  const found = await api<Found>(page, '/app/order/vehicle/order/app/find', { orderNo });
  expect(found.payments.filter((p) => p.state === 'succeeded').map((p) => p.method)).toEqual(['tng']);
});

test('a price below Atome’s minimum shows no line; the tab asks whether Atome is offered once', async ({ page }) => {
  // No product of the catalogue costs less than Curlec's RM 10.00, so this shop's answer is given
  // a minimum of RM 50.00: the RM 39.00 wiper is below it, the RM 89.00 one above.
  let asked = 0;
  await page.route(`**${METHODS_PATH}`, async (route) => {
    asked += 1;
    const response = await route.fetch();
    const answer = (await response.json()) as { data: { atomeMinSen: number | null } };
    await route.fulfill({ response, json: { ...answer, data: { ...answer.data, atomeMinSen: 5000 } } });
  });
  await myviInPetalingJaya(page);
  const block = page.getByRole('main').getByRole('region', { name: en.priceBlock });
  await page.goto(`/pc/${DEAR_WIPER}`);
  await expect(block.getByText(en.anyLine)).toBeVisible();
  expect(sen(await block.getByText(/RM/).first().innerText())).toBeGreaterThanOrEqual(5000);

  await page.goto(`/pc/${CHEAP_WIPER}`);
  // Priced for the Myvi by the server, long after the tab's kept answer was read.
  await expect(page.getByText(/Fits your Perodua Myvi/)).toBeVisible();
  expect(sen(await block.getByText(/RM/).first().innerText())).toBeLessThan(5000);
  await expect(page.getByText(/Atome/)).toHaveCount(0);
  // Asked on the first page and kept for the tab: the second page did not ask.
  expect(asked).toBe(1);
});

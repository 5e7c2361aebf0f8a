import { expect, test, type Locator, type Page } from '@playwright/test';
import { myviInPetalingJaya } from './my-orders-helpers.ts';
import { chinese, chooseFreeTime, english, fillLoginDialog, logIn, type LoginTexts, logInThroughMenu, malay, shownPhone } from './support.ts';

const WIPERS = 'products/auto-wiper-blade/wiper-bosch-aerotwin';
const SERVICE = 'products/auto-maintenance/service-basic';


interface Words {
  prefix: string;
  login: LoginTexts;
  addToCart: string;
  /** The top bar's cart link, named with its number of items. */
  cart: (count: number) => string;
  plate: string;
  name: string;
  date: string;
  time: string;
  place: string;
  bank: string;
  pay: RegExp;
  sandboxPay: string;
  paid: string;
  /** The checkout's box, in the words the shop stores with the consent. */
  whatsapp: string;
  timeline: string;
  /** The heading of a notice on WhatsApp to the shown phone. */
  whatsappTo: (phone: string) => string;
}
const en: Words = { prefix: '/pc/', login: english, addToCart: 'Add to cart', cart: (n) => `Cart, ${n} ${n === 1 ? 'item' : 'items'}`, plate: 'Car plate number', name: 'Name', date: 'Date', time: 'Time', place: 'Place order', bank: 'Your bank', pay: /^Pay RM/, sandboxPay: 'Pay', paid: 'Payment received', whatsapp: 'Send my order updates on WhatsApp', timeline: 'Timeline', whatsappTo: (p) => `WhatsApp to ${p}` };
const ms: Words = { prefix: '/pc/ms/', login: malay, addToCart: 'Tambah ke troli', cart: (n) => `Troli, ${n} item`, plate: 'Nombor plat kereta', name: 'Nama', date: 'Tarikh', time: 'Masa', place: 'Buat pesanan', bank: 'Bank anda', pay: /^Bayar RM/, sandboxPay: 'Bayar', paid: 'Bayaran diterima', whatsapp: 'Hantar kemas kini pesanan saya melalui WhatsApp', timeline: 'Garis masa', whatsappTo: (p) => `WhatsApp kepada ${p}` };
const zh: Words = { prefix: '/pc/zh-cn/', login: chinese, addToCart: '加入购物车', cart: (n) => `购物车，共 ${n} 件`, plate: '车牌号码', name: '姓名', date: '日期', time: '时间', place: '提交订单', bank: '您的银行', pay: /^支付 RM/, sandboxPay: '付款', paid: '已收到付款', whatsapp: '通过 WhatsApp 发送我的订单动态', timeline: '订单进度', whatsappTo: (p) => `发送至 ${p} 的 WhatsApp 消息` };

/** Adds each product from its page to an empty cart, seeing the cart count it, then opens the cart. */
async function addToCart(page: Page, w: Words, products: string[]) {
  for (const [index, product] of products.entries()) {
    await page.goto(w.prefix + product);
    await page.getByRole('button', { name: w.addToCart }).click();
    await expect(page.getByRole('link', { name: w.cart(index + 1), exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: w.cart(products.length), exact: true }).click();
  await expect(page).toHaveURL(/\/confirm$/);
}

/** Plate, the SS2 workshop in Petaling Jaya, its first free date (two days ahead at the earliest) and time. */
async function bookSs2(main: Locator, w: Words, plate = 'wxy 1234') {
  await main.getByLabel(w.plate).fill(plate);
  await main.getByLabel(w.name, { exact: true }).fill('Nur Aisyah');
  await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
  const date = main.getByLabel(w.date, { exact: true });
  const first = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await date.selectOption(first!);
  await chooseFreeTime(main.getByRole('group', { name: w.time }));
}

/** Ticks "Send my order updates on WhatsApp", off until the customer chooses it. */
async function chooseWhatsapp(main: Locator, w: Words) {
  const box = main.getByRole('checkbox', { name: w.whatsapp });
  await expect(box).not.toBeChecked();
  await box.check();
}

/** The order's page names WhatsApp as the channel of the booking's confirmation, sent to the customer's phone. */
async function confirmedOnWhatsapp(page: Page, w: Words, orderNo: string, phone: string) {
  await page.goto(`${w.prefix}myorder-status/detail?orderNo=${orderNo}`);
  const timeline = page.getByRole('main').getByRole('region', { name: w.timeline });
  await expect(timeline.getByText(w.whatsappTo(shownPhone(phone)), { exact: true })).toBeVisible();
  // Its channel line: WhatsApp, then how far it got once the provider took it.
  await expect(timeline.getByText(/^WhatsApp( · .+)?$/)).toBeVisible();
}

async function placeAndStartPaying(page: Page, w: Words): Promise<string> {
  await page.getByRole('main').getByRole('button', { name: w.place }).click();
  await expect(page).toHaveURL(/\/pages\?orderNo=/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await page.getByLabel(w.bank).selectOption({ label: 'Maybank2u' });
  await page.getByRole('button', { name: w.pay }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  return orderNo;
}

test('a Myvi owner puts wiper blades and a basic service in the cart, books a Petaling Jaya workshop, takes updates on WhatsApp, pays and sees the booking', async ({ page }) => {
  await myviInPetalingJaya(page);
  await page.goto('/pc/home');
  // Logged in through the dialog, as in the other languages' journeys: the rest of the tests skip it.
  const phone = await logInThroughMenu(page);
  await addToCart(page, en, [WIPERS, SERVICE]);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Bosch AeroTwin wiper blades')).toBeVisible();
  await expect(main.getByText('Basic service', { exact: true })).toBeVisible();
  await expect(main.getByLabel('Installation at a workshop')).toBeChecked();
  // The service cannot be posted: mailing is not offered, and says why.
  await expect(main.getByLabel('Delivery by post')).toBeDisabled();
  await expect(main.getByText('Basic service cannot be sent by post.')).toBeVisible();
  await expect(main.getByText('Service tax (8% on labour)')).toBeVisible();
  await bookSs2(main, en);
  await chooseWhatsapp(main, en);
  await expect(main.getByRole('checkbox', { name: en.whatsapp })).toHaveAccessibleDescription('Updates come by SMS otherwise. Your login code always comes by SMS.');

  const orderNo = await placeAndStartPaying(page, en);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Payment received/ })).toBeVisible();
  await expect(page.getByText(`Thank you! Your order ${orderNo} is confirmed.`)).toBeVisible();
  await expect(page.getByText('SS2 Tyre & Auto Service').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Directions in Waze' })).toHaveAttribute('href', /waze\.com/);
  await expect(page.getByRole('link', { name: 'WhatsApp the workshop' })).toHaveAttribute('href', new RegExp(`^https://wa\\.me/60\\d+\\?text=.*${orderNo}`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const ics = await (await download).createReadStream().then(async (s) => {
    let text = '';
    for await (const chunk of s) text += chunk;
    return text;
  });
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(/LOCATION:SS2 Tyre & Auto Service\\,/);
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  // The receipt names the choices: the blades per position and the service's engine oil.
  const receipt = page.getByRole('region', { name: /^Receipt/ });
  await expect(receipt.getByText('Blade lengths: Driver (long) 24″, Passenger (short) 14″')).toBeVisible();
  await expect(receipt.getByText('Engine oil: Perodua Genuine 0W-20 fully synthetic engine oil')).toBeVisible();
  // The cart was emptied by the order.
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await confirmedOnWhatsapp(page, en, orderNo, phone);
  // The choice made at checkout is the account's: My garage shows it on.
  await page.goto('/pc/garage');
  const updates = page.getByRole('region', { name: 'Order updates' });
  await expect(updates.getByRole('switch', { name: en.whatsapp })).toBeChecked();
  await expect(updates.getByText(/^On since .+\.$/)).toBeVisible();
});

for (const [name, w] of [
  ['Malay', ms],
  ['Chinese', zh],
] as const) {
  test(`the same journey in ${name}: one line, booked and paid, its updates on WhatsApp`, async ({ page }) => {
    await myviInPetalingJaya(page);
    await page.goto(`${w.prefix}home`);
    const phone = await logInThroughMenu(page, w.login);
    await addToCart(page, w, [SERVICE]);
    await bookSs2(page.getByRole('main'), w);
    await chooseWhatsapp(page.getByRole('main'), w);
    const orderNo = await placeAndStartPaying(page, w);
    await page.getByRole('button', { name: w.sandboxPay, exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(w.paid) })).toBeVisible();
    await expect(page.getByText(orderNo).first()).toBeVisible();
    await confirmedOnWhatsapp(page, w, orderNo, phone);
  });
}

test('a payment that fails on the provider’s page leaves the order payable from pages-order', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  await addToCart(page, en, [SERVICE]);
  await bookSs2(page.getByRole('main'), en);
  const orderNo = await placeAndStartPaying(page, en);
  await page.getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(page).toHaveURL(/\/pc\/pages\?orderNo=/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment failed. You can pay again below.' })).toBeVisible();
  // Opened later from the order, the page still knows the last attempt failed.
  await page.goto(`/pc/pages-order?orderNo=${orderNo}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment failed. You can pay again below.' })).toBeVisible();
  await expect(page.getByText(/Time left to pay: \d+:\d\d/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay RM/ })).toBeEnabled();
});

test('Add to cart tapped before the page woke up, then the cart at once: the line reaches checkout', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  // A slow phone on a cold server: the code of the product's choices arrives late (held back
  // until both taps are made), so the tap is held for it, and the customer goes to the cart at once.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/ProductChooser.*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/pc/${SERVICE}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: /^Cart, \d items?$/ }).click();
  release();
  await expect(page).toHaveURL(/\/confirm$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Basic service', { exact: true })).toBeVisible();
  await expect(main.getByLabel('Car plate number')).toBeVisible();
});

test('Order now while logged out: the checkout asks for a login at once, then shows the line to book', async ({ page }) => {
  await page.goto(`/pc/confirm?id=service-basic&quantity=1`);
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog.getByText('Please log in to access this page.')).toBeVisible();
  await fillLoginDialog(page, dialog);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/pc\/confirm\?id=service-basic&quantity=1$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Basic service', { exact: true })).toBeVisible();
  await expect(main.getByLabel('Car plate number')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Place order' })).toBeEnabled();
});

test('a checkout whose form cannot be fetched says so and offers a reload', async ({ page }) => {
  await page.goto('/pc/home');
  await logIn(page);
  await page.route('**/_astro/CheckoutPage.*.js', (route) => route.abort());
  await page.goto(`/pc/confirm?id=service-basic&quantity=1`);
  const problem = page.getByRole('main').getByRole('alert');
  await expect(problem).toContainText('This could not be loaded. Check your connection and reload the page.');
  await page.unroute('**/_astro/CheckoutPage.*.js');
  await problem.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('main').getByText('Basic service', { exact: true })).toBeVisible();
});

test('a double click on Place order makes one order', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  await addToCart(page, en, [WIPERS]);
  await bookSs2(page.getByRole('main'), en);
  const placed: string[] = [];
  await page.route('**/order/app/add', async (route) => {
    const answer = await route.fetch();
    placed.push(((await answer.json()) as { data?: { orderNo?: string } }).data?.orderNo ?? '');
    await route.fulfill({ response: answer });
  });
  await page.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page).toHaveURL(/\/pc\/pages\?orderNo=/);
  expect(placed).toHaveLength(1);
  expect(new URL(page.url()).searchParams.get('orderNo')).toBe(placed[0]);
});

test('a bad plate and a bad postcode show their messages at the field', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  await addToCart(page, en, [WIPERS]);
  const main = page.getByRole('main');
  await bookSs2(main, en, '12-AB-34');
  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(main.getByLabel('Car plate number')).toHaveAccessibleDescription(/Please enter a Malaysian car plate number, e\.g\. WXY 1234\./);

  await main.getByLabel('Car plate number').fill('WXY 1234');
  await main.getByLabel('Delivery by post').check();
  await main.getByLabel('Recipient').fill('Nur Aisyah');
  await main.getByLabel('Address', { exact: true }).fill('12 Jalan SS 2/24');
  await main.getByLabel('Postcode').fill('88000');
  await main.getByLabel('City').fill('Petaling Jaya');
  await expect(main.getByRole('definition').filter({ hasText: 'choose the state to see it' })).toBeVisible();
  await main.getByLabel('State').selectOption('Selangor');
  // The fee to West Malaysia, counted in the total before the order exists: RM 89.00 + RM 8.00.
  await expect(main.getByText('Delivery', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('RM 8.00');
  await expect(main.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('RM 97.00');
  await expect(main.getByLabel('Postcode')).toHaveAccessibleDescription('88000 is in Sabah, not Selangor.');
  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(main.getByLabel('Postcode')).toHaveAccessibleDescription('88000 is in Sabah, not Selangor.');
  await expect(page).toHaveURL(/\/pc\/confirm$/);
});

test('mats cut to the floor, opened at checkout before the variant was chosen, wait for it without ruling out a method', async ({ page }) => {
  const myviAnyVariant = { brand: 'Perodua', model: 'Myvi', year: '', variant: '', brandId: 'perodua', modelId: 'perodua-myvi', yearId: '', variantId: '', noYear: true, noBt: true, bodyType: 'Hatchback' };
  await page.addInitScript((car) => {
    if (!localStorage.getItem('carInfo')) localStorage.setItem('carInfo', car);
  }, JSON.stringify(myviAnyVariant));
  await logIn(page);
  await page.goto('/pc/confirm?id=mat-3d-maxpider-kagu&quantity=1');
  const main = page.getByRole('main');
  const waiting = 'Choose your car’s variant first: 3D MAXpider KAGU rubber floor mats is made for your exact car.';
  await expect(main.getByText(waiting)).toHaveCount(1);
  await expect(main.getByRole('radio', { name: /Self pickup at a workshop/ })).toBeEnabled();
  await expect(main.getByRole('radio', { name: /Delivery by post/ })).toBeEnabled();

  // The variant chosen, the mats are priced and the message goes.
  await page.evaluate(() => {
    const car = JSON.parse(localStorage.getItem('carInfo')!);
    localStorage.setItem('carInfo', JSON.stringify({ ...car, year: '2022', yearId: 'perodua-myvi:2022', variant: '1.5 AV', variantId: 'perodua-myvi-1.5-av-2022', noYear: false, noBt: false }));
  });
  await page.reload();
  await expect(main).not.toContainText(waiting);
  await expect(main.getByRole('region', { name: 'Summary' })).toContainText('RM 549.00');
});

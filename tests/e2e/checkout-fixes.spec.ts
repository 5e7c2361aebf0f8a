import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, MYVI, myviInPetalingJaya } from './my-orders-helpers.ts';
import { chooseFreeTime, logIn } from './support.ts';

const WIPERS = 'products/auto-wiper-blade/wiper-bosch-aerotwin';

/** Logged in with the Myvi, the wiper blades in the cart, at checkout. */
async function wipersAtCheckout(page: Page) {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto(`/pc/${WIPERS}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 item', exact: true }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  return page.getByRole('main');
}

/** The SS2 workshop in Petaling Jaya, its first free date and time. */
async function bookSs2(main: Locator) {
  await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
  const date = main.getByLabel('Date', { exact: true });
  const first = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await date.selectOption(first!);
  await chooseFreeTime(main.getByRole('group', { name: 'Time' }));
}

const totalOf = (main: Locator) => main.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd');

test('a refused coupon never traps the order: emptied, it is no longer sent; an applied one has its Remove', async ({ page }) => {
  const main = await wipersAtCheckout(page);
  await main.getByLabel('Car plate number').fill('WXY 1234');
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await bookSs2(main);
  const coupon = main.getByLabel('Coupon code');
  await expect(totalOf(main)).toHaveText('RM 89.00');

  // Applied, then removed: the discount goes with it.
  await coupon.fill('SERVAUTO10');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(totalOf(main)).toHaveText('RM 80.10');
  await main.getByRole('button', { name: /^Remove coupon/ }).click();
  await expect(totalOf(main)).toHaveText('RM 89.00');
  await expect(coupon).toHaveValue('');

  // Refused, then the field emptied: the red message goes, and the order goes through without it.
  await coupon.fill('MERDEKA69');
  await coupon.press('Enter');
  await expect(coupon).toHaveAccessibleDescription(/This coupon expired on/);
  // Refused, it is not applied: no Remove.
  await expect(main.getByRole('button', { name: /^Remove coupon/ })).toHaveCount(0);
  await coupon.fill('');
  await expect(main.getByText(/This coupon expired on/)).toHaveCount(0);
  const sent = page.waitForRequest('**/order/app/add');
  await main.getByRole('button', { name: 'Place order' }).click();
  expect((await sent).postDataJSON()).not.toHaveProperty('couponCode');
  await expect(page).toHaveURL(/\/pc\/pages\?orderNo=/);
});

test('the checkout survives a language switch and Back, the same car is not "chosen for another car", and the placed order clears it', async ({ page }) => {
  const main = await wipersAtCheckout(page);
  await main.getByLabel('Car plate number').fill('WXY 1234');
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await main.getByLabel('Notes (optional)').fill('Please call when done');
  await bookSs2(main);
  const time = await main.getByRole('group', { name: 'Time' }).getByRole('button', { pressed: true }).textContent();
  await main.getByLabel('Coupon code').fill('SERVAUTO10');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(totalOf(main)).toHaveText('RM 80.10');

  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/pc\/zh-cn\/confirm/);
  const zh = page.getByRole('main');
  await expect(zh.getByLabel('车牌号码')).toHaveValue('WXY 1234');
  await expect(zh.getByLabel('姓名', { exact: true })).toHaveValue('Nur Aisyah');
  await expect(zh.getByRole('radio', { name: /SS2 Tyre & Auto Service/ })).toBeChecked();
  await expect(zh.getByRole('group', { name: '时间' }).getByRole('button', { pressed: true })).toHaveText(time!);
  await expect(zh.getByLabel('优惠码', { exact: true })).toHaveValue('SERVAUTO10');
  await expect(zh.getByText('合计', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('RM 80.10');
  // The line was chosen for this very car, named in English when it was added.
  await expect(zh.getByText(/^为 .* 选择$/)).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/pc\/confirm$/);
  await expect(main.getByLabel('Car plate number')).toHaveValue('WXY 1234');
  await expect(main.getByLabel('Notes (optional)')).toHaveValue('Please call when done');
  await expect(main.getByRole('group', { name: 'Time' }).getByRole('button', { pressed: true })).toHaveText(time!);
  await expect(main.getByText(/^Chosen for /)).toHaveCount(0);

  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pc\/pages\?orderNo=/);
  // The next checkout starts afresh: the notes and the coupon were for that order.
  await page.goto(`/pc/${WIPERS}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item', exact: true }).click();
  await expect(main.getByLabel('Notes (optional)')).toHaveValue('');
  await expect(main.getByLabel('Coupon code')).toHaveValue('');
});

test('logging out takes the checkout’s draft (name, phone, address) out of the tab', async ({ page }) => {
  const main = await wipersAtCheckout(page);
  await main.getByLabel('Notes (optional)').fill('Gate code 4321');
  const draft = () => page.evaluate(() => sessionStorage.getItem('servauto.checkoutDraft'));
  await expect.poll(draft).toContain('Gate code 4321');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log Out', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Log out?' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/pc\/home$/);
  // Whoever uses the tab next finds nothing of it.
  expect(await draft()).toBeNull();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Place order with the plate left out takes the customer up to the plate field', async ({ page }) => {
    const main = await wipersAtCheckout(page);
    await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
    await bookSs2(main);
    const place = main.getByRole('button', { name: 'Place order' });
    await place.scrollIntoViewIfNeeded();
    await place.click();
    const plate = main.getByLabel('Car plate number');
    await expect(plate).toBeFocused();
    await expect(plate).toBeInViewport();
    await expect(plate).toHaveAccessibleDescription(/Please fill this in\./);
    await page.screenshot({ path: test.info().outputPath('phone-first-bad-field.png') });
  });
});

test('after a checkout the account has the name, and the next checkout starts with the name and the car’s plate', async ({ page }) => {
  const main = await wipersAtCheckout(page);
  // The Myvi in the customer's garage, as logging in with it chosen leaves it.
  await api(page, '/export/user/vehicle/car/info/add', { brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: MYVI });
  await main.getByLabel('Car plate number').fill('vbn 7788');
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await bookSs2(main);
  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pc\/pages\?orderNo=/);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Me', exact: true }).click();
  const me = page.getByRole('dialog', { name: 'Me' });
  await expect(me.getByText('Nur Aisyah')).toBeVisible();
  await expect(me.getByText('Not set')).toHaveCount(0);
  await me.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/pc/${WIPERS}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 item', exact: true }).click();
  await expect(main.getByLabel('Name', { exact: true })).toHaveValue('Nur Aisyah');
  await expect(main.getByLabel('Car plate number')).toHaveValue('VBN 7788');
});

test('a cart line that no longer fits the car shows its name in the page’s language and why, never its id', async ({ page }) => {
  await page.addInitScript(() => {
    if (localStorage.getItem('servauto.cart')) return;
    // Chosen for a Honda City in its tyre size, before the customer switched to the Myvi.
    localStorage.setItem(
      'servauto.cart',
      JSON.stringify([{ productId: 'tyre-michelin-primacy-4-st', quantity: 2, options: { tyreSize: '185/55R15' }, variantId: 'honda-city-1.5-s-2020', modelId: 'honda-city', carName: 'Honda City · Sedan' }]),
    );
  });
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/confirm');
  const main = page.getByRole('main');
  const line = main.getByRole('listitem').filter({ hasText: 'Michelin Primacy 4 ST tyre' });
  await expect(line).toBeVisible();
  await expect(line.getByText('Your car takes 195/45R16, not 185/55R15.')).toBeVisible();
  await expect(line.getByText('Chosen for Honda City · Sedan')).toBeVisible();
  await expect(main.getByText('tyre-michelin-primacy-4-st')).toHaveCount(0);

  await page.goto('/pc/ms/confirm');
  await expect(main.getByRole('listitem').filter({ hasText: 'Tayar Michelin Primacy 4 ST' })).toBeVisible();
  await expect(main.getByText('tyre-michelin-primacy-4-st')).toHaveCount(0);
});

test.describe('the confirmation says what happens next', () => {
  async function payInSandbox(page: Page) {
    await page.getByRole('main').getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/pages\?orderNo=/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    await page.getByLabel('Your bank').selectOption({ label: 'Maybank2u' });
    await page.getByRole('button', { name: /^Pay RM/ }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Payment received/ })).toBeVisible();
    return orderNo;
  }

  test('self pickup: when it will be ready, and a link to the order in My Orders', async ({ page }) => {
    const main = await wipersAtCheckout(page);
    await main.getByLabel('Car plate number').fill('WXY 1234');
    await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
    await main.getByLabel('Self pickup at a workshop').check();
    await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
    const orderNo = await payInSandbox(page);
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next).toContainText(/We are preparing your order at SS2 Tyre & Auto Service\. It is usually ready to collect by \w{3}, \d+ \w{3} 20\d\d/);
    const link = page.getByRole('link', { name: 'See this order in My Orders' });
    await expect(link).toHaveAttribute('href', `/pc/myorder-status/detail?orderNo=${orderNo}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: test.info().outputPath('confirmation-pickup-1280.png'), fullPage: true });
  });

  test('delivery: the parcel’s address; installation: the workshop and the time', async ({ page }) => {
    const main = await wipersAtCheckout(page);
    await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
    await main.getByLabel('Delivery by post').check();
    await main.getByLabel('Recipient').fill('Nur Aisyah');
    await main.getByLabel('Address', { exact: true }).fill('12 Jalan SS 2/24');
    await main.getByLabel('Postcode').fill('47300');
    await main.getByLabel('City').fill('Petaling Jaya');
    await main.getByLabel('State').selectOption('Selangor');
    await payInSandbox(page);
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next).toContainText('We will post your parcel to the address below');
    await expect(next.getByText('12 Jalan SS 2/24')).toBeVisible();
    await expect(next.getByText('47300 Petaling Jaya, Selangor')).toBeVisible();

    await page.goto(`/pc/${WIPERS}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Cart, 1 item', exact: true }).click();
    // The parcel asked no plate; the installation does.
    await main.getByLabel('Car plate number').fill('WXY 1234');
    await bookSs2(main);
    await payInSandbox(page);
    await expect(page.getByRole('region', { name: 'What happens next' })).toContainText(/Bring your car to SS2 Tyre & Auto Service on \w{3}, \d+ \w{3} 20\d\d at \d\d:\d\d/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('confirmation-install-390.png'), fullPage: true });
  });
});

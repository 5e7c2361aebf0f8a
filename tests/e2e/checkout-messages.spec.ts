import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, MYVI, myviInPetalingJaya, payInSandbox, placeOrder } from './my-orders-helpers.ts';
import { chooseFreeTime, logIn } from './support.ts';

/**
 * Messages at the fields of the checkout, the workshop finder and the refund form: each shows
 * while its field is wrong and goes as soon as it is right. And the payment page: what is paid
 * for, and the method chosen kept through a failed payment.
 */

const MATS = 'mat-goodyear-rubber';


/** Logged in with the Myvi, at the checkout of one product ("Order now"). */
async function atCheckout(page: Page, product = 'service-basic', prefix = '/pc/') {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto(`${prefix}confirm?id=${product}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('radio').first()).toBeVisible();
  return main;
}

/** The SS2 workshop in Petaling Jaya, its first free date and time. */
async function bookSs2(main: Locator) {
  await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
  const date = main.getByLabel('Date', { exact: true });
  const first = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await date.selectOption(first!);
  await chooseFreeTime(main.getByRole('group', { name: 'Time' }));
}

test('each message at the checkout goes as soon as its field is right: the plate, the workshop, the time', async ({ page }) => {
  const main = await atCheckout(page);
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await main.getByRole('button', { name: 'Place order' }).click();
  const plate = main.getByLabel('Car plate number');
  const workshop = main.getByRole('group', { name: 'Workshop' });
  await expect(plate).toHaveAccessibleDescription(/Please fill this in\./);
  await expect(workshop.getByText('Please fill this in.')).toBeVisible();
  await expect(main.getByText('Please check the fields marked above.')).toBeVisible();

  // A plate that is still wrong says so; a right one takes the message away at once.
  await plate.fill('12-AB-34');
  await expect(plate).toHaveAccessibleDescription(/Please enter a Malaysian car plate number, e\.g\. WXY 1234\./);
  await plate.fill('WXY 1234');
  await expect(plate).not.toHaveAccessibleDescription(/Please/);
  await expect(plate).not.toHaveAttribute('aria-invalid', 'true');

  // The workshop chosen, its message goes; the time is still to choose, and says so until it is.
  await main.getByRole('radio', { name: /SS2 Tyre & Auto Service/ }).check();
  await expect(workshop.getByText('Please fill this in.')).toHaveCount(0);
  await expect(main.getByText('Please choose a date and a time.')).toBeVisible();
  const date = main.getByLabel('Date', { exact: true });
  await date.selectOption((await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value'))!);
  await chooseFreeTime(main.getByRole('group', { name: 'Time' }));
  await expect(main.getByText('Please choose a date and a time.')).toHaveCount(0);
  // Nothing is marked any more: the summary under Place order goes too.
  await expect(main.getByText('Please check the fields marked above.')).toHaveCount(0);
  await expect(main.locator('.field-error')).toHaveCount(0);
});

test('a postcode of another state is named as soon as postcode and state are both filled, and the message goes when either is right', async ({ page }) => {
  // Car mats: posted, or picked up.
  const main = await atCheckout(page, MATS);
  await main.getByLabel('Delivery by post').check();
  const postcode = main.getByLabel('Postcode');
  await postcode.fill('88300');
  await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
  await main.getByLabel('State').selectOption('Selangor');
  // Before Place order: the form says where the postcode is.
  await expect(postcode).toHaveAccessibleDescription('88300 is in Sabah, not Selangor.');
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  // The state changed to the postcode's: right, the message goes.
  await main.getByLabel('State').selectOption('Sabah');
  await expect(postcode).toHaveAccessibleDescription('');
  await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
  // The postcode changed instead: the same.
  await main.getByLabel('State').selectOption('Selangor');
  await expect(postcode).toHaveAccessibleDescription('88300 is in Sabah, not Selangor.');
  await postcode.fill('47301');
  await expect(postcode).toHaveAccessibleDescription('');

  // The server's refusal names them the same way. A parcel asks no plate.
  await expect(main.getByLabel('Car plate number')).toHaveCount(0);
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await main.getByLabel('Recipient').fill('Nur Aisyah');
  await main.getByLabel('Address', { exact: true }).fill('12 Jalan SS 2/24');
  await main.getByLabel('City').fill('Petaling Jaya');
  const refusal = page.waitForResponse('**/order/app/add');
  await page.route('**/order/app/add', async (route) => {
    // As a form that did not check would send it: 88300 with Selangor.
    const body = route.request().postDataJSON() as { address: Record<string, string> };
    await route.continue({ postData: JSON.stringify({ ...body, address: { ...body.address, postcode: '88300' } }) });
  });
  await main.getByRole('button', { name: 'Place order' }).click();
  expect(((await (await refusal).json()) as { msg: string }).msg).toBe('88300 is in Sabah, not Selangor.');
  await expect(postcode).toHaveAccessibleDescription('88300 is in Sabah, not Selangor.');
  await expect(page).toHaveURL(/\/pc\/confirm\?/);
});

for (const [name, prefix, words] of [
  ['Chinese', '/pc/zh-cn/', { mail: '邮寄', postcode: '邮编', state: '州属', said: '88300 属于沙巴，不属于雪兰莪。' }],
  ['Malay', '/pc/ms/', { mail: 'Penghantaran pos', postcode: 'Poskod', state: 'Negeri', said: '88300 terletak di Sabah, bukan Selangor.' }],
] as const) {
  test(`in ${name}, the postcode of another state is named in ${name}`, async ({ page }) => {
    const main = await atCheckout(page, MATS, prefix);
    await main.getByLabel(words.mail).check();
    await main.getByLabel(words.postcode).fill('88300');
    await main.getByLabel(words.state).selectOption('Selangor');
    await expect(main.getByLabel(words.postcode)).toHaveAccessibleDescription(words.said);
  });
}

test.describe('with the location shared', () => {
  test.use({ geolocation: { latitude: 3.1073, longitude: 101.6067 }, permissions: ['geolocation'] });

  test('the workshop finder’s postcode message goes once the postcode is right, or once "Use my location" is used', async ({ page }) => {
    const main = await atCheckout(page);
    const where = main.getByRole('group', { name: 'Where are you?' });
    const postcode = where.getByLabel('Postcode');
    await postcode.fill('4730');
    await where.getByRole('button', { name: 'Show nearest' }).click();
    await expect(where.getByRole('alert')).toHaveText('A postcode has 5 digits.');
    // Typed right, the message goes before Show nearest is pressed.
    await postcode.fill('47301');
    await expect(where.getByRole('alert')).toHaveCount(0);
    await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');

    await postcode.fill('00000');
    await postcode.press('Enter');
    await expect(where.getByRole('alert')).toHaveText('This is not a Malaysian postcode.');
    await where.getByRole('button', { name: 'Use my location' }).click();
    await expect(where.getByText('Nearest to your location')).toBeVisible();
    await expect(where.getByRole('alert')).toHaveCount(0);
    await expect(postcode).toHaveValue('');
  });
});

test('a refused coupon has no Remove: only an applied one does', async ({ page }) => {
  const main = await atCheckout(page);
  const coupon = main.getByLabel('Coupon code');
  await coupon.fill('MERDEKA69');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(coupon).toHaveAccessibleDescription(/This coupon expired on/);
  await expect(main.getByRole('button', { name: /^Remove coupon/ })).toHaveCount(0);
  await coupon.fill('NOSUCHCODE');
  await coupon.press('Enter');
  await expect(coupon).toHaveAccessibleDescription(/./);
  await expect(main.getByRole('button', { name: /^Remove coupon/ })).toHaveCount(0);
  await coupon.fill('SERVAUTO10');
  await main.getByRole('button', { name: 'Apply' }).click();
  await expect(main.getByRole('button', { name: 'Remove coupon: SERVAUTO10' })).toBeVisible();
});

test('the refund form’s messages go as soon as the reason and the amount are right', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  const orderNo = await placeOrder(page);
  await payInSandbox(page, orderNo);
  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  await page.getByRole('main').getByRole('button', { name: 'Request a refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  const reason = dialog.getByLabel('Reason for the refund');
  const amount = dialog.getByLabel('Amount (RM)');
  await amount.fill('0');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(reason).toHaveAccessibleDescription('Please fill this in.');
  await expect(amount).toHaveAccessibleDescription(/^Enter an amount/);
  await reason.fill('The service light is still on.');
  await expect(reason).toHaveAccessibleDescription('');
  await expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/^Enter an amount/);
  await amount.fill('10.00');
  await expect(amount).toHaveAccessibleDescription('');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('the payment page says what is paid for: the fitting, its workshop, date and time', async ({ page }) => {
  const main = await atCheckout(page);
  await main.getByLabel('Car plate number').fill('WXY 1234');
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await bookSs2(main);
  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pages\?orderNo=/);

  const payingFor = page.getByRole('region', { name: 'You are paying for' });
  await expect(payingFor).toContainText('Installation at a workshop');
  await expect(payingFor).toContainText('SS2 Tyre & Auto Service');
  await expect(payingFor).toContainText(/Appointment: \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} to \d{2}:\d{2}/);
});

test('Card chosen, a failed payment brings the customer back with Card still chosen', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  const orderNo = await placeOrder(page);
  await page.goto(`/pc/pages-order?orderNo=${orderNo}`);
  await expect(page.getByLabel('FPX online banking')).toBeChecked();
  await page.getByLabel('Credit or debit card').check();
  await page.getByRole('button', { name: /^Pay RM/ }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(page).toHaveURL(/\/pc\/pages\?orderNo=/);
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment failed. You can pay again below.' })).toBeVisible();
  await expect(page.getByLabel('Credit or debit card')).toBeChecked();
  await expect(page.getByLabel('FPX online banking')).not.toBeChecked();
});

test('a pickup order’s payment page names the pickup and its workshop', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  const orderNo = await placeOrder(page, 'pickup');
  await page.goto(`/pc/pages-order?orderNo=${orderNo}`);
  const payingFor = page.getByRole('region', { name: 'You are paying for' });
  await expect(payingFor).toContainText('Self pickup at a workshop');
  await expect(payingFor).toContainText('SS2 Tyre & Auto Service');
  await expect(payingFor).not.toContainText('Appointment');
});

test('a posted order’s payment page names the parcel and where it goes', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  const { orderNo } = await api<{ orderNo: string }>(page, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-paying-for-${Date.now()}`,
    items: [{ productId: MATS, quantity: 1 }],
    variantId: MYVI,
    carPlate: 'WXY 1234',
    method: 'mail',
    address: { recipient: 'Nur Aisyah', phone: '0123456789', line1: '12 Jalan SS 2/24', postcode: '47301', city: 'Petaling Jaya', state: 'Selangor' },
    contact: { name: 'Nur Aisyah', phone: '0123456789' },
  });
  await page.goto(`/pc/pages-order?orderNo=${orderNo}`);
  const payingFor = page.getByRole('region', { name: 'You are paying for' });
  await expect(payingFor).toContainText('Delivery by post');
  await expect(payingFor).toContainText('Deliver to: Nur Aisyah, 12 Jalan SS 2/24, 47301 Petaling Jaya, Selangor');
});

import { expect, test, type Page } from '@playwright/test';
import { chooseFreeTime, codesSentTo, freeDays, freshPhone, logIn, otpFromLog } from './support.ts';
import { api, MYVI, myviInPetalingJaya, payInSandbox, photo, placeOrder } from './my-orders-helpers.ts';

/** A logged-in Myvi owner of their own (a fresh phone), on the home page. */
async function customer(page: Page) {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Orders by status' });
const card = (page: Page, orderNo: string) => page.getByRole('article', { name: `Order ${orderNo}` });

test('a booked installation is found under Upcoming, opened, and moved to another time', async ({ page }) => {
  await customer(page);
  const orderNo = await placeOrder(page);
  await payInSandbox(page, orderNo);

  await page.goto('/pc/myorder-status');
  await expect(tabs(page).getByRole('link', { name: 'All 1' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs(page).getByRole('link', { name: 'Pending payment 0' })).toBeVisible();
  await tabs(page).getByRole('link', { name: /^Upcoming/ }).click();
  await expect(page).toHaveURL(/\/pc\/myorder-status\?status=upcoming$/);
  await expect(card(page, orderNo)).toContainText('Installation booked');
  await expect(card(page, orderNo)).toContainText('Installation at SS2 Tyre & Auto Service');
  await expect(card(page, orderNo)).toContainText('Perodua Myvi');
  // The tab is in the address: back, forward and reload keep it.
  await page.goBack();
  await expect(tabs(page).getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
  await page.goForward();
  await expect(tabs(page).getByRole('link', { name: /^Upcoming/ })).toHaveAttribute('aria-current', 'page');
  await page.reload();
  await expect(tabs(page).getByRole('link', { name: /^Upcoming/ })).toHaveAttribute('aria-current', 'page');
  await expect(card(page, orderNo)).toBeVisible();

  await card(page, orderNo).getByRole('link', { name: `View details: Order ${orderNo}` }).click();
  await expect(page).toHaveURL(new RegExp(`/pc/myorder-status/detail\\?orderNo=${orderNo}$`));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Order details' })).toBeVisible();
  await expect(main.getByText('SS2 Tyre & Auto Service', { exact: true })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Items and price' })).toContainText('Basic service × 1');
  // The choices are worded as at checkout: the service's engine oil is named as such.
  await expect(main.getByRole('region', { name: 'Items and price' }).getByText(/^Engine oil: \S/)).toBeVisible();
  await expect(main.getByRole('region', { name: 'Timeline' })).toContainText('Installation booked');
  const before = await main.getByRole('region', { name: 'Workshop' }).textContent();

  await main.getByRole('button', { name: 'Change installation time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change installation time' });
  await expect(dialog).toContainText('Changes left: 3');
  await dialog.getByRole('button', { name: 'Change time' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a new date and time.');
  // Another day than the one booked: the last one with a free time.
  const date = dialog.getByLabel('Date', { exact: true });
  const days = await freeDays(date);
  await date.selectOption(days.at(-1)!);
  await chooseFreeTime(dialog.getByRole('group', { name: 'Time' }));
  await dialog.getByRole('button', { name: 'Change time' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Your new installation time: /)).toBeVisible();
  await expect(main.getByRole('region', { name: 'Workshop' })).not.toHaveText(before!);
  await expect(main.getByRole('region', { name: 'Workshop' })).toContainText('Time changes left: 2');
  // The timeline tells the change in words, and lists the SMS that named the new time.
  const timeline = main.getByRole('region', { name: 'Timeline' });
  const when = String.raw`(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}`;
  await expect(timeline).toContainText(new RegExp(`Installation time changed from ${when} to ${when}\\.`));
  await expect(timeline).toContainText(new RegExp(`RM0 Servauto: the installation of order ${orderNo} has moved to (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{1,2} [A-Z][a-z]{2} \\d{4} at \\d{2}:\\d{2}, at SS2 Tyre & Auto Service\\.`));
  await expect(timeline).not.toContainText(/\d{4}-\d{2}-\d{2}/);
});

test('a refund is asked for with a photo, followed step by step, and revoked', async ({ page }) => {
  await customer(page);
  const orderNo = await placeOrder(page);
  await payInSandbox(page, orderNo);
  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  const main = page.getByRole('main');

  await main.getByRole('button', { name: 'Request a refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a refund' });
  await expect(dialog.getByLabel('How can we reach you?')).toHaveValue(/^\+60 12-/);
  await expect(dialog.getByLabel('Amount (RM)')).toHaveValue(/^\d+\.\d\d$/);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByLabel('Reason for the refund')).toHaveAccessibleDescription('Please fill this in.');

  // Checked before anything is sent: a text file named as a photo, and one over 5 MB.
  const addPhotos = dialog.getByLabel('Add photos');
  await addPhotos.setInputFiles({ name: 'receipt.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(dialog.getByText('receipt.txt is not a picture (JPEG, PNG, WebP or HEIC).')).toBeVisible();
  await addPhotos.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(dialog.getByText('huge.jpg is larger than 5 MB.')).toBeVisible();
  await addPhotos.setInputFiles(await photo());
  await expect(dialog.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await dialog.getByLabel('Reason for the refund').fill('The service light is still on after the service.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Your refund request was sent\. We review it within 3 working days, by /)).toBeVisible();

  const refunds = main.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('heading', { name: /Refund pending review$/ })).toBeVisible();
  await expect(refunds.getByText(/^We review refund requests within 3 working days: by \w{3}, \d{1,2} \w{3} \d{4}\.$/)).toBeVisible();
  await expect(refunds.getByRole('list', { name: 'Refund progress' }).getByRole('listitem')).toHaveText([/Pending review/, /Reviewed\s*Not yet/, /Processing\s*Not yet/, /Completed\s*Not yet/]);
  await expect(refunds.getByRole('img', { name: /^Photo 1 of request / })).toBeVisible();
  await expect(refunds).toContainText('The service light is still on after the service.');

  await page.goto('/pc/myorder-status?status=refunds');
  await expect(tabs(page).getByRole('link', { name: 'Refunds 1' })).toHaveAttribute('aria-current', 'page');
  await expect(card(page, orderNo)).toContainText('Refund pending review');
  await card(page, orderNo).getByRole('button', { name: 'Revoke refund' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke your refund request?' });
  await confirm.getByRole('button', { name: 'Revoke request' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Your refund request was revoked.')).toBeVisible();
  // A revoked refund is no refund: the order leaves the tab, and its card does not announce it.
  await expect(tabs(page).getByRole('link', { name: 'Refunds 0' })).toBeVisible();
  await expect(card(page, orderNo)).toHaveCount(0);
  await tabs(page).getByRole('link', { name: /^All / }).click();
  await expect(card(page, orderNo).getByRole('button', { name: 'Request a refund' })).toBeVisible();
  await expect(card(page, orderNo)).not.toContainText('Refund revoked');
});

test('a parcel posted free says "Delivery: Free" on its payment page and its order page', async ({ page }) => {
  await customer(page);
  // Wipers and mats (RM 89.00 + RM 119.00) to Selangor: post is free from RM 150.00 in West Malaysia.
  const { orderNo } = await api<{ orderNo: string }>(page, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-my-orders-free-post-${Date.now()}`,
    items: [
      { productId: 'wiper-bosch-aerotwin', quantity: 1 },
      { productId: 'mat-goodyear-rubber', quantity: 1 },
    ],
    variantId: MYVI,
    carPlate: 'WXY 1234',
    method: 'mail',
    contact: { name: 'Nur Aisyah', phone: '0123456789' },
    address: { recipient: 'Nur Aisyah', phone: '0123456789', line1: '12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
  });
  const delivery = (region: ReturnType<Page['getByRole']>) => region.getByText('Delivery', { exact: true }).locator('xpath=following-sibling::*[1]');
  await page.goto(`/pc/pages-order?orderNo=${orderNo}`);
  await expect(delivery(page.getByRole('region', { name: /^Order summary/ }))).toHaveText('Free');
  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  await expect(delivery(page.getByRole('region', { name: 'Items and price' }))).toHaveText('Free');
});

test('a parcel order cancelled before it was paid says so, not that it is still to be posted', async ({ page }) => {
  await customer(page);
  const { orderNo } = await api<{ orderNo: string }>(page, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-my-orders-mail-${Date.now()}`,
    items: [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }],
    variantId: MYVI,
    carPlate: 'WXY 1234',
    method: 'mail',
    contact: { name: 'Nur Aisyah', phone: '0123456789' },
    address: { recipient: 'Nur Aisyah', phone: '0123456789', line1: '12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
  });
  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  const mailing = page.getByRole('region', { name: 'Mailing address' });
  await expect(mailing).toContainText('It is posted once the order is paid.');
  await api(page, '/app/order/vehicle/order/app/cancel', { orderNo, reason: 'Bought them at a shop' });
  await page.reload();
  await expect(mailing).toContainText('This order was cancelled: nothing will be posted.');
  await expect(mailing).not.toContainText('Not shipped yet');
});

test('an unpaid order is cancelled with a reason, then deleted; an empty tab says so and leads to the shop', async ({ page }) => {
  await customer(page);
  const orderNo = await placeOrder(page);

  await page.goto('/pc/myorder-status?status=pending-payment');
  const unpaid = card(page, orderNo);
  await expect(unpaid.getByRole('link', { name: /^Pay \(\d+:\d\d left\)$/ })).toHaveAttribute('href', `/pc/pages-order?orderNo=${orderNo}`);
  await unpaid.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order ${orderNo}?` });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason.');
  await dialog.getByLabel('Another reason').check();
  await dialog.getByLabel('Your reason').fill('Booked the wrong day');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Order ${orderNo} is cancelled.`)).toBeVisible();
  await expect(page.getByText('No orders here.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/pc/home');

  await tabs(page).getByRole('link', { name: 'Cancelled 1' }).click();
  await expect(card(page, orderNo)).toContainText('Cancelled');
  await card(page, orderNo).getByRole('link', { name: `View details: Order ${orderNo}` }).click();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('You · Booked the wrong day');
  await page.getByRole('main').getByRole('button', { name: 'Delete order' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete order ${orderNo}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/pc\/myorder-status$/);
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: 'Cancelled 0' })).toBeVisible();
});

test('My Orders asks a logged-out visitor to log in first, then shows the tab asked for', async ({ page }) => {
  await page.goto('/pc/myorder-status?status=completed');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  await expect(tabs(page)).toHaveCount(0);
  const phone = freshPhone();
  await dialog.getByLabel('Phone number').fill(phone);
  const before = codesSentTo(phone);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await dialog.getByLabel('6-digit code').fill(await otpFromLog(phone, before, page));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(tabs(page).getByRole('link', { name: 'Completed 0' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No orders here.')).toBeVisible();
});

test('a refusal from the server stays in the dialog, in the customer’s words', async ({ page }) => {
  await customer(page);
  const orderNo = await placeOrder(page);
  await page.goto('/pc/myorder-status?status=pending-payment');
  await expect(card(page, orderNo)).toBeVisible();
  // Cancelled meanwhile elsewhere (another tab, another device): this list is out of date.
  await api(page, '/app/order/vehicle/order/app/cancel', { orderNo, reason: 'From my phone' });
  await card(page, orderNo).getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order ${orderNo}?` });
  await dialog.getByLabel('I changed my mind').check();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Only an order waiting for payment can be cancelled.');
  await expect(dialog).toBeVisible();
});

test('a long list comes ten orders at a time, newest first', async ({ page }) => {
  await customer(page);
  const placed: string[] = [];
  for (let i = 0; i < 11; i++) {
    const orderNo = await placeOrder(page, 'pickup');
    await api(page, '/app/order/vehicle/order/app/cancel', { orderNo, reason: 'Testing the list' });
    placed.push(orderNo);
  }
  await page.goto('/pc/myorder-status');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toHaveAccessibleName(`Order ${placed.at(-1)}`);
  await expect(page.getByText('10 of 11 orders')).toBeVisible();
  await page.getByRole('button', { name: 'Show more orders' }).click();
  await expect(cards).toHaveCount(11);
  await expect(cards.last()).toHaveAccessibleName(`Order ${placed[0]}`);
  await expect(page.getByRole('button', { name: 'Show more orders' })).toHaveCount(0);
});

import { expect, test, type Page } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { customerSees, openAsStaff, placeAt, SEGAMBUT, ADMIN_PHONE, WORKSHOP_PHONE } from './console-helpers.ts';
import { payInSandbox, photo } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

/** Workshop staff start and complete the booked service from the console, odometer read where the dialog asks for it. */
async function completeInConsole(page: Page, orderNo: string, date: string) {
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/console');
  await page.getByLabel('Day', { exact: true }).fill(date);
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await card.getByRole('button', { name: 'Start service' }).click();
  await page.getByRole('alertdialog', { name: `Start order ${orderNo} before its booked day?` }).getByRole('button', { name: 'Start now' }).click();
  await expect(card).toContainText('Service in progress');
  await card.getByRole('button', { name: 'Complete service' }).click();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  const odometer = dialog.getByLabel(/Odometer/);
  const done = page.getByText(`Order ${orderNo} completed.`);
  await expect(done.or(odometer)).toBeVisible();
  if (await odometer.isVisible()) {
    await odometer.fill('45210');
    await dialog.getByRole('button', { name: /Complete/ }).click();
  }
  await expect(done).toBeVisible();
}

test('a buyer rates the product and the workshop of a completed installation; the admin publishes the held one, replies, and hides another with a reason the buyer reads', async ({ browser, page }) => {
  test.slow();
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const plate = `VBR ${1 + (Date.now() % 9999)}`;
  const { orderNo, date } = await placeAt(customer, SEGAMBUT, 'install', plate);
  await payInSandbox(customer, orderNo);

  // Not completed yet: nothing to rate.
  await customerSees(customer, orderNo, orderNo);
  await expect(customer.getByRole('heading', { name: 'Rate your order' })).toHaveCount(0);

  await completeInConsole(page, orderNo, date!);

  // My Orders' card invites the rating and leads to the order page's reviews.
  await customer.goto('/pc/myorder-status');
  await customer.getByRole('link', { name: `Rate your order: Order ${orderNo}` }).click();
  await expect(customer).toHaveURL(new RegExp(`/pc/myorder-status/detail\\?orderNo=${orderNo}#reviews$`));
  const reviews = customer.getByRole('region', { name: 'Rate your order' });
  await expect(reviews.getByRole('button', { name: /^Rate: Workshop: / })).toBeVisible();

  // The product: four stars, words counted, a photo.
  await reviews.getByRole('button', { name: /^Rate: Product: / }).click();
  const form = customer.getByRole('dialog', { name: /^Rate / });
  const stars = form.getByRole('group', { name: 'Your rating' });
  await expect(stars.getByRole('radio')).toHaveCount(5);
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Choose from 1 to 5 stars.' })).toBeVisible();
  await stars.getByRole('radio', { name: '4 stars: very good' }).check();
  const productText = 'Quick service, the oil change took under an hour and the staff explained everything.';
  await form.getByLabel('Your review (optional)').fill(productText);
  await expect(form.getByText(`${productText.length} of 1,000 characters`)).toBeVisible();
  await form.getByLabel('Add photos').setInputFiles(await photo());
  await expect(form.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  expect(await seriousProblems(customer)).toEqual([]);
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(form).toBeHidden();
  await expect(customer.getByText('Thank you: your review is published.')).toBeVisible();
  await expect(reviews.getByText('Published')).toBeVisible();
  await expect(reviews.getByRole('button', { name: /^Edit review: Product: / })).toBeVisible();

  // The workshop, with a phone number in the words: held, and the buyer is told why.
  await reviews.getByRole('button', { name: /^Rate: Workshop: / }).click();
  const workshopForm = customer.getByRole('dialog', { name: /^Rate / });
  await workshopForm.getByRole('radio', { name: '5 stars: excellent' }).check();
  const workshopText = 'Friendly mechanic, call Ali at 012-345 6789 for a booking.';
  await workshopForm.getByLabel('Your review (optional)').fill(workshopText);
  await expect(workshopForm.getByText(/seems to name a phone number or a car plate/)).toBeVisible();
  await workshopForm.getByRole('button', { name: 'Publish review' }).click();
  await expect(workshopForm).toBeHidden();
  await expect(reviews.getByText('Waiting for our team')).toBeVisible();
  await expect(reviews.getByText(/seems to contain a phone number, which we do not publish/)).toBeVisible();

  // The admin's console: the held review, published and answered.
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/reviews');
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  await expect(page.getByText(/never for being negative/)).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'Held for a look' });
  const held = page.getByRole('article').filter({ hasText: workshopText });
  await expect(held).toContainText('Held: the text names a phone number.');
  expect(await seriousProblems(page)).toEqual([]);
  // Publishing asks first, naming what the public would read, and offers to mask it.
  await held.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish this review?' });
  await expect(confirm.getByRole('listitem')).toHaveText(['phone number 012-345 6789']);
  expect(await seriousProblems(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(confirm).toBeHidden();
  await expect(held).toContainText('Held for a look');
  await held.getByRole('button', { name: 'Publish', exact: true }).click();
  await confirm.getByRole('button', { name: 'Publish with personal data masked' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('The review is published with its personal data masked.')).toBeVisible();
  await expect(held).toContainText('Published');
  await expect(held).toContainText('The public reads: Friendly mechanic, call Ali at ••• for a booking.');
  await held.getByRole('button', { name: 'Reply' }).click();
  const replyDialog = page.getByRole('dialog', { name: 'Public reply' });
  await replyDialog.getByRole('button', { name: 'Publish reply' }).click();
  await expect(replyDialog.getByRole('alert').filter({ hasText: 'Please write a reply.' })).toBeVisible();
  await replyDialog.getByLabel('Your reply').fill('Thank you! We have removed the number for privacy, please book through the shop.');
  await replyDialog.getByRole('button', { name: 'Publish reply' }).click();
  await expect(replyDialog).toBeHidden();
  await expect(held).toContainText('Our reply');
  await expect(held.getByRole('button', { name: 'Edit reply' })).toBeVisible();

  // The product review hidden as off-topic: the dialog says being negative is no reason.
  await page.getByLabel('Show').selectOption({ label: 'All reviews' });
  const other = page.getByRole('article').filter({ hasText: productText });
  await other.getByRole('button', { name: 'Hide' }).click();
  const hide = page.getByRole('dialog', { name: 'Hide this review' });
  await expect(hide).toContainText('A review is never hidden for being negative');
  await hide.getByRole('button', { name: 'Hide review' }).click();
  await expect(hide.getByRole('alert').filter({ hasText: 'Choose a reason.' })).toBeVisible();
  await hide.getByRole('radio', { name: 'off-topic' }).check();
  await hide.getByRole('button', { name: 'Hide review' }).click();
  await expect(hide).toBeHidden();
  await expect(other).toContainText('Hidden: off-topic');

  // The buyer reads where each stands, and why.
  await customer.reload();
  await expect(reviews.getByText('Our team hid this review because it is not about the product or the workshop.', { exact: false })).toBeVisible();
  await expect(reviews.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(reviews.getByText('Thank you! We have removed the number for privacy')).toBeVisible();
  // Its author still reads the words as written; the public, the number masked.
  await expect(reviews.getByText(workshopText)).toBeVisible();

  // The reviewed workshop's staff see their workshop's reviews and may answer, but not hide or filter by workshop.
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/console/reviews');
  const mine = page.getByRole('article').filter({ hasText: workshopText });
  await expect(mine.getByRole('button', { name: 'Edit reply' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Hide' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Workshop' })).toHaveCount(0);
});

test('a held review with a plate is kept hidden from the publish dialog, for personal data, in Chinese and Malay', async ({ browser, page }) => {
  test.slow();
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo, date } = await placeAt(customer, SEGAMBUT, 'install', `VBR ${1 + (Date.now() % 9999)}`);
  await payInSandbox(customer, orderNo);
  await completeInConsole(page, orderNo, date!);
  await customer.goto(`/pc/myorder-status/detail?orderNo=${orderNo}#reviews`);
  const reviews = customer.getByRole('region', { name: 'Rate your order' });
  await reviews.getByRole('button', { name: /^Rate: Workshop: / }).click();
  const form = customer.getByRole('dialog', { name: /^Rate / });
  await form.getByRole('radio', { name: '4 stars: very good' }).check();
  const text = `Good work on my car W X Y 1 2 3 4, order ${orderNo}.`;
  await form.getByLabel('Your review (optional)').fill(text);
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(reviews.getByText('Waiting for our team')).toBeVisible();

  await openAsStaff(page, ADMIN_PHONE, '/pc/zh-cn/console/reviews');
  const held = page.getByRole('article').filter({ hasText: text });
  await held.getByRole('button', { name: '发布', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '发布这条评价？' });
  await expect(confirm.getByRole('listitem')).toHaveText(['车牌 WXY 1234']);
  await expect(confirm.getByRole('button', { name: '遮盖个人资料后发布' })).toBeVisible();
  await confirm.getByRole('button', { name: '返回' }).click();

  await page.goto('/pc/ms/console/reviews');
  await held.getByRole('button', { name: 'Siarkan', exact: true }).click();
  const tanya = page.getByRole('dialog', { name: 'Siarkan ulasan ini?' });
  await expect(tanya.getByRole('listitem')).toHaveText(['nombor plat WXY 1234']);
  await tanya.getByRole('button', { name: 'Terus sembunyikan' }).click();
  await expect(tanya.getByRole('radio', { name: 'data peribadi' })).toBeChecked();
  expect(await seriousProblems(page)).toEqual([]);
  await tanya.getByRole('button', { name: 'Terus sembunyikan' }).click();
  await expect(tanya).toBeHidden();
  await expect(held).toContainText('Disembunyikan: data peribadi');

  await customer.reload();
  await expect(reviews.getByText('Our team hid this review because it contains personal data.', { exact: false })).toBeVisible();
});

test('the console reviews page reads in Chinese and Malay and passes axe', async ({ page }) => {
  await openAsStaff(page, ADMIN_PHONE, '/pc/zh-cn/console/reviews');
  await expect(page.getByRole('heading', { name: '评价管理', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '车厂' })).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await page.goto('/pc/ms/console/reviews');
  await expect(page.getByRole('heading', { name: 'Ulasan', level: 1 })).toBeVisible();
  await expect(page.getByText(/bukan kerana ia negatif/)).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { ADMIN_PHONE, openAsStaff, placeAt } from './console-helpers.ts';
import { payInSandbox } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

const SS2 = 'petaling-jaya-ss2-tyre-auto';
const TYRES = { productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } };

/** The DOT date code of a tyre made `days` before today (Kuala Lumpur): ISO week, then the year's two digits. */
function dotDaysAgo(days: number): { dot: string; week: number; year: number } {
  const date = addDays(klDate(new Date()), -days);
  const d = new Date(`${date}T00:00:00Z`);
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return { dot: `${String(week).padStart(2, '0')}${String(year).slice(2)}`, week, year };
}

test.use({ viewport: { width: 390, height: 844 } });

test('staff type each tyre’s DOT date code as they complete; an old tyre needs an admin’s reason; the customer sees each tyre’s age', async ({ browser, page }) => {
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logIn(customer);
  await customer.goto('/pc/ms/home');
  const plate = `WTD ${1 + (Date.now() % 9999)}`;
  const { orderNo } = await placeAt(customer, SS2, 'install', plate, '0123456789', [TYRES]);
  await payInSandbox(customer, orderNo, 'Bayar');

  // The tyre page and the checkout promised the tyres' age.
  await customer.goto('/pc/ms/products/auto-tires-service/tyre-bridgestone-turanza-t005a');
  await expect(customer.getByText('Tayar yang dipasang dibuat dalam tempoh 12 bulan yang lalu: anda akan dapat melihat kod tarikh setiap tayar.')).toBeVisible();

  await openAsStaff(page, ADMIN_PHONE, '/pc/console');
  await page.getByLabel('Order number, plate or phone').fill(orderNo);
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await card.getByRole('button', { name: 'Start service' }).click();
  const early = page.getByRole('alertdialog', { name: `Start order ${orderNo} before its booked day?` });
  await early.getByRole('button', { name: 'Start now' }).click();
  await expect(card).toContainText('Service in progress');

  await card.getByRole('button', { name: 'Complete service' }).click();
  const complete = page.getByRole('dialog', { name: `Complete order ${orderNo}` });
  await complete.getByLabel('Odometer (km)').fill('45000');
  const fresh = [dotDaysAgo(10), dotDaysAgo(20), dotDaysAgo(130)];
  const old = dotDaysAgo(500);
  const codes = [...fresh.map((d) => d.dot), old.dot];
  for (const [i, dot] of codes.entries()) {
    await complete.getByRole('group', { name: `Tyre ${i + 1}`, exact: true }).getByLabel('DOT date code').fill(dot);
  }
  await complete.getByRole('group', { name: 'Tyre 1', exact: true }).getByLabel('Whole DOT code (optional)').fill(`DOT 4B9V ABCD ${codes[0]}`);
  await complete.getByRole('button', { name: 'Complete now' }).click();

  // The fourth is older than the promise: refused by that tyre; an admin may fit it with a reason.
  const fourth = complete.getByRole('group', { name: 'Tyre 4', exact: true });
  await expect(fourth.getByRole('alert')).toHaveText(`Tyre 4: made in week ${old.week} of ${old.year}, more than 12 months ago. The shop fits only tyres made within the last 12 months.`);
  await expect(fourth.getByLabel('DOT date code')).toHaveValue(old.dot);
  const reason = complete.getByLabel('Reason to fit anyway');
  await expect(reason).toBeFocused();
  await reason.fill('Last one in this size; the customer agreed');
  await complete.getByRole('button', { name: 'Complete now' }).click();
  // None of these batches is the one the order reserved: staff say why, and the reason is kept.
  await complete.getByLabel('Reason for fitting a code not reserved').fill('Fitted from the rack by the bay');
  await complete.getByRole('button', { name: 'Complete now' }).click();
  await expect(page.getByText(`Order ${orderNo} completed.`)).toBeVisible();
  await expect(complete).toBeHidden();

  // The customer's order page and invoice say each tyre's week, year and age, in their language.
  await customer.goto(`/pc/ms/myorder-status/detail?orderNo=${orderNo}`);
  const made = (d: { week: number; year: number }) => new RegExp(`DOT ${String(d.week).padStart(2, '0')}${String(d.year).slice(2)} · Dibuat pada minggu ${d.week} tahun ${d.year} \\((kurang sebulan|berusia \\d+ bulan) semasa dipasang\\)`);
  for (const d of [...fresh, old]) await expect(customer.getByText(made(d)).first()).toBeVisible();
  await customer.goto(`/pc/zh-cn/myorder-status/invoice?orderNo=${orderNo}`);
  await expect(customer.getByText(`DOT ${old.dot} · 生产于 ${old.year} 年第 ${old.week} 周`, { exact: false }).first()).toBeVisible();
});

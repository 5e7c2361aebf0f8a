import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { logIn, freeTimeOfMine } from './support.ts';
import { api, MYVI, payInSandbox } from './my-orders-helpers.ts';

/**
 * My Orders for an order fitted at the customer's place (docs/contracts/running-the-business.md §2),
 * on a phone: the van, its window and the landmark, the visit fee; the window moved to another of
 * the van's; then cancelled, all of it refunded (the day before the visit or earlier).
 */

const LANDMARK = 'Block B guardhouse, car park level 2';
const ITEMS = [{ productId: 'service-basic', quantity: 1 }];
type Windows = { covered: boolean; windows: { date: string; start: string; end: string; free: boolean }[] };
const when = (date: string, start: string, end: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const words = `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][day.getUTCDay()]}, ${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
  return `${words}, ${start}–${end}`;
};

test.use({ viewport: { width: 390, height: 844 } });

test('a paid visit shows its van, window, landmark and visit fee; its window moves; cancelled, it is refunded in full', async ({ page }) => {
  await logIn(page);
  await page.goto('/pc/home');
  const offer = await api<Windows>(page, '/store/mobile/windows', { postcode: '47300', items: ITEMS, variantId: MYVI });
  expect(offer.covered).toBe(true);
  const date = offer.windows.find((w) => w.free)!.date;
  const booked = freeTimeOfMine(offer.windows.filter((w) => w.date === date).map((w) => ({ ...w, available: w.free })));
  const { orderNo } = await api<{ orderNo: string }>(page, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-my-visit-${Date.now()}`,
    items: ITEMS,
    variantId: MYVI,
    carPlate: 'WVX 4521',
    method: 'mobile',
    address: { recipient: 'Nur Aisyah', phone: '0123456789', line1: '12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor', landmark: LANDMARK },
    window: { date, start: booked.start },
    contact: { name: 'Nur Aisyah', phone: '0123456789' },
  });
  await payInSandbox(page, orderNo);

  await page.goto(`/pc/myorder-status/detail?orderNo=${orderNo}`);
  const main = page.getByRole('main');
  const visit = main.getByRole('region', { name: 'Fitted at your place' });
  await expect(visit).toContainText('Servauto Van PJ');
  await expect(visit).toContainText(when(date, booked.start, booked.end));
  await expect(visit).toContainText('12, Jalan SS 2/24, 47300 Petaling Jaya');
  await expect(visit).toContainText(LANDMARK);
  await expect(visit).not.toContainText('On the way');
  await expect(main.getByRole('region', { name: 'Workshop' })).toHaveCount(0);
  const price = main.getByRole('region', { name: 'Items and price' });
  await expect(price.getByText('Visit fee (incl. 8% service tax)')).toBeVisible();
  await expect(price).toContainText(/Visit fee \(incl\. 8% service tax\)RM\s?32\.40/);
  // The page fits the phone: nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousProblems(page), 'the order page of a visit').toEqual([]);

  // Change time offers the van's windows, each "09:00–11:00": another one of the last date with a free one.
  await main.getByRole('button', { name: 'Change installation time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change installation time' });
  const day = dialog.getByLabel('Date', { exact: true });
  const lastDate = offer.windows.filter((w) => w.free).at(-1)!.date;
  await day.selectOption(lastDate);
  const other = freeTimeOfMine(offer.windows.filter((w) => w.date === lastDate).map((w) => ({ ...w, available: w.free })));
  await dialog.getByRole('button', { name: `${other.start}–${other.end}`, exact: true }).click();
  expect(await seriousProblems(page), "the van's windows in the dialog").toEqual([]);
  await dialog.getByRole('button', { name: 'Change time' }).click();
  await expect(dialog).toBeHidden();
  await expect(visit).toContainText(when(lastDate, other.start, other.end));
  await expect(visit).not.toContainText(when(date, booked.start, booked.end));

  // Cancelled well before its day from the order page: all of it back, the visit fee included.
  const total = (await price.locator('dl > div').last().locator('dd').textContent())!;
  await main.getByRole('button', { name: 'Cancel order' }).first().click();
  const cancel = page.getByRole('alertdialog', { name: `Cancel order ${orderNo}?` });
  await cancel.getByLabel('Another reason').check();
  await cancel.getByLabel('Your reason').fill('I changed my mind');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel).toBeHidden();
  await page.reload();
  await expect(main.getByRole('region', { name: 'Order' })).toContainText('Cancelled');
  const payments = main.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText(new RegExp(`(Returned to you|On its way back to you)${total.replace(/[.]/g, '\\.')}`));
});

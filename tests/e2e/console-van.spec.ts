import { expect, test, type Browser, type Page } from '@playwright/test';
import { logIn, freeTimeOfMine } from './support.ts';
import { api, MYVI, payInSandbox } from './my-orders-helpers.ts';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';

/**
 * The technician's day on a phone (docs/contracts/running-the-business.md §2): a job booked for
 * the van of Petaling Jaya, read where the technician reads it, then started and completed.
 */

const LANDMARK = 'Guardhouse B, level 2 car park';
const ITEMS = [{ productId: 'service-basic', quantity: 1 }];
type Windows = { covered: boolean; vanId: string | null; windows: { date: string; start: string; end: string; free: boolean }[] };

async function customerPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page);
  await page.goto('/pc/home');
  return page;
}

/** A paid order fitted at an address in Petaling Jaya, in the first day's free window of this worker's share. */
async function paidVisit(customer: Page, plate: string) {
  const offer = await api<Windows>(customer, '/store/mobile/windows', { postcode: '47300', items: ITEMS, variantId: MYVI });
  expect(offer).toMatchObject({ covered: true, vanId: 'van-petaling-jaya' });
  const date = offer.windows.find((w) => w.free)!.date;
  const window = freeTimeOfMine(offer.windows.filter((w) => w.date === date).map((w) => ({ ...w, available: w.free })));
  const placed = await api<{ orderNo: string }>(customer, '/app/order/vehicle/order/app/add', {
    idempotencyKey: `e2e-van-${Date.now()}`,
    items: ITEMS,
    variantId: MYVI,
    carPlate: plate,
    method: 'mobile',
    address: { recipient: 'Nur Aisyah', phone: '0123456789', line1: '12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor', landmark: LANDMARK },
    window: { date, start: window.start },
    contact: { name: 'Nur Aisyah', phone: '0123456789' },
  });
  await payInSandbox(customer, placed.orderNo);
  return { orderNo: placed.orderNo, date, start: window.start, end: window.end };
}

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, an admin reads the van’s job with where to go, is refused “on the way” before its day, then starts and completes it', async ({ browser, page }) => {
  const customer = await customerPage(browser);
  const plate = `VAN ${1 + (Date.now() % 9999)}`;
  const job = await paidVisit(customer, plate);

  await openAsStaff(page, ADMIN_PHONE, '/pc/console');
  await page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'Van day' }).click();
  await expect(page.getByRole('heading', { name: 'Van day', level: 1 })).toBeVisible();
  await page.getByLabel('Van', { exact: true }).selectOption({ label: 'Servauto Van PJ' });
  await page.getByLabel('Day', { exact: true }).fill(job.date);

  const card = page.getByRole('article', { name: new RegExp(`Order ${job.orderNo}`) });
  await expect(card.getByRole('heading')).toContainText(`${job.start}–${job.end}`);
  await expect(card).toContainText('Nur Aisyah');
  await expect(card.getByRole('link', { name: '+60 12-345 6789' })).toHaveAttribute('href', 'tel:+60123456789');
  await expect(card).toContainText('12, Jalan SS 2/24');
  await expect(card).toContainText(LANDMARK);
  await expect(card).toContainText('1 × Basic service');
  await expect(card).toContainText(plate);
  await expect(card).toContainText('Installation booked');
  const maps = card.getByRole('link', { name: /Google Maps/ });
  await expect(maps).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%2C%20Jalan%20SS%202%2F24/);
  await expect(maps).toHaveAttribute('target', '_blank');
  await expect(card.getByRole('link', { name: /Waze/ })).toHaveAttribute('href', /^https:\/\/waze\.com\/ul\?q=.*47300.*&navigate=yes$/);
  // The day fits the phone: nothing to scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Windows are booked two days ahead at the earliest: "On the way" is refused until the job's day, in the dialog.
  await card.getByRole('button', { name: 'On the way' }).click();
  const onTheWay = page.getByRole('dialog', { name: `On the way to order ${job.orderNo}` });
  await expect(onTheWay.getByLabel('Minutes to arrive')).toHaveValue('20');
  await onTheWay.getByRole('button', { name: 'Tell the customer' }).click();
  await expect(onTheWay.getByRole('alert')).toHaveText("Only a job booked at the customer's place for today can be on its way.");
  await onTheWay.getByRole('button', { name: 'Back' }).click();
  await expect(onTheWay).toBeHidden();

  // Not there before 15 minutes into the window: refused, with the time it becomes possible.
  await card.getByRole('button', { name: 'Customer not there' }).click();
  const notThere = page.getByRole('alertdialog', { name: `Customer not there for order ${job.orderNo}?` });
  await notThere.getByRole('button', { name: 'Cancel the job' }).click();
  await expect(notThere.getByText('Say what happened.')).toBeVisible();
  await notThere.getByLabel('What happened').fill('No answer at the gate');
  await notThere.getByRole('button', { name: 'Cancel the job' }).click();
  await expect(notThere.getByRole('alert')).toContainText('15 minutes into the window');
  await notThere.getByRole('button', { name: 'Back' }).click();

  await card.getByRole('button', { name: 'Start service' }).click();
  await page.getByRole('alertdialog', { name: `Start order ${job.orderNo} before its booked day?` }).getByRole('button', { name: 'Start now' }).click();
  await expect(card).toContainText('Service in progress');

  await card.getByRole('button', { name: 'Complete service' }).click();
  const complete = page.getByRole('dialog', { name: `Complete order ${job.orderNo}` });
  await complete.getByLabel('Odometer (km)').fill('45000');
  await complete.getByRole('button', { name: 'Complete now' }).click();
  await expect(complete).toBeHidden();
  await expect(card).toContainText('Completed');
  await expect(card.getByRole('button')).toHaveCount(0);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn } from './support.ts';

/**
 * An order left unpaid, on the second server of playwright.config.ts: there an order waits
 * 15 s for payment (PAYMENT_TIMEOUT_MINUTES=0.25) and the job worker looks every second.
 */
const base = process.env.SERVAUTO_EXPIRY_BASE_URL!;
test.use({ baseURL: base });

const WIPERS = 'wiper-bosch-aerotwin';
const MYVI = 'perodua-myvi-1.5-av-2022';
/** Subang Jaya: three bays, so three orders at one time fill it. */
const SS15 = 'subang-jaya-ss15-tyre-battery';

async function myviInSubangJaya(page: Page) {
  await page.addInitScript(() => {
    if (localStorage.getItem('carInfo')) return;
    localStorage.setItem(
      'carInfo',
      JSON.stringify({ brand: 'Perodua', model: 'Myvi', year: '2022', variant: '1.5 AV', brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: 'perodua-myvi-1.5-av-2022', noYear: false, noBt: false, bodyType: 'Hatchback' }),
    );
    localStorage.setItem('servauto.curCity', JSON.stringify('subang-jaya'));
  });
}

/** "Order with installation" of the wiper blades: checkout with that one line, SS15 and its first free date. */
async function checkoutAtSs15(page: Page): Promise<Locator> {
  await page.goto(`/pc/confirm?id=${WIPERS}`);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: /SS15 Tyre & Battery/ }).check();
  const date = main.getByLabel('Date', { exact: true });
  await expect(date.locator('option:not([disabled]):not([value=""])').first()).toBeAttached();
  const first = await date.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await date.selectOption(first!);
  return main;
}

/** Two more orders at that time by the same customer, through the API: with ours, every bay is held. */
async function holdTheOtherBays(page: Page, date: string, time: string) {
  const userKey = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('servauto.user') ?? '{}') as { userKey?: string }).userKey ?? '');
  for (let i = 0; i < 2; i++) {
    const answer = await page.request.post('/api/app/order/vehicle/order/app/add', {
      headers: { Authorization: userKey, language: 'en_us', channel: '8', version: '1.3.8', sys: '10', type: 'pc' },
      data: {
        idempotencyKey: `expiry-${Date.now()}-${i}`,
        items: [{ productId: WIPERS, quantity: 1 }],
        variantId: MYVI,
        carPlate: 'WXY 1234',
        method: 'install',
        storeId: SS15,
        appointment: { date, time },
        contact: { name: 'Nur Aisyah', phone: '0123456789' },
      },
    });
    expect((await answer.json()) as { code: number }).toMatchObject({ code: 200 });
  }
}

test('an order not paid in time is cancelled, says why, cannot be paid, and its time is offered again', async ({ page }) => {
  await myviInSubangJaya(page);
  await logIn(page);

  let main = await checkoutAtSs15(page);
  const date = await main.getByLabel('Date', { exact: true }).inputValue();
  const firstFree = main.getByRole('group', { name: 'Time' }).locator('button:enabled').first();
  const time = (await firstFree.textContent())!.trim();
  await firstFree.click();
  await main.getByLabel('Car plate number').fill('WXY 1234');
  await main.getByLabel('Name', { exact: true }).fill('Nur Aisyah');
  await holdTheOtherBays(page, date, time);
  await main.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pages\?orderNo=/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await expect(page.getByRole('button', { name: /^Pay RM/ })).toBeVisible();

  // While the three unpaid orders hold it, the time is full.
  main = await checkoutAtSs15(page);
  await main.getByLabel('Date', { exact: true }).selectOption(date);
  await expect(main.getByRole('button', { name: `${time} (full)` })).toBeDisabled();

  // Not paid: after payBefore the system cancels it, and its page says why.
  await page.goto(`/pc/pages-order?orderNo=${orderNo}`);
  const cancelled = page.getByRole('status').filter({ hasText: 'This order has been cancelled. Reason: Payment time expired.' });
  await expect(async () => {
    await page.reload();
    await expect(cancelled).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Pay RM/ })).toHaveCount(0);

  // Its time is free again.
  main = await checkoutAtSs15(page);
  await main.getByLabel('Date', { exact: true }).selectOption(date);
  await expect(main.getByRole('button', { name: time, exact: true })).toBeEnabled();
});

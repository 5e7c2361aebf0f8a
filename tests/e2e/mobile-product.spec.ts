import { expect, test } from '@playwright/test';
import { api, MYVI, myviInPetalingJaya } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

// The product page's "Fitted at your place?" line (docs/contracts/running-the-business.md §2), on
// a phone, in English; the other languages' words are held to these by the dictionaries' parity checks.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface VanWindows {
  covered: boolean;
  windows: { date: string; start: string; end: string; free: boolean }[];
}

const shortDays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const windowWords = (w: VanWindows['windows'][number]) => {
  const day = new Date(`${w.date}T00:00:00Z`);
  return `${shortDays[day.getUTCDay()]}, ${day.getUTCDate()} ${shortMonths[day.getUTCMonth()]}, ${w.start}–${w.end}`;
};

test('a Myvi owner asks whether a van fits the Bosch wiper blades at 47300 and at 88000; tint is fitted at a workshop only', async ({ page }) => {
  await myviInPetalingJaya(page);
  await page.goto('/pc/products/auto-wiper-blade/wiper-bosch-aerotwin');
  const main = page.getByRole('main');
  // The price and the Order button are there before any postcode is typed.
  await expect(main.getByRole('link', { name: 'Order with installation' }).first()).toBeVisible();
  const postcode = main.getByLabel('Your postcode');
  await expect(main.getByText('Fitted at your place?')).toBeVisible();

  await postcode.fill('47300');
  const line = main.locator('[data-mobile]');
  await expect(line).toContainText('A van comes to 47300');
  // The first free window, as the server offers it for this product on this car.
  const van = await api<VanWindows>(page, '/store/mobile/windows', { postcode: '47300', items: [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }], variantId: MYVI });
  const first = van.windows.find((w) => w.free)!;
  await expect(line).toHaveText(`A van comes to 47300: visit fee RM 32.40 (incl. 8% service tax). First free window: ${windowWords(first)}.`);

  await postcode.fill('88000');
  await expect(line).toHaveText('Our vans do not come to 88000 yet.');

  await page.goto('/pc/products/auto-tinting-films/tint-3m-crystalline');
  await main.getByLabel('Your postcode').fill('47300');
  await expect(line).toHaveAttribute('data-mobile', 'notOnSite');
  await expect(line).toContainText('cannot be fitted at your place');
});

test('a postcode typed on the product page is the address postcode the checkout starts from', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/products/auto-wiper-blade/wiper-bosch-aerotwin');
  const main = page.getByRole('main');
  await main.getByLabel('Your postcode').fill('47300');
  await expect(main.locator('[data-mobile]')).toContainText('A van comes to 47300');
  await main.getByRole('link', { name: 'Order with installation' }).first().click();
  await main.getByRole('radio', { name: 'Fitted at my place' }).check();
  await expect(main.getByLabel('Postcode')).toHaveValue('47300');
});

import { expect, test, type Page } from '@playwright/test';
import { dateWords } from '../../contract/rules/dates.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import { ADMIN_PHONE, openAsStaff, WORKSHOP_PHONE } from './console-helpers.ts';
import { chinese, english, logIn, type LoginTexts, malay } from './support.ts';

/**
 * A logged-in page whose state storage alone decides is drawn before its scripts run: the
 * checkout of an empty cart says so at once, where its island will say the same.
 */

const languages: { prefix: string; login: LoginTexts; empty: string; browse: string; logIn: string }[] = [
  { prefix: '', login: english, empty: 'Your cart is empty.', browse: 'Browse products', logIn: 'Please log in' },
  { prefix: 'zh-cn/', login: chinese, empty: '购物车是空的。', browse: '浏览商品', logIn: '请先登录' },
  { prefix: 'ms/', login: malay, empty: 'Troli anda kosong.', browse: 'Lihat produk', logIn: 'Sila log masuk' },
];

/** The page's own scripts held back (as on a slow phone), and given back when the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route('**/pc/_astro/*.js', async (route) => {
    if (holding) await new Promise<void>((resolve) => held.push(async () => (await route.continue().catch(() => undefined), resolve())));
    else await route.continue().catch(() => undefined);
  });
  return async () => {
    holding = false;
    for (const go of held.splice(0)) await go();
  };
}

for (const w of languages) {
  test(`${w.prefix || 'en/'}: a logged-in customer's empty cart is drawn before the checkout's scripts run, where the island draws it`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page);
    await page.goto(`/pc/${w.prefix}home`);

    const release = await holdScripts(page);
    await page.goto(`/pc/${w.prefix}confirm`, { waitUntil: 'commit' });
    const main = page.getByRole('main');
    const early = main.getByText(w.empty, { exact: true });
    await expect(early).toBeVisible();
    await expect(main.getByRole('link', { name: w.browse })).toHaveAttribute('href', `/pc/${w.prefix}home`);
    await expect(main.getByRole('heading', { name: w.logIn })).toBeHidden();
    const before = await early.boundingBox();

    await release();
    await expect(page.locator('html')).toHaveAttribute('data-gate-ready', '');
    const drawn = main.getByText(w.empty, { exact: true });
    await expect(drawn).toHaveCount(1);
    await expect(main.getByRole('link', { name: w.browse })).toHaveCount(1);
    expect(await drawn.boundingBox()).toEqual(before);
  });
}

test('the checkout of a cart with a line, or of a visitor not logged in, draws no empty cart early', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/pc/confirm', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Please log in' })).toBeVisible();
  await expect(main.getByText('Your cart is empty.')).toBeHidden();
  await release();

  await logIn(page);

  await page.goto('/pc/home');
  await page.evaluate(() => localStorage.setItem('servauto.cart', JSON.stringify([{ productId: 'service-basic', quantity: 1, options: {}, variantId: '', carName: '' }])));
  const releaseAgain = await holdScripts(page);
  await page.goto('/pc/confirm', { waitUntil: 'commit' });
  await expect(main.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(main.getByText('Your cart is empty.')).toBeHidden();
  // "Order now" brings its one line in the address, whatever the cart holds.
  await page.evaluate(() => localStorage.setItem('servauto.cart', '[]'));
  await page.goto('/pc/confirm?id=service-basic&quantity=1', { waitUntil: 'commit' });
  await expect(main.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(main.getByText('Your cart is empty.')).toBeHidden();
  await releaseAgain();
});

test('a customer My Orders found with no orders sees the empty list before its scripts run, where the island draws it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page);
  await page.goto('/pc/ms/myorder-status');
  const main = page.getByRole('main');
  await expect(main.getByText('Anda belum mempunyai pesanan.')).toBeVisible();

  const release = await holdScripts(page);
  await page.goto('/pc/ms/myorder-status', { waitUntil: 'commit' });
  const early = main.getByText('Anda belum mempunyai pesanan.');
  await expect(early).toBeVisible();
  const tabs = main.getByRole('navigation', { name: 'Pesanan mengikut status' });
  await expect(tabs.getByRole('link', { name: 'Semua 0' })).toHaveAttribute('aria-current', 'page');
  const before = { list: await early.boundingBox(), tabs: await tabs.boundingBox() };

  await release();
  await expect(page.locator('html')).toHaveAttribute('data-gate-ready', '');
  await expect(main.getByText('Anda belum mempunyai pesanan.')).toHaveCount(1);
  await expect(tabs).toHaveCount(1);
  expect({ list: await early.boundingBox(), tabs: await tabs.boundingBox() }).toEqual(before);

  // Another tab asks for a list of its own: nothing is drawn before it comes.
  const again = await holdScripts(page);
  await page.goto('/pc/ms/myorder-status?status=completed', { waitUntil: 'commit' });
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText('Anda belum mempunyai pesanan.')).toBeHidden();
  await again();
});

test('the shop’s team sees the day’s heading, field and menu before the console’s scripts run, where the island draws them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Once the tab knows the login's role, every console page can be drawn for it at once.
  await openAsStaff(page, ADMIN_PHONE, '/pc/console');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Bookings on ${dateWords(klDate(new Date()), 'en')} in every workshop` })).toBeVisible();

  const release = await holdScripts(page);
  await page.goto('/pc/console?date=2026-12-01', { waitUntil: 'commit' });
  const heading = main.getByRole('heading', { name: 'Bookings on Tue, 1 Dec 2026 in every workshop' });
  await expect(heading).toBeVisible();
  // Nothing typed or tapped there is lost: its fields wait for the island.
  await expect(main.getByLabel('Day', { exact: true })).toHaveValue('2026-12-01');
  await expect(main.getByLabel('Day', { exact: true })).toBeDisabled();
  await expect(main.getByRole('button', { name: 'Today', exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Today', exact: true })).toBeDisabled();
  const menu = main.getByRole('navigation', { name: 'Console pages' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Please log in' })).toBeHidden();
  const before = { heading: await heading.boundingBox(), menu: await menu.boundingBox() };

  await release();
  await expect(page.locator('html')).toHaveAttribute('data-gate-ready', '');
  await expect(heading).toHaveCount(1);
  await expect(main.getByLabel('Day', { exact: true })).toHaveValue('2026-12-01');
  await expect(main.getByLabel('Day', { exact: true })).toBeEnabled();
  expect({ heading: await heading.boundingBox(), menu: await menu.boundingBox() }).toEqual(before);

  // A search is drawn once it has been made: nothing early.
  const again = await holdScripts(page);
  await page.goto('/pc/console?q=SV1', { waitUntil: 'commit' });
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { name: /^Bookings on/ })).toBeHidden();
  await again();
});

test('a workshop’s staff see their own day before the console’s scripts run, in Malay', async ({ page }) => {
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/ms/console');
  const main = page.getByRole('main');
  const today = `Tempahan pada ${dateWords(klDate(new Date()), 'ms')}`;
  await expect(main.getByRole('heading', { name: today, exact: true })).toBeVisible();

  const release = await holdScripts(page);
  await page.goto('/pc/ms/console', { waitUntil: 'commit' });
  const heading = main.getByRole('heading', { name: today, exact: true });
  await expect(heading).toBeVisible();
  await expect(main.getByRole('button', { name: 'Hari ini', exact: true })).toBeHidden();
  // Workshop staff choose no workshop: theirs is the only one.
  await expect(main.getByLabel('Bengkel', { exact: true })).toHaveCount(0);
  const before = await heading.boundingBox();

  await release();
  await expect(page.locator('html')).toHaveAttribute('data-gate-ready', '');
  await expect(heading).toHaveCount(1);
  expect(await heading.boundingBox()).toEqual(before);
});

test('the console logged out asks for the login with no hydration error, whichever island wakes first', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // Marks the page once an island has asked for a dialog (the event that wakes the dialogs' island).
  await page.addInitScript(() => addEventListener('servauto:overlays', () => (document.documentElement.dataset.dialogAsked = '')));
  for (const [prefix, title] of [['', 'Log in or sign up'], ['zh-cn/', '登录或注册'], ['ms/', 'Log masuk atau daftar']] as const) {
    // The dialogs' island held back until the page's own island has asked for the login, as a
    // slow network may order them: it wakes with the dialog already asked for.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/pc/_astro/Overlays.*.js', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/pc/${prefix}console`);
    await expect(page.locator('html')).toHaveAttribute('data-dialog-asked', '');
    release();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await page.unrouteAll({ behavior: 'wait' });
    // And once more as it comes, islands in their own order.
    await page.goto(`/pc/${prefix}console`);
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

import { expect, test, type Page } from '@playwright/test';
import { codesSentTo, freshPhone, otpFromLog } from './support.ts';

/**
 * Holds back the script whose file name starts with `name` (an island's or a dialog's code),
 * as a slow phone network would, until the returned function is called.
 */
async function holdBack(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Long enough for a tap to have been acted on, were it acted on before its code arrived. */
const A_MOMENT = 500;

test('a tap on "Add Your Car" before the top bar is live opens the car picker once it is', async ({ page }) => {
  const release = await holdBack(page, 'CarBanner');
  await page.goto('/pc/home');
  await page.getByRole('button', { name: 'Add Your Car' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose your car' });
  await page.waitForTimeout(A_MOMENT);
  await expect(picker).toBeHidden();
  release();
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('searchbox', { name: 'Search brands' })).toBeFocused();
});

test('a tap on the account menu before it is live opens the menu once it is', async ({ page }) => {
  const release = await holdBack(page, 'AccountMenu');
  await page.goto('/pc/home');
  const account = page.getByRole('button', { name: 'Account menu' });
  await account.click();
  await page.waitForTimeout(A_MOMENT);
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeHidden();
  release();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
});

test('Log In pressed before the dialogs are live opens the login dialog once they are', async ({ page }) => {
  const release = await holdBack(page, 'Overlays');
  await page.goto('/pc/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await page.waitForTimeout(A_MOMENT);
  await expect(dialog).toBeHidden();
  release();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Phone number')).toBeFocused();
});

test('digits typed and Send pressed before the login code has loaded are kept and sent', async ({ page }) => {
  const release = await holdBack(page, 'LoginDialog');
  await page.goto('/pc/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  // The dialog opens at once, its phone field ready, while its own code is still on the way.
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  const phoneField = dialog.getByLabel('Phone number');
  await expect(phoneField).toBeFocused();
  const phone = freshPhone();
  const before = codesSentTo(phone);
  await page.keyboard.type(phone);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForTimeout(A_MOMENT);
  expect(codesSentTo(phone)).toBe(before);
  release();
  await expect(dialog.getByLabel('6-digit code')).toBeVisible();
  await expect(phoneField).toHaveValue(phone);
  await dialog.getByLabel('6-digit code').fill(await otpFromLog(phone, before));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText(phone.slice(-4));
});

test('a city chosen before the workshop list is live narrows the list once it is', async ({ page }) => {
  const release = await holdBack(page, 'StoreFinder');
  await page.goto('/pc/store');
  const main = page.getByRole('main');
  await main.getByLabel('City').selectOption({ label: 'Petaling Jaya' });
  release();
  // The choice is the shop's city everywhere, the top bar included, and narrows the list.
  await expect(page.getByRole('banner').getByLabel('City')).toHaveValue('petaling-jaya');
  await expect(main.getByRole('article').filter({ hasNotText: 'Petaling Jaya' })).toHaveCount(0);
  expect(await main.getByRole('article').count()).toBeGreaterThan(0);
});

test('a page carries only its own language, and loads a dialog’s code only when it opens', async ({ page }) => {
  const scripts: { url: string; text: Promise<string> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), text: response.text() });
  });
  await page.goto('/pc/ms/home');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const dialogCode = () => scripts.filter((s) => /\/(LoginDialog|CarPicker|MeDialog|LogoutDialog)\./.test(s.url)).map((s) => new URL(s.url).pathname);
  expect(dialogCode()).toEqual([]);

  await page.getByRole('button', { name: 'Tambah Kereta Anda' }).click();
  await expect(page.getByRole('dialog', { name: 'Pilih kereta anda' }).getByRole('button', { name: 'Perodua', exact: true }).first()).toBeVisible();
  expect(dialogCode()).toEqual([expect.stringMatching(/\/CarPicker\./)]);

  // English and Chinese texts never travel to a Malay page.
  for (const script of scripts) {
    const text = await script.text;
    expect(text, script.url).not.toContain('Add Your Car');
    expect(text, script.url).not.toContain('添加您的爱车');
  }
  await expect(page.getByRole('dialog', { name: 'Pilih kereta anda' }).getByRole('searchbox', { name: 'Cari jenama' })).toBeVisible();
});

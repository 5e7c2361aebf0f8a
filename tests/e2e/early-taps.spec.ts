import { expect, test, type Locator, type Page } from '@playwright/test';
import { codesSentTo, freshPhone, otpFromLog } from './support.ts';

interface HeldBack {
  /** Settles once the page has asked for the script: from then on its code is on the way, held. */
  asked: Promise<void>;
  /** Lets the script through. */
  release(): void;
  /** The island whose code it is (a dialog's code has none): asleep while it carries `ssr`. */
  island: Locator;
}

/**
 * Holds back the script whose file name starts with `name` (an island's or a dialog's code),
 * as a slow phone network would, until released. A test waits for `asked` before it looks for
 * what a tap did not do yet, so it never passes because the tap simply came after the code.
 */
async function holdBack(page: Page, name: string): Promise<HeldBack> {
  let release!: () => void;
  let wasAsked!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  await page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), async (route) => {
    wasAsked();
    await released;
    await route.continue();
  });
  return { asked, release, island: page.locator(`astro-island[component-url*="/_astro/${name}."]`) };
}

test('a tap on "Add Your Car" before the top bar is live opens the car picker once it is', async ({ page }) => {
  const held = await holdBack(page, 'CarBanner');
  await page.goto('/pc/home');
  await page.getByRole('button', { name: 'Add Your Car' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose your car' });
  // The tap woke the top bar, whose code is held: it is still asleep, the picker not open.
  await held.asked;
  await expect(held.island).toHaveAttribute('ssr');
  await expect(picker).toBeHidden();
  held.release();
  await expect(held.island).not.toHaveAttribute('ssr');
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('searchbox', { name: 'Search brands' })).toBeFocused();
});

test('a tap on the account menu before it is live opens the menu once it is', async ({ page }) => {
  const held = await holdBack(page, 'AccountMenu');
  await page.goto('/pc/home');
  const account = page.getByRole('button', { name: 'Account menu' });
  await account.click();
  await held.asked;
  await expect(held.island).toHaveAttribute('ssr');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeHidden();
  held.release();
  await expect(held.island).not.toHaveAttribute('ssr');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
});

test('Log In pressed before the dialogs are live opens the login dialog once they are', async ({ page }) => {
  const held = await holdBack(page, 'Overlays');
  await page.goto('/pc/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await held.asked;
  await expect(held.island).toHaveAttribute('ssr');
  await expect(dialog).toBeHidden();
  held.release();
  await expect(held.island).not.toHaveAttribute('ssr');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Phone number')).toBeFocused();
});

test('digits typed and Send pressed before the login code has loaded are kept and sent', async ({ page }) => {
  const held = await holdBack(page, 'LoginDialog');
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
  // Pressed while the dialog's code was still held back: nothing could have been sent.
  await held.asked;
  expect(codesSentTo(phone)).toBe(before);
  held.release();
  await expect(dialog.getByLabel('6-digit code')).toBeVisible();
  await expect(phoneField).toHaveValue(phone);
  await dialog.getByLabel('6-digit code').fill(await otpFromLog(phone, before, page));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText(phone.slice(-4));
});

test('Send pressed down while the login code loads and let go once it has: the code is sent', async ({ page }) => {
  const held = await holdBack(page, 'LoginDialog');
  await page.goto('/pc/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  const phone = freshPhone();
  const before = codesSentTo(phone);
  await dialog.getByLabel('Phone number').fill(phone);
  await held.asked;
  // The finger goes down on the loading form's button; the dialog's code arrives and replaces
  // that button before the finger lifts, so the browser makes no click of the press.
  const send = await dialog.getByRole('button', { name: 'Send OTP' }).boundingBox();
  await page.mouse.move(send!.x + send!.width / 2, send!.y + send!.height / 2);
  await page.mouse.down();
  held.release();
  await expect(dialog.getByLabel('6-digit code')).toBeVisible();
  await page.mouse.up();
  expect(await otpFromLog(phone, before, page)).toMatch(/^\d{6}$/);
  expect(codesSentTo(phone)).toBe(before + 1);
});

test('a city chosen before the workshop list is live narrows the list once it is', async ({ page }) => {
  const held = await holdBack(page, 'StoreFinder');
  await page.goto('/pc/store');
  const main = page.getByRole('main');
  await main.getByLabel('City').selectOption({ label: 'Petaling Jaya' });
  await held.asked;
  await expect(held.island).toHaveAttribute('ssr');
  held.release();
  await expect(held.island).not.toHaveAttribute('ssr');
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

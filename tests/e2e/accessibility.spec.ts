import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';

const pages = [
  ['home', 'home'],
  ['category', 'products/auto-wiper-blade'],
  ['product', 'products/auto-maintenance/service-basic'],
  ['workshops', 'store'],
  ['FAQ', 'faq'],
  ['About', 'about-us-servauto'],
  ['privacy policy', 'agreement/privacy-policy'],
  ['login needed', '401'],
  ['not found', 'no-such-page'],
] as const;

for (const prefix of ['', 'zh-cn/', 'ms/']) {
  for (const [name, path] of pages) {
    test(`${name} page ${prefix ? `(${prefix.slice(0, -1)}) ` : ''}has no serious accessibility problem`, async ({ page }) => {
      await page.goto(`/pc/${prefix}${path}`);
      expect(await seriousProblems(page)).toEqual([]);
    });
  }
}

test('the login dialog works by keyboard alone, keeps focus inside and gives it back', async ({ page }) => {
  await page.goto('/pc/home');
  const account = page.getByRole('button', { name: /Account menu/ });
  await expect(account).toBeEnabled();
  await account.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Log In', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  // Tabbing round the dialog never leaves it.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log In', exact: true }).or(account)).toBeFocused();
});

test('the car picker works by keyboard alone', async ({ page }) => {
  await page.goto('/pc/home');
  const banner = page.getByRole('button', { name: 'Add Your Car' });
  await expect(banner).toBeEnabled();
  await banner.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Choose your car' });
  // Each step starts in its search box.
  await expect(picker.getByRole('searchbox', { name: 'Search brands' })).toBeFocused();
  await page.keyboard.type('toyota');
  // The search narrows the list to the one brand before Tab moves into it.
  await expect(picker.getByRole('group', { name: 'Brand' }).getByRole('button')).toHaveText(['Toyota']);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('searchbox', { name: 'Search models' })).toBeFocused();
  await page.keyboard.type('vios');
  await expect(picker.getByRole('group', { name: 'Model' }).getByRole('button')).toHaveText(['Vios']);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(picker.getByText(/Chosen: Toyota · Vios/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(banner).toBeFocused();
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['home', 'products/auto-tires-service', 'store', 'faq']) {
    test(`/pc/${path} fits the screen without sideways scrolling`, async ({ page }) => {
      await page.goto(`/pc/${path}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    });
  }
});

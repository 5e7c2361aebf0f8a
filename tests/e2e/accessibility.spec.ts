import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';

/** The shop's page kinds, named. */
const pages = [
  ['home', 'home'],
  ['category', 'products/auto-wiper-blade'],
  ['product', 'products/auto-maintenance/service-basic'],
  ['workshops', 'store'],
  ['search', 'search?q=michelin'],
  ['FAQ', 'faq'],
  ['About', 'about-us-servauto'],
  ['privacy policy', 'agreement/privacy-policy'],
  ['login needed', '401'],
  ['not found', 'no-such-page'],
] as const;

/** The console's pages, each checked in one language (the languages take turns), as an admin. */
const consolePages = ['console', 'console/van', 'console/counter', 'console/mail', 'console/refunds', 'console/warranty', 'console/closures', 'console/dashboard', 'console/reviews', 'console/einvoices', 'console/content'];
/** The console's menu, named in each language: shown once the staff check has passed. */
const consoleMenu = { '': 'Console pages', 'zh-cn/': '后台页面', 'ms/': 'Halaman konsol' } as const;

/** Each language's path prefix, its `lang` and the language switcher's name in it. */
const languages = [
  ['', 'en-MY', 'Language'],
  ['zh-cn/', 'zh-CN', '语言'],
  ['ms/', 'ms-MY', 'Bahasa'],
] as const;

// One test per language: every page kind is opened in turn and shown in the language (its `lang`,
// its heading, the switcher named in it). Each kind is checked for accessibility problems in one
// language, the languages taking turns: a page's roles, names and colours are the same in all three
// (each dictionary has every key of the English one, by its type), and the check is the costliest step here.
for (const [i, [prefix, lang, switcher]] of languages.entries()) {
  test(`every page kind renders in ${lang}; its share of them, the console's for an admin, with no serious accessibility problem`, async ({ page }) => {
    const problems: Record<string, string[]> = {};
    for (const [n, [, path]] of pages.entries()) {
      await page.goto(`/pc/${prefix}${path}`);
      await expect(page.locator('html'), path).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.getByRole('navigation', { name: switcher, exact: true }), path).toBeAttached();
      if (n % languages.length === i) problems[`/pc/${prefix}${path}`] = await seriousProblems(page);
    }
    for (const path of consolePages.filter((_, n) => n % languages.length === i)) {
      await openAsStaff(page, ADMIN_PHONE, `/pc/${prefix}${path}`);
      await expect(page.getByRole('navigation', { name: consoleMenu[prefix] })).toBeVisible();
      problems[`/pc/${prefix}${path}`] = await seriousProblems(page);
    }
    expect(Object.fromEntries(Object.entries(problems).filter(([, found]) => found.length > 0))).toEqual({});
  });
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

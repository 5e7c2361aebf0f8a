import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';

/** The console's menu, named in each language: shown once the staff check has passed. */
const menu = { '': 'Console pages', 'zh-cn/': '后台页面', 'ms/': 'Halaman konsol' } as const;
const pages = ['console', 'console/counter', 'console/mail', 'console/refunds', 'console/warranty', 'console/closures', 'console/dashboard', 'console/reviews', 'console/einvoices', 'console/content'];

for (const [prefix, path] of pages.map((p, i) => [(['', 'zh-cn/', 'ms/'] as const)[i % 3]!, p] as const)) {
  test(`/${prefix}${path} has no serious accessibility problem for an admin`, async ({ page }) => {
    await openAsStaff(page, ADMIN_PHONE, `/pc/${prefix}${path}`);
    await expect(page.getByRole('navigation', { name: menu[prefix] })).toBeVisible();
    expect(await seriousProblems(page)).toEqual([]);
  });
}

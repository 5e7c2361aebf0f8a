import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';

/** The console's menu, named in each language: shown once the staff check has passed. */
const menu = { '': 'Console pages', 'zh-cn/': '后台页面', 'ms/': 'Halaman konsol' } as const;
const pages = ['console', 'console/counter', 'console/mail', 'console/refunds', 'console/closures', 'console/dashboard'];

for (const [prefix, path] of pages.map((p, i) => [(['', 'zh-cn/', 'ms/'] as const)[i % 3]!, p] as const)) {
  test(`/${prefix}${path} has no serious accessibility problem for an admin`, async ({ page }) => {
    await openAsStaff(page, ADMIN_PHONE, `/pc/${prefix}${path}`);
    await expect(page.getByRole('navigation', { name: menu[prefix] })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`)).toEqual([]);
  });
}

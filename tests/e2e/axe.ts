import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The page's serious and critical WCAG 2.1 A/AA problems, as lines naming the rule and the first
 * elements, once its islands have woken and their data arrived (a list dimmed while it loads is
 * not the page). Axe runs inside the page itself: the shop has no frames to combine results from,
 * and opening a page to combine them costs as much as the check.
 */
export async function seriousProblems(page: Page): Promise<string[]> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
}

import { expect, test, type Page } from '@playwright/test';
import { english, logInThroughMenu } from './support.ts';

// Every page runs under a strict Content-Security-Policy (server/http/security-headers.ts): its
// own inline scripts by hash, scripts only from the shop. The shop works with it on, and a
// script put into a page some other way does not run.

/** The page's policy violations, as the browser reports them, from before the page's first script. */
async function violationsOf(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));
  });
  return seen;
}

/** Every island of the page has woken (Astro drops `ssr` once it has): none was stopped by the policy. */
async function awake(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const pages = [
  ['/pc/home', 'Servauto — car servicing'],
  ['/pc/zh-cn/home', 'Servauto — 汽车保养'],
  ['/pc/products/auto-wiper-blade', 'Wiper Blades fitted near you'],
  ['/pc/products/auto-maintenance/service-basic', 'Basic service'],
  ['/pc/store', 'Partner workshops'],
  ['/pc/search?q=oil', 'Search'],
  ['/pc/about-us-servauto', 'About Servauto'],
  ['/pc/ms/faq', 'Soalan lazim'],
  ['/pc/agreement/privacy-policy', 'Privacy Policy'],
  ['/pc/confirm', 'Checkout'],
  ['/pc/garage', 'My garage'],
  ['/pc/myorder-status', 'My Orders'],
  ['/pc/console', 'Today at my workshop'],
  ['/pc/no-such-page', 'Page not found'],
] as const;

test('the main pages wake every island under the policy and report no violation', async ({ page }) => {
  const violations = await violationsOf(page);
  for (const [address, title] of pages) {
    const res = await page.goto(address);
    expect(res?.headers()['content-security-policy'], address).toMatch(/script-src 'self' 'sha256-/);
    await expect(page, address).toHaveTitle(new RegExp(`^${title}`));
    await awake(page);
  }
  // Seen again, from the browser's cache (answered "not modified"): the page keeps its policy.
  await page.goto('/pc/home');
  await page.reload();
  await awake(page);
  expect(violations).toEqual([]);
});

test('the FAQ’s own inline script still narrows the questions, and logging in works, with no violation', async ({ page }) => {
  const violations = await violationsOf(page);
  await page.goto('/pc/faq');
  const count = page.getByText(/^\d+ questions?$/);
  const all = await count.textContent();
  await page.getByLabel('Search the FAQ').fill('refund');
  await expect(count).not.toHaveText(all ?? '');
  await page.getByLabel('Search the FAQ').fill('zzzz');
  await expect(page.getByText('No question matches “zzzz”. Try another word, or contact us.')).toBeVisible();
  await awake(page);
  await logInThroughMenu(page, english);
  await expect(page.getByRole('button', { name: english.account })).toBeVisible();
  expect(violations).toEqual([]);
});

test('a script put into a page after it loaded does not run, and the browser reports it', async ({ page }) => {
  const violations = await violationsOf(page);
  await page.goto('/pc/home');
  await awake(page);
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injected?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    document.body.insertAdjacentHTML('beforeend', '<img src="/pc/favicon.svg" onload="window.injected = true">');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return w.injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThanOrEqual(1);
  expect(violations.join('\n')).toMatch(/Executing inline script violates the following Content Security Policy directive 'script-src/);
  expect(violations.join('\n')).toMatch(/Executing inline event handler violates the following Content Security Policy directive 'script-src/);
});

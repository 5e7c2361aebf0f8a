import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const seller = JSON.parse(readFileSync('content/seller.json', 'utf8')) as { email: string };

test('/ and /pc/ lead to the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/pc\/home$/);
  await page.goto('/pc/');
  await expect(page).toHaveURL(/\/pc\/home$/);
  await expect(page).toHaveTitle('Servauto — car servicing, tyres and accessories fitted near you');
});

test('the home page makes the shop promises and links every category', async ({ page }) => {
  await page.goto('/pc/home');
  for (const promise of ['Genuine parts', 'Transparent pricing', '30-day warranty', '50+ workshops', 'Save about 40%']) {
    await expect(page.getByRole('heading', { name: promise })).toBeVisible();
  }
  const categories = page.getByRole('region', { name: 'Shop by service' }).or(page.locator('section', { has: page.getByRole('heading', { name: 'Shop by service' }) }));
  await expect(categories.getByRole('link', { name: 'Wiper Blades' })).toHaveAttribute('href', '/pc/products/auto-wiper-blade');
  await expect(categories.getByRole('link', { name: 'Tyres' })).toHaveAttribute('href', '/pc/products/auto-tires-service');
  // The basic service's price is an offer to follow, not a stray line.
  await categories.getByRole('link', { name: 'Basic service from RM 159.00' }).click();
  await expect(page).toHaveURL(/\/pc\/products\/auto-maintenance\/service-basic$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basic service');
});

test('the banner carousel moves with buttons and arrow keys, and pauses', async ({ page }) => {
  await page.goto('/pc/home');
  const carousel = page.getByRole('region', { name: 'Offers' });
  await expect(carousel.getByRole('group', { name: 'Banner 1 of 3' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Pause the banners' }).click();
  await expect(carousel.getByRole('button', { name: 'Play the banners' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Next banner' }).click();
  await expect(carousel.getByRole('group', { name: 'Banner 2 of 3' })).toBeVisible();
  await expect(carousel.getByRole('link', { name: 'Tyres fitted, balanced and aligned' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(carousel.getByRole('group', { name: 'Banner 3 of 3' })).toBeVisible();
  await carousel.getByRole('button', { name: 'Show banner 1' }).click();
  await expect(carousel.getByRole('group', { name: 'Banner 1 of 3' })).toBeVisible();
});

test('the city dropdown lists the cities and remembers the choice', async ({ page }) => {
  await page.goto('/pc/home');
  const city = page.getByLabel('City');
  await expect(city.getByRole('option', { name: 'Petaling Jaya' })).toBeAttached();
  await city.selectOption({ label: 'Johor Bahru' });
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('johor-bahru');
});

test('footer contacts copy on click and policy links go to the agreement page', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/pc/home');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: new RegExp(seller.email.replace(/\./g, '\\.')) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copy successful' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(seller.email);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/pc/agreement?id=PRIVACYPOLICY');
  await expect(footer.getByRole('link', { name: 'Return Policy' })).toHaveAttribute('href', '/pc/agreement?id=RETURNPOLICY');
  await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/pc/agreement?id=Terms');
});

test('the account menu asks for a login before My Orders', async ({ page }) => {
  await page.goto('/pc/home');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  await expect(page).toHaveURL(/\/pc\/home$/);
});

import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';
import { ADMIN_PHONE, openAsStaff, placeAt, SEGAMBUT } from './console-helpers.ts';

const KEPAYAN = 'kota-kinabalu-kepayan-auto-service';

test('an admin finds orders in every workshop by a phone however typed or a plate; the workshop filter goes by state and town, with a search box', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  // A contact phone (011-XXXX XXXX) and a plate no other test uses.
  const digits = String(Date.now()).slice(-8);
  const plate = `SAB ${1 + (Number(digits) % 9999)}`;
  const inKl = await placeAt(customer, SEGAMBUT, 'pickup', `VBK ${1 + (Number(digits) % 9999)}`, `011${digits}`);
  const inSabah = await placeAt(customer, KEPAYAN, 'pickup', plate, `011${digits}`);
  const card = (orderNo: string) => page.getByRole('article', { name: new RegExp(orderNo) });

  await openAsStaff(page, ADMIN_PHONE, '/pc/console');
  const workshop = page.getByLabel('Workshop', { exact: true });
  await expect(workshop.locator('option:checked')).toHaveText('All workshops');
  // "All workshops" is there at once; the workshops, grouped by state and town, once they have loaded.
  await expect(workshop.locator('optgroup').first()).toBeAttached();
  const groups = await workshop.locator('optgroup').evaluateAll((list) => list.map((g) => g.getAttribute('label') ?? ''));
  expect(groups[0]).toBe('Johor · Johor Bahru');
  expect(groups).toContain('Sabah · Kota Kinabalu');
  expect(groups).toEqual([...groups].sort((a, b) => a.localeCompare(b, 'en')));

  // Typed as a person gives it: the search looks through every workshop.
  const typed = `+60 11-${digits.slice(0, 4)} ${digits.slice(4)}`;
  await page.getByLabel('Order number, plate or phone').fill(typed);
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `Orders matching “${typed}” in every workshop` })).toBeVisible();
  await expect(card(inKl.orderNo)).toContainText('Bengkel Kereta Maju Jaya');
  await expect(card(inSabah.orderNo)).toContainText('Kepayan Auto Service');

  // The filter box narrows the workshops; one left is the one chosen.
  await page.getByLabel('Filter by name, town or state').fill('kepayan');
  await expect(workshop).toHaveValue(KEPAYAN);
  await expect(page.getByRole('heading', { name: `Orders matching “${typed}”`, exact: true })).toBeVisible();
  await expect(card(inSabah.orderNo)).toBeVisible();
  await expect(card(inKl.orderNo)).toHaveCount(0);

  // Back to every workshop, by the plate as typed in a hurry.
  await workshop.selectOption({ label: 'All workshops' });
  await page.getByLabel('Order number, plate or phone').fill(plate.replace(' ', '').toLowerCase());
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
  await expect(card(inSabah.orderNo)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
});

import { expect, test } from '@playwright/test';
import { addDays, klDate, weekdayOf } from '../../contract/rules/kl-calendar.ts';
import { ADMIN_PHONE, openAsStaff } from './console-helpers.ts';

/** A Kuala Lumpur date some weeks ahead, a weekday no other test books. */
function dayAhead(days: number) {
  const date = addDays(klDate(new Date()), days);
  return weekdayOf(date) === 'sun' ? addDays(date, 1) : date;
}

test('an admin closes a workshop for a day with a reason, confirmed first; closing it again is refused in the dialog', async ({ page }) => {
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/closures');
  await page.getByRole('button', { name: 'Close this day' }).click();
  await expect(page.getByText('Choose the workshop.')).toBeVisible();
  await expect(page.getByText('Choose today or a later date.')).toBeVisible();
  await expect(page.getByText('Write the reason.')).toBeVisible();

  const date = dayAhead(40);
  const workshop = page.getByLabel('Workshop');
  const name = (await workshop.locator('option:not([disabled])').first().textContent())!.trim();
  await workshop.selectOption({ label: name });
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Reason').fill('Hoist under repair');
  await page.getByRole('button', { name: 'Close this day' }).click();
  const dialog = page.getByRole('alertdialog', { name: new RegExp(`^Close ${name} on `) });
  await expect(dialog).toContainText('Customers booked that day are told by SMS');
  await dialog.getByRole('button', { name: 'Close the workshop' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`^${name} is closed on `))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Closures' })).toContainText('Hoist under repair');

  // The same day again: the server refuses, and says why where the admin is looking.
  await page.getByLabel('Reason').fill('Hoist under repair');
  await page.getByRole('button', { name: 'Close this day' }).click();
  await dialog.getByRole('button', { name: 'Close the workshop' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('a reason typed right after choosing the workshop, found by its town, is the one saved with the closure', async ({ page }) => {
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/closures');
  const workshop = page.getByLabel('Workshop');
  await page.getByLabel('Filter by name, town or state').fill('kota kinabalu');
  await expect(workshop.locator('option:not([disabled])')).toHaveText(['Kedai Tayar Kolam Jaya', 'Kepayan Auto Service', 'Lintas Tint & Dashcam']);
  await workshop.selectOption({ label: 'Kepayan Auto Service' });
  await page.getByLabel('Reason').pressSequentially('Flooded access road');
  await page.getByLabel('Date').fill(dayAhead(47));
  await expect(page.getByLabel('Reason')).toHaveValue('Flooded access road');
  await page.getByRole('button', { name: 'Close this day' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Close Kepayan Auto Service on / });
  await dialog.getByRole('button', { name: 'Close the workshop' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Closures' }).getByRole('listitem').filter({ hasText: 'Kepayan Auto Service' })).toContainText('Flooded access road');
});

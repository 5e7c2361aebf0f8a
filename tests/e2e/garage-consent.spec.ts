import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { api } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

interface Consent {
  serviceReminders: boolean;
  expiryReminders: boolean;
  wording: { serviceReminders: string; expiryReminders: string };
  history: { at: string }[];
}

test('reminders are off until the customer turns them on, each beside the sentence the shop stores, and the choice stays', async ({ page }) => {
  await logIn(page);
  await page.goto('/pc/garage');
  const reminders = page.getByRole('region', { name: 'Reminders' });
  const service = reminders.getByRole('checkbox', { name: 'Service reminders' });
  const expiry = reminders.getByRole('checkbox', { name: 'Road tax and insurance reminders' });
  await expect(service).not.toBeChecked();
  await expect(expiry).not.toBeChecked();
  await expect(reminders.getByText('Last changed')).toHaveCount(0);

  // Each switch carries the exact sentence the server stores with a change.
  const before = await api<Consent>(page, '/app/user/consent', {});
  await expect(reminders.getByText(before.wording.serviceReminders, { exact: true })).toBeVisible();
  await expect(reminders.getByText(before.wording.expiryReminders, { exact: true })).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);

  await service.check();
  await expect(service).toBeChecked();
  await expect(reminders.getByText(/Last changed: /)).toBeVisible();
  await page.reload();
  await expect(service).toBeChecked();
  await expect(expiry).not.toBeChecked();
  await expect(reminders.getByText(/Last changed: .+/)).toBeVisible();
  const after = await api<Consent>(page, '/app/user/consent', {});
  expect(after.serviceReminders).toBe(true);
  expect(after.history).toHaveLength(1);

  await service.uncheck();
  await expect(service).not.toBeChecked();
  await expect.poll(async () => (await api<Consent>(page, '/app/user/consent', {})).serviceReminders).toBe(false);
});

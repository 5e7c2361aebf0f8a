import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { api, myviInPetalingJaya } from './my-orders-helpers.ts';
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

interface Channels {
  whatsapp: boolean;
  since: string | null;
  wording: string;
  history: { whatsapp: boolean; how: string }[];
}

test('order updates come by SMS until the customer turns WhatsApp on in My garage; the checkout then starts with it ticked', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/garage');
  const updates = page.getByRole('region', { name: 'Order updates' });
  const whatsapp = updates.getByRole('switch', { name: 'Send my order updates on WhatsApp' });
  await expect(whatsapp).not.toBeChecked();
  await expect(whatsapp).toHaveAccessibleDescription('Your login code always comes by SMS.');
  // The switch carries the exact sentence the server stores with a change.
  expect((await api<Channels>(page, '/app/user/channels', {})).wording).toBe('Send my order updates on WhatsApp');

  await whatsapp.check();
  await expect(whatsapp).toBeChecked();
  await expect(whatsapp).toHaveAccessibleDescription(/^On since \w{3}, \d{1,2} \w{3} \d{4}\. Your login code always comes by SMS\.$/);
  await page.reload();
  await expect(whatsapp).toBeChecked();
  expect((await api<Channels>(page, '/app/user/channels', {})).history.map((h) => [h.whatsapp, h.how])).toEqual([[true, 'account']]);

  // The checkout shows the choice in force.
  await page.goto('/pc/confirm?id=service-basic&quantity=1');
  await expect(page.getByRole('main').getByRole('checkbox', { name: 'Send my order updates on WhatsApp' })).toBeChecked();

  await page.goto('/pc/garage');
  await whatsapp.uncheck();
  await expect(whatsapp).not.toBeChecked();
  // The switch is held while the change is stored, and moves back if it is refused.
  await expect(whatsapp).toBeEnabled();
  await expect(whatsapp).not.toBeChecked();
  await expect(updates.getByText(/^On since/)).toHaveCount(0);
  expect((await api<Channels>(page, '/app/user/channels', {})).whatsapp).toBe(false);
});

import { expect, test } from '@playwright/test';
import { ADMIN_PHONE, placeAt, staffSession } from './console-helpers.ts';
import { api, payInSandbox, photo, SS2 } from './my-orders-helpers.ts';
import { chooseFreeTime, logInThroughMenu, malay } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a customer claims under the warranty in Malay, the admin accepts, the customer books the free repair and sees the steps', async ({ browser, page }) => {
  await page.goto('/pc/ms/home');
  await logInThroughMenu(page, malay);
  const { orderNo } = await placeAt(page, SS2, 'install', `WTY ${1 + (Date.now() % 9999)}`);
  await payInSandbox(page, orderNo, 'Bayar');

  // The admin starts and completes the installation (through the console's calls).
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/pc/home');
  const session = await staffSession(admin, ADMIN_PHONE);
  await admin.evaluate((s) => sessionStorage.setItem('servauto.user', JSON.stringify(s)), session);
  await api(admin, '/console/orders/start', { orderNo });
  await api(admin, '/console/orders/complete', { orderNo, odometerKm: 45_000 });

  await page.goto(`/pc/ms/myorder-status/detail?orderNo=${orderNo}`);
  const warranty = page.getByRole('region', { name: 'Waranti 30 hari' });
  await expect(warranty.getByText(/^Anda boleh membuat tuntutan sehingga (Isn|Sel|Rab|Kha|Jum|Sab|Ahd), \d{1,2} \S+ \d{4}\.$/)).toBeVisible();

  await warranty.getByRole('button', { name: 'Tuntut di bawah waranti' }).click();
  const form = page.getByRole('dialog', { name: 'Tuntut di bawah waranti' });
  const description = form.getByLabel('Apakah masalahnya?');
  // Too short: said by the field, what was typed kept.
  await description.fill('Bunyi');
  await form.getByRole('button', { name: 'Hantar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Sila tulis sekurang-kurangnya 10 aksara.');
  await expect(description).toHaveAccessibleDescription(/Sila tulis sekurang-kurangnya 10 aksara\./);
  await expect(description).toHaveValue('Bunyi');
  // The one line of the order is ticked already.
  await expect(form.getByRole('checkbox')).toBeChecked();
  await description.fill('Bunyi berdecit dari enjin sejak servis semalam.');
  await expect(form.getByText('47 daripada 1,000 aksara')).toBeVisible();
  await form.getByLabel('Tambah gambar').setInputFiles(await photo('enjin.jpg'));
  await expect(form.getByRole('img')).toHaveCount(1);
  await form.getByRole('button', { name: 'Hantar' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Tuntutan ${orderNo}-W1 dihantar.`, { exact: false })).toBeVisible();

  const claim = warranty.getByRole('article', { name: `Tuntutan ${orderNo}-W1 · Menunggu semakan bengkel` });
  await expect(claim).toContainText('Bunyi berdecit dari enjin sejak servis semalam.');
  await expect(claim.getByRole('img', { name: `Gambar 1 tuntutan ${orderNo}-W1` })).toBeVisible();
  await expect(warranty.getByRole('button', { name: 'Tuntut di bawah waranti' })).toBeHidden();

  // The admin accepts it, with a note the customer reads.
  const { claims } = await api<{ claims: { claimId: string }[] }>(page, '/app/warranty/mine', { orderNo });
  await api(admin, '/console/warranty/accept', { claimId: claims[0]!.claimId, note: 'Tali sawat akan diganti secara percuma.' });

  await page.reload();
  const accepted = warranty.getByRole('article', { name: `Tuntutan ${orderNo}-W1 · Diterima: pembaikan percuma` });
  const steps = accepted.getByRole('list', { name: 'Kemajuan tuntutan' });
  await expect(steps.getByRole('listitem')).toHaveText([/Tuntutan dihantar/, /Diterima: pembaikan percuma.*Tali sawat akan diganti secara percuma\.$/, /Pembaikan ditempahBelum lagi/, /Telah dibaiki/]);

  await accepted.getByRole('button', { name: 'Tempah pembaikan percuma' }).click();
  const book = page.getByRole('dialog', { name: 'Tempah pembaikan percuma' });
  await book.getByRole('button', { name: 'Tempah masa ini' }).click();
  await expect(book.getByRole('alert')).toBeVisible();
  const date = book.getByLabel('Tarikh', { exact: true });
  const days = await date.locator('option:not([disabled]):not([value=""])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await date.selectOption(days[0]!);
  const time = await chooseFreeTime(book.getByRole('group', { name: 'Masa' }));
  await book.getByRole('button', { name: 'Tempah masa ini' }).click();
  await expect(book).toBeHidden();
  await expect(page.getByText(/^Pembaikan percuma anda telah ditempah pada /)).toBeVisible();

  // The booked step names the day, the time and the workshop; the time may be changed.
  await expect(steps.getByRole('listitem').nth(2)).toContainText(new RegExp(`Pembaikan ditempah.*${time} di SS2 Tyre & Auto Service`));
  await expect(steps.locator('[aria-current="step"]')).toContainText('Pembaikan ditempah');
  await expect(accepted.getByRole('button', { name: 'Tukar masa' })).toBeVisible();
});

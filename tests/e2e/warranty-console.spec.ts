import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PHONE, openAsStaff, placeAt, SEGAMBUT } from './console-helpers.ts';
import { api, payInSandbox, photo } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** A photo uploaded by the logged-in customer, as the claim form sends one: its key. */
async function uploadPhoto(page: Page): Promise<string> {
  const { buffer, name, mimeType } = await photo('wiper.jpg');
  return page.evaluate(
    async ([base64, name, mimeType]) => {
      const key = (JSON.parse(sessionStorage.getItem('servauto.user') ?? 'null') as { userKey: string } | null)?.userKey ?? '';
      const form = new FormData();
      form.append('file', new File([Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0))], name, { type: mimeType }));
      const res = await fetch('/api/app/upload/image', { method: 'POST', headers: { Authorization: key, userKey: key, language: 'ms_my' }, body: form });
      const answer = (await res.json()) as { code: number; msg: string; data: { key: string } };
      if (answer.code !== 200) throw new Error(`upload answered ${answer.code}: ${answer.msg}`);
      return answer.data.key;
    },
    [buffer.toString('base64'), name, mimeType] as const,
  );
}

test('an admin reads a warranty claim in Malay at 390 px and rejects it with a reason the card then shows', async ({ browser, page }) => {
  // A customer's installation, paid, started and completed by the admin through the console's calls.
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logIn(customer);
  await customer.goto('/pc/ms/home');
  const plate = `WRC ${1 + (Date.now() % 9999)}`;
  const { orderNo } = await placeAt(customer, SEGAMBUT, 'install', plate);
  await payInSandbox(customer, orderNo, 'Bayar');

  await openAsStaff(page, ADMIN_PHONE, '/pc/ms/home');
  await api(page, '/console/orders/start', { orderNo });
  const done = await api<{ lines: { lineId: string }[] }>(page, '/console/orders/complete', { orderNo, odometerKm: 45_000 });

  // The customer claims for the service within the warranty, with a photo.
  const description = 'Lampu amaran minyak menyala semula dua hari selepas servis.';
  await api(customer, '/app/warranty/add', { orderNo, lineIds: [done.lines[0]!.lineId], description, photoIds: [await uploadPhoto(customer)] });

  await page.goto('/pc/ms/console/warranty');
  await expect(page.getByRole('navigation', { name: 'Halaman konsol' }).getByRole('link', { name: 'Waranti' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Tunjukkan').selectOption({ label: 'Menunggu keputusan' });
  const claimNo = `${orderNo}-W1`;
  const card = page.getByRole('article', { name: new RegExp(`Tuntutan ${claimNo}`) });
  await expect(card).toContainText(`Pesanan ${orderNo}`);
  await expect(card).toContainText(plate);
  await expect(card).toContainText('Menunggu keputusan');
  await expect(card).toContainText(description);
  await expect(card).toContainText('Baki waranti 30 hari semasa dituntut');
  await expect(card.getByRole('region', { name: 'Item yang dituntut' })).toContainText('1 ×');
  await expect(card.getByRole('link', { name: `Foto 1 bagi ${claimNo}` })).toHaveAttribute('href', /\/api\/upload\/image\//);

  await card.getByRole('button', { name: 'Tolak' }).click();
  const dialog = page.getByRole('dialog', { name: `Tolak tuntutan ${claimNo}` });
  // The reason is required: the dialog asks for it before sending.
  await dialog.getByRole('button', { name: 'Tolak tuntutan' }).click();
  await expect(dialog.getByText('Tulis sebab untuk pelanggan.')).toBeVisible();
  const reason = 'Lampu menyala kerana sensor tekanan minyak rosak, bukan kerja servis kami.';
  await dialog.getByLabel('Sebab yang akan dibaca pelanggan').fill(reason);
  await dialog.getByRole('button', { name: 'Tolak tuntutan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Tuntutan ${claimNo} ditolak.`)).toBeVisible();

  await expect(card).toContainText('Ditolak');
  await expect(card).toContainText(`Sebab yang diberi${reason}`);
  await expect(card.getByRole('button', { name: 'Tolak' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Terima' })).toHaveCount(0);
});

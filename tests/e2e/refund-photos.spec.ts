import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';
import { myviInPetalingJaya, payInSandbox, photo, placeOrder } from './my-orders-helpers.ts';

test('a file that is not a picture is refused when chosen, by its name, even named and typed as a photo, in each language', async ({ page }) => {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto('/pc/home');
  const orderNo = await placeOrder(page);
  await payInSandbox(page, orderNo);

  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/api/app/upload/image') && uploads.push(r.url()));
  const notes = { name: 'bumper.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Notes: scratch on the rear bumper, left side.') };
  for (const [prefix, button, addPhotos, refusal] of [
    ['', 'Request a refund', 'Add photos', 'bumper.jpg is not a picture (JPEG, PNG, WebP or HEIC).'],
    ['/zh-cn', '申请退款', '添加照片', 'bumper.jpg 不是图片（JPEG、PNG、WebP 或 HEIC）。'],
    ['/ms', 'Minta bayaran balik', 'Tambah gambar', 'bumper.jpg bukan gambar (JPEG, PNG, WebP atau HEIC).'],
  ] as const) {
    await page.goto(`/pc${prefix}/myorder-status/detail?orderNo=${orderNo}`);
    await page.getByRole('main').getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog');
    const add = dialog.getByLabel(addPhotos);
    await add.setInputFiles(notes);
    await expect(dialog.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
    await expect(dialog.getByRole('img')).toHaveCount(0);
    // A real photo is still taken.
    await add.setInputFiles(await photo());
    await expect(dialog.getByRole('img')).toHaveCount(1);
  }
  expect(uploads).toEqual([]);
});

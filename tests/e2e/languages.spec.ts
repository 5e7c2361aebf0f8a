import { expect, test } from '@playwright/test';
import { chinese, logInThroughMenu, malay, shownPhone } from './support.ts';

for (const [name, path, lang, texts, heading] of [
  ['Chinese', '/pc/zh-cn/home', 'zh-CN', chinese, '诚实透明的含安装价格，呵护您的爱车'],
  ['Malay', '/pc/ms/home', 'ms-MY', malay, 'Penjagaan kereta pada harga pemasangan yang jujur'],
] as const) {
  test(`the same login works in ${name}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const phone = await logInThroughMenu(page, texts);
    await expect(page.getByRole('button', { name: texts.account })).toContainText(shownPhone(phone));
  });
}

test('the language switcher keeps the page and the login', async ({ page }) => {
  await page.goto('/pc/home');
  const phone = await logInThroughMenu(page);
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Bahasa Melayu' }).click();
  await expect(page).toHaveURL(/\/pc\/ms\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Penjagaan kereta pada harga pemasangan yang jujur');
  await expect(page.getByRole('button', { name: malay.account })).toContainText(shownPhone(phone));
  await page.getByRole('navigation', { name: 'Bahasa' }).getByRole('link', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/pc\/zh-cn\/home$/);
});

test('unknown pages answer 404 in the language of their path', async ({ page }) => {
  const response = await page.goto('/pc/ms/tiada-halaman-ini');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Halaman tidak ditemui');
  await page.getByRole('link', { name: 'Kembali ke halaman utama' }).click();
  await expect(page).toHaveURL(/\/pc\/ms\/home$/);
});

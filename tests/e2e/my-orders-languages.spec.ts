import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support.ts';
import { myviInPetalingJaya, payInSandbox, placeOrder } from './my-orders-helpers.ts';


async function customer(page: Page, prefix: string) {
  await myviInPetalingJaya(page);
  await logIn(page);
  await page.goto(`${prefix}home`);
}

test('in Malay: a paid pickup order is found under Akan datang, and its page shows the pickup code large and as a QR code', async ({ page }) => {
  await customer(page, '/pc/ms/');
  const orderNo = await placeOrder(page, 'pickup');
  await payInSandbox(page, orderNo, 'Bayar');

  await page.goto('/pc/ms/myorder-status');
  const tabs = page.getByRole('navigation', { name: 'Pesanan mengikut status' });
  await tabs.getByRole('link', { name: 'Akan datang 1' }).click();
  await expect(page).toHaveURL(/\/pc\/ms\/myorder-status\?status=upcoming$/);
  const card = page.getByRole('article', { name: `Pesanan ${orderNo}` });
  await expect(card).toContainText('Ambil sendiri di SS2 Tyre & Auto Service');
  const code = (await card.getByText(/^Kod ambil: \d+$/).textContent())!.replace(/\D/g, '');

  await card.getByRole('link', { name: `Lihat butiran: Pesanan ${orderNo}` }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Butiran pesanan' })).toBeVisible();
  await expect(main.getByText(code, { exact: true })).toBeVisible();
  await expect(main.getByRole('img', { name: `Kod QR bagi kod ambil ${code}` })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Garis masa' })).toContainText('Sedang disediakan untuk diambil');
  await expect(main.getByRole('button', { name: 'Minta bayaran balik' })).toBeVisible();
});

test('in Chinese: an unpaid order is cancelled with a common reason, then deleted', async ({ page }) => {
  await customer(page, '/pc/zh-cn/');
  const orderNo = await placeOrder(page);

  await page.goto('/pc/zh-cn/myorder-status?status=pending-payment');
  const tabs = page.getByRole('navigation', { name: '按状态查看订单' });
  await expect(tabs.getByRole('link', { name: '待付款 1' })).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('article', { name: `订单 ${orderNo}` });
  await expect(card.getByRole('link', { name: /^付款（剩余 \d+:\d\d）$/ })).toBeVisible();
  await card.getByRole('button', { name: '取消订单' }).click();
  const dialog = page.getByRole('alertdialog', { name: `取消订单 ${orderNo}？` });
  await dialog.getByLabel('我改变主意了').check();
  await dialog.getByRole('button', { name: '取消订单' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`订单 ${orderNo} 已取消。`)).toBeVisible();
  await expect(page.getByText('这里没有订单。')).toBeVisible();

  await tabs.getByRole('link', { name: '已取消 1' }).click();
  await card.getByRole('button', { name: '删除订单' }).click();
  await page.getByRole('alertdialog', { name: `删除订单 ${orderNo}？` }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(`订单 ${orderNo} 已从您的列表中移除。`)).toBeVisible();
  await expect(tabs.getByRole('link', { name: '全部 0' })).toBeVisible();
});

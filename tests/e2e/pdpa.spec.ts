import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { seriousProblems } from './axe.ts';
import { api, myviInPetalingJaya, placeOrder } from './my-orders-helpers.ts';
import { codesSentTo, freshPhone, logIn, otpFromLog, untilTheNextCode } from './support.ts';

/**
 * The customer's data (docs/contracts/running-the-business.md §5), in each language on a phone:
 * Me → Download my data gives the servauto-export-1 file; Close my account is refused while an
 * order awaits payment, naming it, and done once it is cancelled; the same phone then logs in
 * to a new, empty account.
 *
 * On the second test server (playwright.config.ts), where a phone's next code may go 1 s after
 * the last: each journey asks for a login code, then a closing code, then (in English) a login
 * code again. Its orders wait only 15 s for payment; the one placed here is cancelled within
 * seconds.
 */

test.use({ baseURL: process.env.SERVAUTO_EXPIRY_BASE_URL, viewport: { width: 390, height: 844 } });

interface Words {
  prefix: string;
  account: RegExp;
  me: string;
  download: string;
  closeAccount: string;
  sendCode: string;
  code: string;
  closed: string;
  noOrders: string;
}

const journeys: Words[] = [
  {
    prefix: '',
    account: /^Account menu/,
    me: 'Me',
    download: 'Download my data',
    closeAccount: 'Close my account',
    sendCode: 'Send code',
    code: 'Code from the SMS',
    closed: 'Your account is closed.',
    noOrders: 'You have no orders yet.',
  },
  {
    prefix: 'zh-cn/',
    account: /^账户菜单/,
    me: '我的',
    download: '下载我的资料',
    closeAccount: '注销我的账户',
    sendCode: '发送验证码',
    code: '短信中的验证码',
    closed: '您的账户已注销',
    noOrders: '您还没有订单。',
  },
  {
    prefix: 'ms/',
    account: /^Menu akaun/,
    me: 'Saya',
    download: 'Muat turun data saya',
    closeAccount: 'Tutup akaun saya',
    sendCode: 'Hantar kod',
    code: 'Kod daripada SMS',
    closed: 'Akaun anda telah ditutup.',
    noOrders: 'Anda belum mempunyai pesanan.',
  },
];

for (const w of journeys) {
  test(`/${w.prefix}: download my data, then close the account once nothing is open`, async ({ page }) => {
    test.slow();
    const phone = freshPhone();
    const e164 = `+60${phone}`;
    await myviInPetalingJaya(page);
    await logIn(page, phone);
    const loggedInAt = Date.now();
    await page.goto(`/pc/${w.prefix}home`);

    // Download my data, from the Me dialog to the page of the customer's data: one JSON file,
    // servauto-export-1, this customer's.
    const menu = page.getByRole('button', { name: w.account });
    await menu.click();
    await page.getByRole('button', { name: w.me, exact: true }).click();
    await page.getByRole('dialog').getByRole('link', { name: w.download }).click();
    await expect(page).toHaveURL(new RegExp(`/pc/${w.prefix}my-data$`));
    const main = page.getByRole('main');
    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: w.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^servauto-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as { format: string; profile: { phone: string }; orders: unknown[] };
    expect(file.format).toBe('servauto-export-1');
    expect(file.profile.phone).toBe(e164);

    // An order awaiting payment holds the closing back, named.
    const orderNo = await placeOrder(page);
    await page.goto(`/pc/${w.prefix}my-data#close`);
    await expect(main.getByRole('heading', { name: w.closeAccount })).toBeVisible();
    await untilTheNextCode(page, loggedInAt);
    const before = codesSentTo(phone);
    await main.getByRole('button', { name: w.sendCode }).click();
    const sentAt = Date.now();
    await main.getByLabel(w.code).fill(await otpFromLog(phone, before, page));
    await main.getByRole('button', { name: w.closeAccount }).click();
    await expect(main.getByRole('alert')).toContainText(orderNo);
    expect(await seriousProblems(page)).toEqual([]);
    await expect(menu).toHaveAccessibleName(new RegExp(phone.slice(-4)));

    // Cancelled, nothing is open: the same code closes the account, and this device is logged out.
    await api(page, '/app/order/vehicle/order/app/cancel', { orderNo, reason: 'Changed my mind' });
    await main.getByRole('button', { name: w.closeAccount }).click();
    await expect(main.getByRole('status')).toContainText(w.closed);
    await expect(menu).not.toHaveAccessibleName(new RegExp(phone.slice(-4)));
    expect(await page.evaluate(() => sessionStorage.getItem('servauto.user'))).toBeNull();

    // The same phone again: a new account, with no orders.
    await untilTheNextCode(page, sentAt);
    await logIn(page, phone);
    await page.goto(`/pc/${w.prefix}myorder-status`);
    await expect(page.getByRole('main').getByText(w.noOrders)).toBeVisible();
  });
}

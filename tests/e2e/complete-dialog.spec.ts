import { expect, test, type Page } from '@playwright/test';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { isoWeeksIn } from '../../contract/rules/tyre-date.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';
import { openAsStaff, placeAt, TYRE_WORKSHOP_PHONE } from './console-helpers.ts';
import { payInSandbox } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

const SS2 = 'petaling-jaya-ss2-tyre-auto';
const TYRES = { productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } };

/** The DOT date code of a tyre made `days` before today (Kuala Lumpur): ISO week, then the year's two digits. */
function dotDaysAgo(days: number): string {
  const d = new Date(`${addDays(klDate(new Date()), -days)}T00:00:00Z`);
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return `${String(week).padStart(2, '0')}${String(year).slice(2)}`;
}

test.use({ viewport: { width: 390, height: 844 } });

/** The console in `t`'s language, the order found and its Complete dialog open. */
async function openComplete(page: Page, t: typeof zhCn.console, path: string, orderNo: string) {
  await page.goto(path);
  await page.getByLabel(t.search).fill(orderNo);
  await page.getByRole('main').getByRole('button', { name: t.searchAction }).click();
  const card = page.getByRole('article', { name: new RegExp(orderNo) });
  await card.getByRole('button', { name: t.complete }).click();
  return page.getByRole('dialog', { name: t.completeTitle.replace('{orderNo}', orderNo) });
}

test('the Complete dialog shows every problem at once, each by its field, in the console’s language, and no browser bubble', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo } = await placeAt(customer, SS2, 'install', `WCD ${1 + (Date.now() % 9999)}`, '0123456789', [TYRES]);
  await payInSandbox(customer, orderNo);

  // The demo staff of a workshop that fits tyres (content/staff.json), in the Chinese console.
  const zh = zhCn.console;
  await openAsStaff(page, TYRE_WORKSHOP_PHONE, '/pc/zh-cn/console');
  await page.getByLabel(zh.search).fill(orderNo);
  await page.getByRole('main').getByRole('button', { name: zh.searchAction }).click();
  const card = page.getByRole('article', { name: new RegExp(orderNo) });
  await card.getByRole('button', { name: zh.start }).click();
  await page.getByRole('alertdialog', { name: zh.startEarlyTitle.replace('{orderNo}', orderNo) }).getByRole('button', { name: zh.startAnyway }).click();
  await expect(card.getByRole('button', { name: zh.complete })).toBeVisible();

  await card.getByRole('button', { name: zh.complete }).click();
  let complete = page.getByRole('dialog', { name: zh.completeTitle.replace('{orderNo}', orderNo) });
  const fresh = dotDaysAgo(10);
  const tyre = (n: number, t = zh) => complete.getByRole('group', { name: t.tyreN.replace('{n}', String(n)), exact: true });
  // No odometer; tyre 2 a week 2025 does not have, tyre 3 not four digits; tyre 4's whole code ends otherwise.
  await tyre(1).getByLabel(zh.dotDate).fill(fresh);
  await tyre(2).getByLabel(zh.dotDate).fill('5325');
  await tyre(3).getByLabel(zh.dotDate).fill('3x25');
  await tyre(4).getByLabel(zh.dotDate).fill('0225');
  await tyre(4).getByLabel(zh.dotFull).fill('DOT 4B9V ABCD 0325');
  await complete.getByRole('button', { name: zh.completeNow }).click();

  // Every problem together, each beside its field; the first field at fault has the focus. A
  // browser's own check would have stopped the form before any of these showed.
  const odometer = complete.getByLabel(zh.odometerKm);
  await expect(odometer).toBeFocused();
  await expect(odometer).toHaveAccessibleDescription('请输入里程表读数（公里）后再完成安装。');
  await expect(tyre(1).getByRole('alert')).toHaveCount(0);
  await expect(tyre(2).getByRole('alert')).toHaveText('轮胎 2：2025 年没有第 53 周，该年的周数为 01 至 52。');
  await expect(tyre(3).getByRole('alert')).toHaveText('轮胎 3：DOT 日期码为 4 位数字，先周后年（例如 3225）。');
  await expect(tyre(4).getByRole('alert')).toHaveText('轮胎 4：完整 DOT 码必须以其日期码 0225 结尾。');
  await expect(tyre(4).getByLabel(zh.dotFull)).toHaveAttribute('aria-invalid', 'true');
  await expect(complete.getByRole('alert')).toHaveCount(4);
  await expect(card.getByRole('button', { name: zh.complete })).toBeVisible();

  // The Malay console says the same in Malay; corrected, the order completes.
  const m = ms.console;
  complete = await openComplete(page, m, '/pc/ms/console', orderNo);
  await complete.getByLabel(m.odometerKm).fill('4.5');
  const yy = fresh.slice(2);
  for (const n of [1, 2, 3, 4]) await tyre(n, m).getByLabel(m.dotDate).fill(n === 2 ? `00${yy}` : fresh);
  await complete.getByRole('button', { name: m.completeNow }).click();
  await expect(complete.getByLabel(m.odometerKm)).toBeFocused();
  await expect(complete.getByLabel(m.odometerKm)).toHaveAccessibleDescription('Bacaan odometer ialah nombor bulat km, dari 0 hingga 9,999,999.');
  await expect(tyre(2, m).getByRole('alert')).toHaveText(`Tayar 2: tahun 20${yy} tiada minggu 00; minggunya ialah 01 hingga ${isoWeeksIn(2000 + Number(yy))}.`);
  await expect(complete.getByRole('alert')).toHaveCount(2);

  await complete.getByLabel(m.odometerKm).fill('45000');
  await tyre(2, m).getByLabel(m.dotDate).fill(fresh);
  await complete.getByRole('button', { name: m.completeNow }).click();
  // A batch the order did not reserve: the reason is asked for by its own field.
  await complete.getByLabel(m.notReserved).fill('Dipasang dari rak di sebelah ruang kerja');
  await complete.getByRole('button', { name: m.completeNow }).click();
  await expect(page.getByText(m.completed.replace('{orderNo}', orderNo))).toBeVisible();
});

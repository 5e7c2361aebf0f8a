import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { dateWords } from '../../contract/rules/dates.ts';
import { ADMIN_PHONE, openAsStaff, placeAt } from './console-helpers.ts';
import { api, payInSandbox } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

/** A workshop no other browser test books or closes. */
const KENYALANG = 'kuching-kenyalang-auto-service';
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

/** The SMS the console provider logged about an order (sent to the order's contact phone). */
function textsAbout(orderNo: string): string[] {
  return readFileSync(process.env.SERVAUTO_LOG ?? '', 'utf8')
    .split('\n')
    .filter((l) => l.includes('[sms] to ') && l.includes(orderNo));
}

test('an order on a closed day says its dates in words in each language: the page, its timeline and the SMS', async ({ browser, page }) => {
  await logIn(page);
  await page.goto('/pc/home');
  const { orderNo, date } = await placeAt(page, KENYALANG, 'install', `QAA ${1 + (Date.now() % 9999)}`);
  await payInSandbox(page, orderNo);

  const admin = await (await browser.newContext()).newPage();
  await openAsStaff(admin, ADMIN_PHONE, '/pc/console/closures');
  await api(admin, '/console/stores/closure', { storeId: KENYALANG, date, reason: 'Banjir' });

  const closedOn = { en: `closed on ${dateWords(date!, 'en')} (Banjir)`, 'zh-cn': `于${dateWords(date!, 'zh-cn')}停业（Banjir）`, ms: `ditutup pada ${dateWords(date!, 'ms')} (Banjir)` };
  await expect.poll(() => textsAbout(orderNo).some((l) => l.includes(closedOn.en))).toBe(true);
  expect(textsAbout(orderNo).filter((l) => ISO_DATE.test(l))).toEqual([]);

  for (const [prefix, locale] of [['', 'en'], ['/zh-cn', 'zh-cn'], ['/ms', 'ms']] as const) {
    await page.goto(`/pc${prefix}/myorder-status/detail?orderNo=${orderNo}`);
    const main = page.getByRole('main');
    // The timeline's note of the closure and the booked day, in the page's language.
    await expect(main).toContainText(closedOn[locale]);
    await expect(main).not.toContainText(ISO_DATE);
  }

  // The list of orders writes the booked day the same way.
  await page.goto(`/pc/zh-cn/myorder-status`);
  const card = page.getByRole('article', { name: `订单 ${orderNo}` });
  await expect(card).toContainText(dateWords(date!, 'zh-cn'));
  await expect(card).not.toContainText(ISO_DATE);
});


import { expect, test, type Page } from '@playwright/test';
import { consoleEinvoiceConsolidate, consoleEinvoicePage, consoleEinvoiceRetry } from '../../contract/paths/console.ts';
import { seriousProblems } from './axe.ts';
import { ADMIN_PHONE, openAsStaff, WORKSHOP_PHONE } from './console-helpers.ts';
import { einvoiceMonth, refusedEinvoice } from './fixtures/einvoice.ts';

/**
 * The console's e-Invoices page. Its three calls answer fixtures (fixtures/einvoice.ts);
 * logging in and the staff role are the shop's own. Screenshots go to SERVAUTO_SHOTS_DIR when set.
 */

async function shot(page: Page, name: string) {
  const dir = process.env.SERVAUTO_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function answerEinvoices(page: Page) {
  const asked: { month?: string; status?: string }[] = [];
  const retried: unknown[] = [];
  const consolidated: unknown[] = [];
  await page.route(`**/api${consoleEinvoicePage}`, (route) => {
    const body = route.request().postDataJSON() as { month?: string; status?: string };
    asked.push(body);
    const answer = einvoiceMonth(body.month ?? '2026-11');
    const list = body.status ? answer.list.filter((d) => d.status === body.status) : answer.list;
    return route.fulfill({ json: { code: 200, msg: 'success', data: { ...answer, list, total: list.length } } });
  });
  await page.route(`**/api${consoleEinvoiceRetry}`, (route) => {
    retried.push(route.request().postDataJSON());
    return route.fulfill({ json: { code: 200, msg: 'success', data: refusedEinvoice('SUBMITTED') } });
  });
  await page.route(`**/api${consoleEinvoiceConsolidate}`, (route) => {
    consolidated.push(route.request().postDataJSON());
    return route.fulfill({ json: { code: 200, msg: 'success', data: null } });
  });
  return { asked, retried, consolidated };
}

/** This month and the one before in Kuala Lumpur, as the page counts them. */
function months() {
  const kl = new Date(Date.now() + 8 * 3_600_000);
  const year = kl.getUTCFullYear();
  const month = kl.getUTCMonth() + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { now: `${year}-${pad(month)}`, last: month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}` };
}

test("an admin sees the month's e-invoices with LHDN's errors, the late consolidation, retries the invalid one and consolidates last month", async ({ page }) => {
  const calls = await answerEinvoices(page);
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/einvoices');
  await expect(page.getByRole('heading', { level: 1, name: 'e-Invoices' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'e-Invoices' })).toHaveAttribute('aria-current', 'page');

  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(5); // the header, three documents and the invalid one's errors
  await expect(table.getByRole('rowheader', { name: 'Credit note' })).toBeVisible();
  await expect(table).toContainText("The buyer's TIN does not match the registration number given.");
  await expect(table).toContainText('RM 485.60');
  expect(calls.asked[0]).toMatchObject({ month: months().now });

  const certificate = page.getByRole('region', { name: 'Signing certificate' });
  await expect(certificate.getByRole('alert')).toHaveText('Expires in 12 days: renew it and set the new one before then, or LHDN MyInvois will refuse every e-invoice.');

  const consolidation = page.getByRole('region', { name: /^Consolidated e-invoice of / });
  await expect(consolidation).toContainText('Not yet built');
  await expect(consolidation).toContainText('37');
  await expect(consolidation.getByText(/must reach LHDN by Mon, 7 Dec 2026 and has not been submitted yet\.$/)).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await shot(page, 'console-en-1280');

  // Only the refused one may be sent again.
  await expect(table.getByRole('button', { name: /^Retry / })).toHaveCount(1);
  await table.getByRole('button', { name: 'Retry INV-000412' }).click();
  await expect(page.getByText('Sent to LHDN MyInvois again.')).toBeVisible(); // shown once the retry is answered
  expect(calls.retried).toEqual([{ documentId: 'ein_01JD9R2TQ8WX' }]);
  await expect(table.getByRole('button', { name: /^Retry / })).toHaveCount(0);
  await expect(table).toContainText('Sent, waiting for LHDN');
  await expect(table).not.toContainText("The buyer's TIN does not match");

  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Valid' });
  await expect(table.getByRole('row')).toHaveCount(2);
  expect(calls.asked.at(-1)).toMatchObject({ status: 'VALID' });

  await page.getByRole('button', { name: 'Consolidate last month' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Build and submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/has no receipts to consolidate\.$/)).toBeVisible(); // shown once the call is answered
  expect(calls.consolidated).toEqual([{ month: months().last }]);
});

test('the month picker asks for another month', async ({ page }) => {
  const calls = await answerEinvoices(page);
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/einvoices');
  await page.getByLabel('Month').fill('2026-10');
  await expect(page.getByRole('table')).toHaveAccessibleName('e-Invoices of October 2026');
  expect(calls.asked.at(-1)).toMatchObject({ month: '2026-10' });
});

test('workshop staff have no e-Invoices page', async ({ page }) => {
  const calls = await answerEinvoices(page);
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/console/einvoices');
  await expect(page.getByRole('alert').getByRole('heading', { name: 'Only the Servauto team can use this page' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console pages' }).getByRole('link', { name: 'e-Invoices' })).toHaveCount(0);
  expect(calls.asked).toEqual([]);
});

for (const [prefix, name, heading, late, certificate] of [
  ['/pc/zh-cn/', 'zh-cn', '电子发票', /须在 .* 前送达 LHDN，目前尚未提交。/, /^12 天后到期：/],
  ['/pc/ms/', 'ms', 'e-Invois', /mesti sampai ke LHDN sebelum .* dan belum dihantar\./, /^Tamat dalam 12 hari: /],
] as const) {
  test(`in ${name}: the page and its warning in the page's language`, async ({ page }) => {
    await answerEinvoices(page);
    await openAsStaff(page, ADMIN_PHONE, `${prefix}console/einvoices`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(late)).toBeVisible();
    await expect(page.getByText(certificate)).toBeVisible();
    await shot(page, `console-${name}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `console-${name}-390`);
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the page fits the screen: the table scrolls inside its own box', async ({ page }) => {
    await answerEinvoices(page);
    await openAsStaff(page, ADMIN_PHONE, '/pc/console/einvoices');
    await expect(page.getByRole('table')).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'console-en-390');
  });
});

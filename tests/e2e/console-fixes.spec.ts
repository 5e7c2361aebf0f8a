import { expect, test } from '@playwright/test';
import { ADMIN_PHONE, openAsStaff, placeAt, SEGAMBUT, WORKSHOP_PHONE } from './console-helpers.ts';
import { payInSandbox } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

const SEGAMBUT_NAME = 'Bengkel Kereta Maju Jaya';

test('every console page names the staff member’s workshop, in each language', async ({ page }) => {
  await openAsStaff(page, WORKSHOP_PHONE, '/pc/console');
  const links = page.getByRole('navigation', { name: 'Console pages' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const pages = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  expect(pages.length).toBeGreaterThan(1);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByText(`Workshop: ${SEGAMBUT_NAME}`, { exact: true })).toBeVisible();
  }
  await page.goto('/pc/zh-cn/console');
  await expect(page.getByText(`车厂：${SEGAMBUT_NAME}`, { exact: true })).toBeVisible();
  await page.goto('/pc/ms/console/counter');
  await expect(page.getByText(`Bengkel: ${SEGAMBUT_NAME}`, { exact: true })).toBeVisible();

  // The shop's team works on every workshop, and is told so.
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/dashboard');
  await expect(page.getByText('All workshops (Servauto team)', { exact: true })).toBeVisible();
});

test('starting a job before its booked day asks first; going back leaves it booked', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const plate = `WKA ${1 + (Date.now() % 9999)}`;
  const { orderNo, date } = await placeAt(customer, SEGAMBUT, 'install', plate);
  await payInSandbox(customer, orderNo);

  await openAsStaff(page, WORKSHOP_PHONE, '/pc/console');
  await page.getByLabel('Day', { exact: true }).fill(date!);
  const card = page.getByRole('article', { name: new RegExp(`Order ${orderNo}`) });
  await card.getByRole('button', { name: 'Start service' }).click();
  const ask = page.getByRole('alertdialog', { name: `Start order ${orderNo} before its booked day?` });
  await expect(ask).toContainText('It is booked for');
  await ask.getByRole('button', { name: 'Back' }).click();
  await expect(ask).toBeHidden();
  await expect(card).toContainText('Installation booked');
  await expect(page.getByText(`Service started on ${orderNo}.`)).toHaveCount(0);
});

test('the dashboard’s money axis shows its whole labels, and every list counts out of the same workshops', async ({ page }) => {
  // A busy day's takings (RM 12,345), so the axis carries long labels: up to RM 15,000.
  await page.route('**/api/console/dashboard', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body.code === 200) body.data.days.at(-1).revenueSen = 1_234_500;
    await route.fulfill({ response, json: body });
  });
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/dashboard');
  const chart = page.getByRole('figure').filter({ hasText: 'Revenue per day' }).locator('svg');
  await expect(chart).toBeVisible();
  const labels = await chart.evaluate((svg) =>
    [...svg.querySelectorAll('text')].map((t) => {
      const box = (t as SVGTextElement).getBBox();
      return { text: t.textContent, left: box.x, right: box.x + box.width };
    }),
  );
  expect(labels.map((l) => l.text)).toContain('RM 15,000');
  for (const label of labels) {
    expect(label.left, `${label.text} starts inside the chart`).toBeGreaterThanOrEqual(0);
    expect(label.right, `${label.text} ends inside the chart`).toBeLessThanOrEqual(600.5);
  }

  // "N of the 70 workshops": the same total under every list.
  const idle = await page.getByText(/workshops: nothing in these 30 days\.$/).allTextContents();
  expect(idle.length).toBeGreaterThan(1);
  const totals = idle.map((t) => t.match(/of the (\d+) workshops/)?.[1]);
  expect(totals.every((n) => n !== undefined && n === totals[0])).toBe(true);
});

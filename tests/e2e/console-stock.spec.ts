import { expect, test, type Page } from '@playwright/test';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { dotOfDate } from '../../contract/rules/stock.ts';
import { message } from '../../contract/rules/messages.ts';
import { ms } from '../../src/i18n/ms.ts';
import { zhCn } from '../../src/i18n/zh-cn.ts';
import { seriousProblems } from './axe.ts';
import { ADMIN_PHONE, openAsStaff, TYRE_WORKSHOP_PHONE } from './console-helpers.ts';
import { api } from './my-orders-helpers.ts';

/** A tyre size SS2 holds that no other journey books: its counts here are this file's alone. */
const KO2 = 'BFGoodrich All-Terrain T/A KO2 tyre 225/60R18';
/** A product at the warehouse and SS2 that no other journey orders. */
const PADS = 'brakepads-akebono-proact-rear';
const SS2 = 'petaling-jaya-ss2-tyre-auto';

/** The table's row of a product (its name and sku are the row's header), and its On hand count. */
const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name.replace(/[/+]/g, '\\$&')) }) });
const onHandOf = async (page: Page, name: string) => Number((await rowOf(page, name).getByRole('cell').first().textContent())!.replace(/,/g, ''));

test('workshop staff: the Attention entry opens the aged batch; a receipt refused for its DOT code at the field, then saved; the count follows and the history shows it', async ({ page }) => {
  await openAsStaff(page, TYRE_WORKSHOP_PHONE, '/pc/console');
  const attention = page.getByRole('region', { name: 'Stock to look at' });
  await attention.getByRole('link', { name: /^Michelin Energy XM2\+ tyre 185\/60R15 at SS2 Tyre & Auto Service: 4 made week \d+ of \d{4}, older than the tyre-age promise$/ }).click();
  await expect(page).toHaveURL(/\/pc\/console\/stock\?location=petaling-jaya-ss2-tyre-auto&q=.+&aged=1$/);
  await expect(page.getByRole('checkbox', { name: 'Aged only' })).toBeChecked();
  const aged = rowOf(page, 'Michelin Energy XM2+ tyre 185/60R15');
  await expect(aged.getByRole('cell').nth(3)).toContainText(/^4 × week \d+ of \d{4}/);
  await expect(aged.getByRole('cell').nth(3).getByText('aged', { exact: true })).toBeVisible();

  // Their own workshop only: no place to choose.
  await page.goto('/pc/console/stock');
  await expect(page.getByRole('combobox', { name: 'Place', exact: true })).toHaveCount(0);
  await page.getByLabel('Search by name or SKU').fill('ko2 225/60R18');
  await page.getByLabel('Search by name or SKU').press('Enter');
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  const before = await onHandOf(page, KO2);

  await rowOf(page, KO2).getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog', { name: `Receive ${KO2}` });
  await dialog.getByLabel('Quantity (1 to 500)').fill('4');
  await dialog.getByLabel('DOT date code').fill('5325');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('DOT date code')).toHaveAccessibleDescription(/2025 has no week 53; its weeks are 01 to 52\.$/);
  await expect(dialog.getByLabel('DOT date code')).toHaveAttribute('aria-invalid', 'true');

  const dot = dotOfDate(addDays(klDate(new Date()), -14));
  await dialog.getByLabel('DOT date code').fill(dot);
  await dialog.getByLabel('Note (optional)').fill('Delivery note 8812');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, KO2).getByRole('cell').first()).toHaveText(String(before + 4));
  await expect(rowOf(page, KO2).getByRole('cell').nth(3)).toContainText(`4 × week ${Number(dot.slice(0, 2))} of 20${dot.slice(2)}`);

  await rowOf(page, KO2).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of ${KO2}` });
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText(`Receipt · +4 · week ${Number(dot.slice(0, 2))} of 20${dot.slice(2)}`);
  // Counted per batch: the batch's own count before and after.
  const [, from, to] = /On hand (\d+) → (\d+)/.exec((await newest.textContent())!)!;
  expect(Number(to) - Number(from)).toBe(4);
  await expect(newest).toContainText('Delivery note 8812');
  await expect(newest).toContainText('by +60 10-000 0003');
});

test('an admin imports a CSV: the check refuses a line with its reason, the fixed text imports, and the warehouse count follows', async ({ page }) => {
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/stock');
  await page.getByRole('combobox', { name: 'Place', exact: true }).selectOption({ label: 'Warehouse' });
  await page.getByLabel('Search by name or SKU').fill(PADS);
  await page.getByLabel('Search by name or SKU').press('Enter');
  await expect(page).toHaveURL(/location=warehouse/);
  const name = 'Akebono ProACT rear brake pads';
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  const before = await onHandOf(page, name);

  await page.getByText('Import from CSV').click();
  const csv = page.getByLabel('CSV text');
  await csv.fill(`sku,location,quantity,dot\n${PADS},warehouse,3,\n${PADS},nowhere,2,\n`);
  await page.getByRole('button', { name: 'Check' }).click();
  const refused = page.getByRole('region', { name: 'Refused lines' });
  await expect(refused.getByRole('listitem')).toHaveText(['Line 3: nowhere is neither a workshop nor the warehouse.']);
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  await csv.fill(`sku,location,quantity,dot\n${PADS},warehouse,3,\n${PADS},${SS2},2,\n`);
  // The text changed: what was checked no longer stands.
  await expect(refused).toBeHidden();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('2 lines can be imported.')).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('2 lines imported.').first()).toBeVisible();
  await expect(rowOf(page, name).getByRole('cell').first()).toHaveText(String(before + 3));
});

test('an admin moves tyres from the warehouse to a workshop and corrects a count: each refusal at its field, the row follows each change', async ({ page }) => {
  const tyre = 'BFGoodrich All-Terrain T/A KO2 tyre 215/60R17';
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/stock?location=warehouse&q=ko2%20215%2F60R17');
  await expect(page.getByRole('rowheader')).toHaveCount(1);
  const before = await onHandOf(page, tyre);

  await rowOf(page, tyre).getByRole('button', { name: 'Transfer' }).click();
  const transfer = page.getByRole('dialog', { name: `Transfer ${tyre}` });
  await transfer.getByLabel('Quantity (1 to 500)').fill('3');
  await transfer.getByRole('button', { name: 'Save' }).click();
  await expect(transfer.getByLabel('To', { exact: true })).toHaveAccessibleDescription('The place to move to is required.');
  await transfer.getByLabel('To', { exact: true }).selectOption({ label: 'Kepong Tyre & Battery Centre' });
  await transfer.getByLabel('Quantity (1 to 500)').fill('501');
  await transfer.getByRole('button', { name: 'Save' }).click();
  await expect(transfer.getByLabel('Quantity (1 to 500)')).toHaveAccessibleDescription('The quantity is a whole number from 1 to 500.');
  await expect(transfer.getByLabel('To', { exact: true })).not.toHaveAttribute('aria-invalid');
  await transfer.getByLabel('Quantity (1 to 500)').fill('3');
  await transfer.getByRole('button', { name: 'Save' }).click();
  await expect(transfer).toBeHidden();
  await expect(rowOf(page, tyre).getByRole('cell').first()).toHaveText(String(before - 3));

  await rowOf(page, tyre).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of ${tyre}` });
  await expect(history.getByRole('listitem').first()).toContainText(/^Transfer · −3 · week \d+ of \d{4} → Kepong Tyre & Battery Centre/);
  await history.getByRole('button', { name: 'Close' }).click();

  await rowOf(page, tyre).getByRole('button', { name: 'Correct count' }).click();
  const count = page.getByRole('dialog', { name: `Correct the count of ${tyre}` });
  const batchCount = Number(await count.getByLabel('Counted on the shelf').inputValue());
  await count.getByLabel('Counted on the shelf').fill(String(batchCount - 1));
  await count.getByRole('button', { name: 'Save' }).click();
  await expect(count.getByLabel('Reason')).toHaveAccessibleDescription('Give the reason for the new count (at most 200 characters).');
  await count.getByLabel('Reason').fill('One tyre found damaged');
  await count.getByRole('button', { name: 'Save' }).click();
  await expect(count).toBeHidden();
  await expect(rowOf(page, tyre).getByRole('cell').first()).toHaveText(String(before - 4));
});

test('an admin receives a tyre size a workshop never held: the place and size chosen in the dialog, a future DOT code refused at its field, then the new row shows', async ({ page }) => {
  const KEPONG = 'kuala-lumpur-kepong-tyre-battery';
  const sku = 'tyre-bfgoodrich-all-terrain-ko2@245/70R16';
  const name = 'BFGoodrich All-Terrain T/A KO2 tyre 245/70R16';
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/stock');
  const held = await api<{ total: number }>(page, '/console/stock/page', { location: KEPONG, q: sku, pageNum: 1, pageSize: 50 });
  expect(held.total).toBe(0);

  await page.getByRole('button', { name: 'Receive new stock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Receive new stock' });
  await dialog.getByRole('combobox', { name: 'Place', exact: true }).selectOption({ label: 'Kepong Tyre & Battery Centre' });
  await dialog.getByLabel('Find the product').fill('all-terrain ko2');
  await dialog.getByRole('radio', { name: 'BFGoodrich All-Terrain T/A KO2 tyre' }).check();
  await dialog.getByLabel('Tyre size').selectOption('245/70R16');
  await dialog.getByLabel('Quantity (1 to 500)').fill('3');
  await dialog.getByLabel('DOT date code').fill(dotOfDate(addDays(klDate(new Date()), 14)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('DOT date code')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('DOT date code')).toHaveAccessibleDescription(new RegExp(`${message('en', 'stock.dotFuture').replace(/[.()]/g, '\\$&')}$`));

  await dialog.getByLabel('DOT date code').fill(dotOfDate(addDays(klDate(new Date()), -7)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Search by name or SKU')).toHaveValue(sku);
  await expect(rowOf(page, name).getByRole('cell').first()).toHaveText('Kepong Tyre & Battery Centre');
  await expect(rowOf(page, name).getByRole('cell').nth(1)).toHaveText('3');
});

test('the stock screen, with its import open and a dialog, has no serious accessibility problem', async ({ page }) => {
  await openAsStaff(page, ADMIN_PHONE, '/pc/console/stock?q=ko2');
  await expect(page.getByRole('rowheader').first()).toBeVisible();
  await page.getByText('Import from CSV').click();
  expect(await seriousProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Correct count' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Receive new stock' }).click();
  await page.getByRole('dialog', { name: 'Receive new stock' }).getByLabel('Find the product').fill('aerotwin');
  await expect(page.getByRole('dialog').getByRole('radio').first()).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('rows are cards: every count and action shows, nothing runs off the side, in Malay too', async ({ page }) => {
    await openAsStaff(page, ADMIN_PHONE, '/pc/ms/console/stock?q=ko2');
    const card = page.getByRole('listitem', { name: /KO2 215\/55R16/ }).first();
    await expect(card).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    for (const label of [ms.consoleStock.onHand, ms.consoleStock.reserved, ms.consoleStock.available]) await expect(card.getByText(label, { exact: true })).toBeVisible();
    for (const action of [ms.consoleStock.receive, ms.consoleStock.adjust, ms.consoleStock.transfer, ms.consoleStock.history]) {
      const box = (await card.getByRole('button', { name: action }).boundingBox())!;
      expect([box.x >= 0, box.x + box.width <= 390]).toEqual([true, true]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

for (const [lang, t] of [
  ['zh-cn', zhCn],
  ['ms', ms],
] as const) {
  test(`in ${lang}: the stock screen's title, fields, columns and dialog speak the language`, async ({ page }) => {
    const s = t.consoleStock;
    await openAsStaff(page, TYRE_WORKSHOP_PHONE, `/pc/${lang}/console/stock?q=ko2`);
    await expect(page).toHaveTitle(new RegExp(`^${t.console.pages.stock} — `));
    await expect(page.getByRole('heading', { level: 1, name: t.console.pages.stock })).toBeVisible();
    await expect(page.getByRole('link', { name: t.console.pages.stock, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel(s.search)).toHaveValue('ko2');
    await expect(page.getByRole('checkbox', { name: s.lowOnly })).toBeVisible();
    for (const column of [s.product, s.onHand, s.reserved, s.available, s.batches]) await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    await rowOf(page, 'ko2@225/60R18').getByRole('button', { name: s.receive }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(new RegExp(`^${s.receiveTitle.replace('{name}', '.+')}$`));
    await expect(dialog.getByLabel(s.quantity)).toBeVisible();
    await expect(dialog.getByLabel(s.dot)).toBeVisible();
    await dialog.getByRole('button', { name: s.save }).click();
    // The server's refusal, in the page's language, at its field.
    await expect(dialog.getByLabel(s.quantity)).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel(s.quantity)).toHaveAccessibleDescription(message(lang, 'stock.quantity'));
  });
}

import { expect, test } from '@playwright/test';
import { consoleOrdersComplete, consoleOrdersFind } from '../../contract/paths/console.ts';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { dotOfDate } from '../../contract/rules/stock.ts';
import { en } from '../../src/i18n/en.ts';
import { openAsStaff, placeAt, TYRE_WORKSHOP_PHONE } from './console-helpers.ts';
import { payInSandbox } from './my-orders-helpers.ts';
import { logIn } from './support.ts';

// The Complete dialog with the units an order holds (docs/guide.md, "Stock"). The order's lines
// name their reserved units once the server reserves at order time; until then this test gives
// the order's answer its reserved units, and the refusal of a code not reserved, at the network,
// in the shapes of contract/order-dto.ts and contract/console.ts.

const SS2 = 'petaling-jaya-ss2-tyre-auto';
/** Order lines of tyres carry this category (src/lib/tyres.ts, which reads content the test runner cannot import). */
const TYRE_CATEGORY = 'Tires Service';
const TYRES = { productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } };

test.use({ viewport: { width: 390, height: 844 } });

test('the Complete dialog offers the reserved date codes, each once per unit held, and asks why another code is fitted', async ({ browser, page }) => {
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer);
  await customer.goto('/pc/home');
  const { orderNo } = await placeAt(customer, SS2, 'install', `WRS ${1 + (Date.now() % 9999)}`, '0123456789', [TYRES]);
  await payInSandbox(customer, orderNo);

  const today = klDate(new Date());
  const older = dotOfDate(addDays(today, -60));
  const newer = dotOfDate(addDays(today, -20));
  const other = dotOfDate(addDays(today, -30));
  await page.route(`**/api${consoleOrdersFind}`, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { lines: { category: string; reserved: unknown[] }[] } };
    for (const line of body.data.lines) {
      if (line.category === TYRE_CATEGORY) line.reserved = [{ location: SS2, dot: older, quantity: 2 }, { location: 'warehouse', dot: newer, quantity: 2 }];
    }
    await route.fulfill({ response: answer, json: body });
  });
  const sent: Record<string, unknown>[] = [];
  const refusal = `Tyre 4: ${other} is not a date code this order reserved.`;
  await page.route(`**/api${consoleOrdersComplete}`, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    sent.push(body);
    if (!body.notReserved) await route.fulfill({ json: { code: 807, msg: refusal, data: { field: 'tyres.3.dot', notReserved: true } } });
    else await route.continue();
  });

  const t = en.console;
  await openAsStaff(page, TYRE_WORKSHOP_PHONE, '/pc/console');
  await page.getByLabel(t.search).fill(orderNo);
  await page.getByRole('main').getByRole('button', { name: t.searchAction }).click();
  const card = page.getByRole('article', { name: new RegExp(orderNo) });
  await card.getByRole('button', { name: t.start }).click();
  await page.getByRole('alertdialog', { name: t.startEarlyTitle.replace('{orderNo}', orderNo) }).getByRole('button', { name: t.startAnyway }).click();
  await card.getByRole('button', { name: t.complete }).click();
  const complete = page.getByRole('dialog', { name: t.completeTitle.replace('{orderNo}', orderNo) });
  const tyre = (n: number) => complete.getByRole('group', { name: `Tyre ${n}`, exact: true });

  await expect(complete.getByText(`Reserved for this order: ${older} ×2, ${newer} ×2`, { exact: true })).toBeVisible();
  await tyre(1).getByRole('button', { name: `Use ${older} for tyre 1` }).click();
  await expect(tyre(1).getByLabel(t.dotDate)).toHaveValue(older);
  // Its own code is not offered to it again; the other tyres may still take the second unit.
  await expect(tyre(1).getByRole('button', { name: new RegExp(`^Use ${older}`) })).toHaveCount(0);
  await tyre(2).getByRole('button', { name: `Use ${older} for tyre 2` }).click();
  // Both units of that batch are taken: tyres 3 and 4 are offered only the other.
  await expect(tyre(3).getByRole('button')).toHaveText([`Use ${newer}`]);
  await tyre(3).getByRole('button', { name: `Use ${newer} for tyre 3` }).click();
  await expect(tyre(4).getByRole('button')).toHaveText([`Use ${newer}`]);
  // Staff may still type another code.
  await tyre(4).getByLabel(t.dotDate).fill(other);
  await complete.getByLabel(t.odometerKm).fill('45000');
  await complete.getByRole('button', { name: t.completeNow }).click();

  // Refused for the code not reserved: said by the tyre, and the reason is asked, required.
  await expect(tyre(4).getByRole('alert')).toHaveText(refusal);
  const reason = complete.getByRole('textbox', { name: t.notReserved });
  await expect(reason).toBeFocused();
  await expect(tyre(4).getByLabel(t.dotDate)).toHaveValue(other);
  await complete.getByRole('button', { name: t.completeNow }).click();
  await expect(reason).toHaveAccessibleDescription(`${t.notReservedHint} ${t.notReservedNeeded}`);
  expect(sent).toHaveLength(1);

  await reason.fill('The reserved tyre was damaged in the rack');
  await complete.getByRole('button', { name: t.completeNow }).click();
  await expect(page.getByText(t.completed.replace('{orderNo}', orderNo))).toBeVisible();
  expect(sent).toHaveLength(2);
  expect(sent[1]).toMatchObject({ notReserved: { reason: 'The reserved tyre was damaged in the rack' }, tyres: [{ dot: older }, { dot: older }, { dot: newer }, { dot: other }] });
});

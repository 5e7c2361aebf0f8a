import { expect, test, type Page } from '@playwright/test';
import { einvoiceFind, einvoiceRequest, orderInvoice } from '../../contract/paths/orders.ts';
import { seriousProblems } from './axe.ts';
import { ownEinvoice } from './fixtures/einvoice.ts';
import { pickupInvoice, VALIDATION_URL } from './fixtures/invoice.ts';
import { myviInPetalingJaya } from './my-orders-helpers.ts';
import { chinese, english, logIn, type LoginTexts, malay } from './support.ts';

/**
 * The buyer asks for their own e-invoice on the invoice page. Only the invoice and the
 * e-invoice calls answer fixtures (fixtures/invoice.ts, fixtures/einvoice.ts); logging in is
 * the shop's own. Screenshots go to SERVAUTO_SHOTS_DIR when it is set.
 */

const ORDER = 'SA2611201235';

/** The invoice's e-invoice block, where the form opens. */
async function shot(page: Page, name: string) {
  const dir = process.env.SERVAUTO_SHOTS_DIR;
  if (dir) await page.locator('section[aria-labelledby="invoice-einvoice"]').screenshot({ path: `${dir}/${name}.png` });
}

/** The logged-in buyer of a paid pickup still in its month, with the e-invoice calls answered by `answers`. */
async function buyer(page: Page, prefix: string, texts: LoginTexts, answers: { request?: unknown; finds?: unknown[]; invoice?: typeof pickupInvoice } = {}) {
  const sent: unknown[] = [];
  const finds = [...(answers.finds ?? [])];
  await myviInPetalingJaya(page);
  await page.route(`**/api${orderInvoice}`, (route) => route.fulfill({ json: { code: 200, msg: 'success', data: (answers.invoice ?? pickupInvoice)(ORDER) } }));
  await page.route(`**/api${einvoiceRequest}`, (route) => {
    sent.push(route.request().postDataJSON());
    return route.fulfill({ json: answers.request ?? { code: 200, msg: 'success', data: ownEinvoice('PENDING') } });
  });
  await page.route(`**/api${einvoiceFind}`, (route) => {
    const document = finds.length > 1 ? finds.shift() : finds[0];
    return route.fulfill({ json: { code: 200, msg: 'success', data: { document: document ?? null, canRequest: false, requestUntil: '2026-11-30' } } });
  });
  await logIn(page);
  await page.goto(`${prefix}myorder-status/invoice?orderNo=${ORDER}`);
  return sent;
}

test('a business asks for its e-invoice: wrong TIN and a Penang postcode for Selangor are refused in place, then it is sent and its QR code appears once LHDN validates it', async ({ page }) => {
  const sent = await buyer(page, '/pc/', english, { finds: [ownEinvoice('SUBMITTED'), ownEinvoice('VALID')] });
  const block = page.getByRole('region', { name: 'e-Invoice' });
  await block.getByRole('button', { name: 'Ask for an e-invoice' }).click();
  const form = block.getByRole('form', { name: 'Your e-invoice details' });

  // What the invoice knows of the buyer is there already.
  await expect(form.getByLabel('E-mail')).toHaveValue('aisyah.ahmad@gmail.com');
  await form.getByRole('radio', { name: 'A business' }).check();
  await form.getByLabel('Registered business name').fill('  Kedai Aisyah Enterprise ');
  await form.getByLabel('Business registration number (BRN)').fill('202001234567');
  const tin = form.getByLabel('Tax identification number (TIN)');
  await tin.fill('X123');
  await form.getByLabel('SST registration number').fill('NA');
  await form.getByLabel('Address line 1').fill('12, Jalan SS 2/24');
  const postcode = form.getByLabel('Postcode');
  await postcode.fill('10050');
  await form.getByLabel('City').fill('Petaling Jaya');
  await form.getByLabel('State').selectOption({ label: 'Selangor' });
  await expect(form.getByLabel('State').locator('option')).toHaveCount(17);
  await shot(page, 'form-en-1280');
  await form.getByRole('button', { name: 'Send to LHDN MyInvois' }).click();

  await expect(tin).toHaveAttribute('aria-invalid', 'true');
  await expect(tin).toHaveAccessibleDescription(/This is not a tax identification number LHDN issues/);
  await expect(tin).toBeFocused();
  await expect(postcode).toHaveAccessibleDescription('This postcode is not in the state chosen.');
  expect(sent).toEqual([]);
  expect(await seriousProblems(page)).toEqual([]);

  await tin.fill('c20880050010');
  await postcode.fill('47300');
  await expect(postcode).toHaveAttribute('aria-invalid', 'false');
  await form.getByRole('button', { name: 'Send to LHDN MyInvois' }).click();

  await expect(block.getByText('Waiting for LHDN MyInvois to validate your e-invoice…', { exact: false })).toBeVisible();
  expect(sent).toEqual([
    {
      orderNo: ORDER,
      buyer: {
        type: 'business',
        name: 'Kedai Aisyah Enterprise',
        tin: 'C20880050010',
        idType: 'BRN',
        idValue: '202001234567',
        sstNo: 'NA',
        email: 'aisyah.ahmad@gmail.com',
        phone: '+60 12-345 6789',
        address: { line1: '12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
      },
    },
  ]);
  await expect(block.getByRole('img', { name: 'QR code of the e-invoice validation link' })).toBeVisible({ timeout: 15_000 });
  await expect(block.getByRole('link', { name: 'Check this e-invoice on MyInvois' })).toHaveAttribute('href', VALIDATION_URL);
  await expect(block.getByText('Validated by LHDN MyInvois.')).toBeVisible();
  await expect(block.getByRole('button', { name: 'Ask for an e-invoice' })).toHaveCount(0);
  await expect(block.getByText('Waiting for LHDN MyInvois', { exact: false })).toHaveCount(0);
});

test('what the server still refuses is said next to the field it names', async ({ page }) => {
  const refusal = { code: 807, msg: 'This MyKad number is not one LHDN knows.', data: { field: 'buyer.idValue' } };
  const sent = await buyer(page, '/pc/', english, { request: refusal });
  await page.getByRole('button', { name: 'Ask for an e-invoice' }).click();
  const form = page.getByRole('form', { name: 'Your e-invoice details' });
  const id = form.getByLabel('ID number');
  await id.fill('900215145678');
  await form.getByLabel('Address line 1').fill('12, Jalan SS 2/24');
  await form.getByLabel('Postcode').fill('47300');
  await form.getByLabel('City').fill('Petaling Jaya');
  await form.getByLabel('State').selectOption('Selangor');
  await form.getByRole('button', { name: 'Send to LHDN MyInvois' }).click();
  await expect(id).toHaveAccessibleDescription('This MyKad number is not one LHDN knows.');
  await expect(id).toBeFocused();
  expect(sent).toHaveLength(1);
  // Individuals leave out what they have not: no TIN, no second address line.
  expect((sent[0] as { buyer: object }).buyer).toEqual({
    type: 'individual',
    name: 'Nur Aisyah binti Ahmad',
    idType: 'NRIC',
    idValue: '900215145678',
    email: 'aisyah.ahmad@gmail.com',
    phone: '+60 12-345 6789',
    address: { line1: '12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' },
  });
  await id.fill('900215145679');
  await expect(id).toHaveAttribute('aria-invalid', 'false');
});

test("an e-invoice LHDN refused shows LHDN's reasons, and the form is no longer offered", async ({ page }) => {
  const refused = (orderNo: string) => ({
    ...pickupInvoice(orderNo),
    einvoice: { ...ownEinvoice('INVALID'), errors: [{ code: 'CF321', message: "The buyer's TIN does not match the registration number given.", target: 'AccountingCustomerParty' }] },
  });
  await buyer(page, '/pc/', english, { invoice: refused });
  const block = page.getByRole('region', { name: 'e-Invoice' });
  await expect(block.getByText('Not accepted by LHDN MyInvois: we are correcting it.', { exact: false })).toBeVisible();
  await expect(block.getByText("LHDN's reasons")).toBeVisible();
  await expect(block.getByRole('listitem')).toHaveText(["The buyer's TIN does not match the registration number given."]);
  await expect(block.getByRole('button', { name: 'Ask for an e-invoice' })).toHaveCount(0);
});

const languages = [
  {
    name: 'Chinese',
    prefix: '/pc/zh-cn/',
    texts: chinese,
    open: '申请电子发票',
    title: '您的电子发票资料',
    business: '企业',
    brn: '商业注册号码（BRN）',
    tin: '税务识别号码 (TIN)',
    state: '州属',
    selangor: '雪兰莪',
    tinProblem: /这不是内陆税收局（LHDN）发出的税务识别号码/,
  },
  {
    name: 'Malay',
    prefix: '/pc/ms/',
    texts: malay,
    open: 'Minta e-Invois',
    title: 'Butiran e-Invois anda',
    business: 'Perniagaan',
    brn: 'Nombor Pendaftaran Perniagaan (BRN)',
    tin: 'Nombor Pengenalan Cukai (TIN)',
    state: 'Negeri',
    selangor: 'Selangor',
    tinProblem: /Ini bukan nombor pengenalan cukai yang dikeluarkan LHDN/,
  },
] as const;

for (const l of languages) {
  test(`in ${l.name}: the form's labels, the states and LHDN's rule in the page's language`, async ({ page }) => {
    await buyer(page, l.prefix, l.texts);
    await page.getByRole('button', { name: l.open }).click();
    const form = page.getByRole('form', { name: l.title });
    await form.getByRole('radio', { name: l.business }).check();
    await expect(form.getByLabel(l.brn)).toBeVisible();
    await form.getByLabel(l.state).selectOption({ label: l.selangor });
    const tin = form.getByLabel(l.tin);
    await tin.fill('X123');
    await tin.blur();
    await expect(tin).toHaveAccessibleDescription(l.tinProblem);
    await shot(page, `form-${l.prefix.split('/')[2]}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `form-${l.prefix.split('/')[2]}-390`);
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the open form fits the screen and passes axe', async ({ page }) => {
    await buyer(page, '/pc/', english);
    await page.getByRole('button', { name: 'Ask for an e-invoice' }).click();
    const form = page.getByRole('form', { name: 'Your e-invoice details' });
    await form.getByRole('radio', { name: 'A business' }).check();
    await expect(form.getByLabel('SST registration number')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousProblems(page)).toEqual([]);
    await shot(page, 'form-en-390');
  });
});

import { expect, test, type Page } from '@playwright/test';
import { addDays, klDate } from '../../contract/rules/kl-calendar.ts';
import { ms } from '../../src/i18n/ms.ts';
import { ADMIN_PHONE, openAsStaff, placeAt } from './console-helpers.ts';
import { payInSandbox, photo } from './my-orders-helpers.ts';
import { chooseFreeTime, freeDays, logIn, type LoginTexts, malay } from './support.ts';

/**
 * The 30-day warranty from end to end, in Malay at 390 px: staff complete an
 * installation of four tyres with their DOT date codes; the customer reads each tyre's week and
 * year, claims under the warranty, books the free repair once staff accept; the day's bookings
 * show it as warranty work at no charge; staff mark it resolved and the customer sees it repaired.
 */

const SS2 = 'petaling-jaya-ss2-tyre-auto';
const TYRES = { productId: 'tyre-bridgestone-turanza-t005a', quantity: 4, options: { tyreSize: '195/45R16' } };

/** The DOT date code of a tyre made `days` before today (Kuala Lumpur): ISO week, then the year's two digits. */
function dotDaysAgo(days: number): { dot: string; week: number; year: number } {
  const d = new Date(`${addDays(klDate(new Date()), -days)}T00:00:00Z`);
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return { dot: `${String(week).padStart(2, '0')}${String(year).slice(2)}`, week, year };
}

interface Words {
  name: string;
  prefix: string;
  login: LoginTexts;
  pay: string;
  // The console.
  search: string;
  searchAction: string;
  order: (orderNo: string) => RegExp;
  start: string;
  startEarly: (orderNo: string) => string;
  startNow: string;
  complete: string;
  completeTitle: (orderNo: string) => string;
  odometer: string;
  tyre: (n: number) => string;
  dotDate: string;
  completeNow: string;
  completed: (orderNo: string) => string;
  claimCard: (claimNo: string) => RegExp;
  accept: string;
  acceptTitle: (claimNo: string) => string;
  confirmAccept: string;
  accepted: (claimNo: string) => string;
  reworks: RegExp;
  reworkFree: string;
  resolve: string;
  resolveTitle: (claimNo: string) => string;
  resolved: (claimNo: string) => string;
  // The customer's order page.
  made: (week: number, year: number) => RegExp;
  warranty: string;
  claim: string;
  description: string;
  problem: string;
  tooShort: string;
  addPhotos: string;
  send: string;
  sent: (claimNo: string) => string;
  claimAs: (claimNo: string, status: 'SUBMITTED' | 'ACCEPTED' | 'RESOLVED') => string;
  steps: string;
  book: string;
  date: string;
  time: string;
  confirmBook: string;
  booked: RegExp;
  repaired: string;
}

/**
 * Once, in Malay: the words of the other languages are the same dictionaries' (their keys checked
 * alike by tests/unit/site/i18n.test.ts), and every page kind renders in each language (accessibility.spec.ts).
 */
const w: Words = {
  name: 'Malay',
  prefix: 'ms/',
  login: malay,
  pay: 'Bayar',
  search: 'Nombor pesanan, plat atau telefon',
  searchAction: 'Cari',
  order: (orderNo) => new RegExp(`Pesanan ${orderNo}`),
  start: 'Mulakan servis',
  startEarly: (orderNo) => `Mulakan pesanan ${orderNo} sebelum hari tempahannya?`,
  startNow: 'Mulakan sekarang',
  complete: 'Selesaikan servis',
  completeTitle: (orderNo) => `Selesaikan pesanan ${orderNo}`,
  odometer: 'Odometer (km)',
  tyre: (n) => `Tayar ${n}`,
  dotDate: 'Kod tarikh DOT',
  completeNow: 'Selesaikan sekarang',
  completed: (orderNo) => `Pesanan ${orderNo} selesai.`,
  claimCard: (claimNo) => new RegExp(`Tuntutan ${claimNo}`),
  accept: 'Terima',
  acceptTitle: (claimNo) => `Terima tuntutan ${claimNo}`,
  confirmAccept: 'Terima tuntutan',
  accepted: (claimNo) => `Tuntutan ${claimNo} diterima.`,
  reworks: /^Kerja semula waranti pada /,
  reworkFree: 'Kerja semula waranti · tiada caj',
  resolve: 'Tandakan selesai',
  resolveTitle: (claimNo) => `Tandakan tuntutan ${claimNo} selesai`,
  resolved: (claimNo) => `Tuntutan ${claimNo} selesai.`,
  made: (week, year) => new RegExp(`Dibuat pada minggu ${week} tahun ${year} \\((kurang sebulan|berusia \\d+ bulan) semasa dipasang\\)`),
  warranty: 'Waranti 30 hari',
  claim: 'Tuntut di bawah waranti',
  description: 'Apakah masalahnya?',
  problem: 'Tayar depan kiri kehilangan angin setiap malam sejak dipasang.',
  tooShort: 'Sila tulis sekurang-kurangnya 10 aksara.',
  addPhotos: 'Tambah gambar',
  send: 'Hantar',
  sent: (claimNo) => `Tuntutan ${claimNo} dihantar.`,
  claimAs: (claimNo, status) => `Tuntutan ${claimNo} · ${{ SUBMITTED: 'Menunggu semakan bengkel', ACCEPTED: 'Diterima: pembaikan percuma', RESOLVED: 'Telah dibaiki' }[status]}`,
  steps: 'Kemajuan tuntutan',
  book: 'Tempah pembaikan percuma',
  date: 'Tarikh',
  time: 'Masa',
  confirmBook: 'Tempah masa ini',
  booked: /^Pembaikan percuma anda telah ditempah pada /,
  repaired: 'Telah dibaiki',
};

test.use({ viewport: { width: 390, height: 844 } });

/** Staff open a claim's card on the console's Warranty page and make one decision through its dialog. */
async function decide(page: Page, w: Words, claimNo: string, button: string, title: string, confirm: string, done: string) {
  await page.goto(`/pc/${w.prefix}console/warranty`);
  const card = page.getByRole('article', { name: w.claimCard(claimNo) });
  await card.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('four tyres fitted with their date codes, a warranty claim, its free repair booked, seen on its day, resolved early with a reason, in Malay', async ({ browser, page }) => {
  const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logIn(customer);
  await customer.goto(`/pc/${w.prefix}home`);
  const { orderNo } = await placeAt(customer, SS2, 'install', `WJY ${1 + (Date.now() % 9999)}`, '0123456789', [TYRES]);
  await payInSandbox(customer, orderNo, w.pay);

  // Staff start the job early and complete it with each tyre's DOT date code.
  await openAsStaff(page, ADMIN_PHONE, `/pc/${w.prefix}console`);
  await page.getByLabel(w.search).fill(orderNo);
  await page.getByRole('main').getByRole('button', { name: w.searchAction, exact: true }).click();
  const card = page.getByRole('article', { name: w.order(orderNo) });
  await card.getByRole('button', { name: w.start }).click();
  await page.getByRole('alertdialog', { name: w.startEarly(orderNo) }).getByRole('button', { name: w.startNow }).click();
  await card.getByRole('button', { name: w.complete }).click();
  const complete = page.getByRole('dialog', { name: w.completeTitle(orderNo) });
  await complete.getByLabel(w.odometer).fill('45000');
  const tyres = [dotDaysAgo(15), dotDaysAgo(40), dotDaysAgo(40), dotDaysAgo(100)];
  for (const [i, t] of tyres.entries()) await complete.getByRole('group', { name: w.tyre(i + 1), exact: true }).getByLabel(w.dotDate).fill(t.dot);
  await complete.getByRole('button', { name: w.completeNow }).click();
  // These batches are not the ones the order reserved: the dialog asks why, and keeps the reason.
  const notReserved = ms.console.notReserved;
  await complete.getByLabel(notReserved).fill('Fitted from the rack by the bay');
  await complete.getByRole('button', { name: w.completeNow }).click();
  await expect(page.getByText(w.completed(orderNo))).toBeVisible();

  // The customer reads each tyre's week and year, and claims under the warranty.
  await customer.goto(`/pc/${w.prefix}myorder-status/detail?orderNo=${orderNo}`);
  for (const t of tyres) await expect(customer.getByText(w.made(t.week, t.year)).first()).toBeVisible();
  const warranty = customer.getByRole('region', { name: w.warranty });
  await warranty.getByRole('button', { name: w.claim }).click();
  const form = customer.getByRole('dialog', { name: w.claim });
  const description = form.getByLabel(w.description);
  await description.fill('Bocor');
  await form.getByRole('button', { name: w.send, exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(w.tooShort);
  await description.fill(w.problem);
  await form.getByLabel(w.addPhotos).setInputFiles(await photo('tyre.jpg'));
  await expect(form.getByRole('img')).toHaveCount(1);
  await form.getByRole('button', { name: w.send, exact: true }).click();
  await expect(form).toBeHidden();
  const claimNo = `${orderNo}-W1`;
  await expect(customer.getByText(w.sent(claimNo), { exact: false })).toBeVisible();
  await expect(warranty.getByRole('article', { name: w.claimAs(claimNo, 'SUBMITTED') })).toContainText(w.problem);

  await decide(page, w, claimNo, w.accept, w.acceptTitle(claimNo), w.confirmAccept, w.accepted(claimNo));

  // Accepted: the customer books the free repair at the workshop's free times; nothing to pay.
  await customer.reload();
  const accepted = warranty.getByRole('article', { name: w.claimAs(claimNo, 'ACCEPTED') });
  await accepted.getByRole('button', { name: w.book }).click();
  const book = customer.getByRole('dialog', { name: w.book });
  const date = book.getByLabel(w.date, { exact: true });
  // A day after today, so that the repair is resolved before its day below, with a reason.
  const day = (await freeDays(date)).find((d) => d > klDate(new Date()))!;
  await date.selectOption(day);
  const time = await chooseFreeTime(book.getByRole('group', { name: w.time }));
  await book.getByRole('button', { name: w.confirmBook }).click();
  await expect(book).toBeHidden();
  await expect(customer.getByText(w.booked)).toBeVisible();

  // The workshop's day shows the repair by its time, as warranty work at no charge.
  await page.goto(`/pc/${w.prefix}console?date=${day}&store=${SS2}`);
  const reworks = page.getByRole('region', { name: w.reworks });
  const job = reworks.getByRole('article').filter({ hasText: claimNo });
  await expect(job).toHaveAccessibleName(new RegExp(`^${time}–\\d\\d:\\d\\d · `));
  await expect(job).toContainText(w.reworkFree);

  // Resolved before its booked day (the customer came early): the console asks why first.
  await page.goto(`/pc/${w.prefix}console/warranty`);
  await page.getByRole('article', { name: w.claimCard(claimNo) }).getByRole('button', { name: w.resolve, exact: true }).click();
  const resolving = page.getByRole('dialog', { name: w.resolveTitle(claimNo) });
  await resolving.getByRole('button', { name: w.resolve, exact: true }).click();
  await expect(resolving.getByText(ms.console.resolveEarlyRequired)).toBeVisible();
  await resolving.getByLabel(ms.console.resolveEarlyNote).fill('Pelanggan datang lebih awal; tayar telah ditukar.');
  await resolving.getByRole('button', { name: w.resolve, exact: true }).click();
  await expect(page.getByText(w.resolved(claimNo))).toBeVisible();
  await expect(resolving).toBeHidden();

  await customer.reload();
  const repaired = warranty.getByRole('article', { name: w.claimAs(claimNo, 'RESOLVED') });
  await expect(repaired.getByRole('list', { name: w.steps }).getByRole('listitem').last()).toContainText(w.repaired);
});

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { exportDocument } from '../../contract/data-export.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { individual, requestEinvoice, settleJobs } from './einvoice-fixtures.ts';
import { G, garageCar } from './garage-fixtures.ts';
import { startApi, type TestApi } from './harness.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { BASIC_SERVICE, contact, installOrder, mailOrder, selangorAddress, SS2, WIPERS } from './order-fixtures.ts';
import { CONSENT } from './reminder-fixtures.ts';
import { R, WIPERS_ID } from './review-fixtures.ts';

/**
 * The customer's data as one document (docs/contracts/running-the-business.md §5): the profile, the garage, the
 * consents, the orders with their lines, payments, refunds, invoices, e-invoices, claims and
 * messages, and the reviews; the customer's own only; at most 3 an hour; also as a file.
 */

const EXPORT = '/api/app/user/data/export';
const FILE = '/api/app/user/data/export.json';
const WARRANTY_ADD = '/api/app/warranty/add';
const OTHER_PHONE = '0198765432';

let api: TestApi;
let k: Keys;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  k = await staffKeys(api);
});

const exportOf = (userKey: string | undefined, language = 'en_us') => api.request(EXPORT, {}, { userKey, language });
const fileOf = (userKey?: string, language = 'en_us') => api.fetch(FILE, { headers: { language, ...(userKey ? { Authorization: userKey } : {}) } });

const ok = <T extends { code: number; msg: string }>(answer: T) => {
  expect(answer.code, answer.msg).toBe(200);
  return answer;
};

/**
 * A customer with one of everything: a garage car with its plate and a reading, a consent, an
 * installation completed with a warranty claim and a review, and a parcel paid with an
 * e-invoice and a part refund (its credit note and refund note).
 */
async function customerWithEverything(userKey: string, who = { name: contact.name, phone: contact.phone, email: 'aisyah@example.com', plate: 'WXY 1234' }) {
  const { plate, email } = who;
  const person = { name: who.name, phone: who.phone };
  const carId = await garageCar(api, userKey);
  ok(await api.request(G.update, { carId, plate, roadTaxExpiry: '2026-03-31' }, { userKey }));
  ok(await api.request(CONSENT, { serviceReminders: true }, { userKey }));

  const installNo = await paidOrder(api, userKey, installOrder({ storeId: SS2, items: [WIPERS, BASIC_SERVICE], carPlate: plate, contact: person }));
  ok(await api.request(C.start, { orderNo: installNo }, { userKey: k.ss2 }));
  const done = ok(await api.request(C.complete, { orderNo: installNo, odometerKm: 45_000 }, { userKey: k.ss2 }));
  const wipersLine = (done.data.lines as { lineId: string; productId: string }[]).find((l) => l.productId === WIPERS_ID)!.lineId;
  ok(await api.request(WARRANTY_ADD, { orderNo: installNo, lineIds: [wipersLine], description: 'The wiper squeaks and leaves streaks on the glass.' }, { userKey }));
  ok(await api.request(R.add, { orderNo: installNo, target: 'product', productId: WIPERS_ID, rating: 4, text: 'Quiet blades, fitted in ten minutes.' }, { userKey }));

  api.advance(60);
  const mailNo = await paidOrder(api, userKey, mailOrder({ carPlate: plate, contact: { ...person, email }, address: { ...selangorAddress, recipient: person.name, phone: person.phone } }));
  ok(await requestEinvoice(api, userKey, mailNo, individual({ name: person.name, email })));
  await settleJobs(api);
  ok(await api.request(REFUND, { orderNo: mailNo, reason: 'One blade was bent', contact: person.phone, amountSen: 1000 }, { userKey }));
  ok(await api.request(C.review, { orderNo: mailNo, decision: 'approve', note: 'Sorry about that' }, { userKey: k.admin }));
  await api.payments.idle();
  await settleJobs(api);
  return { carId, installNo, mailNo };
}

describe('app/user/data/export', () => {
  test('every section: profile, garage, consents, orders with payments, refunds, invoices, e-invoices, claims and messages, reviews', async () => {
    const { carId, installNo, mailNo } = await customerWithEverything(k.customer);
    const { data } = ok(await exportOf(k.customer));

    expect(() => exportDocument.parse(data)).not.toThrow();
    expect(data).toMatchObject({ format: 'servauto-export-1', exportedAt: api.now().toISOString(), language: 'en' });
    expect(data.profile).toEqual({
      phone: '+60123456789',
      name: '',
      realName: 'Nur Aisyah',
      email: 'aisyah@example.com',
      createdAt: expect.any(String),
      lastLoginAt: expect.any(String),
    });

    expect(data.cars).toEqual([
      expect.objectContaining({
        car: expect.objectContaining({ id: carId, brand: 'Perodua', plate: 'WXY 1234', roadTaxExpiry: '2026-03-31' }),
        services: [expect.objectContaining({ orderNo: installNo, odometerKm: 45_000 })],
        odometer: [expect.objectContaining({ km: 45_000, source: 'staff' })],
      }),
    ]);
    expect(data.consents).toEqual([
      { purpose: 'serviceReminders', granted: true, at: expect.any(String), wording: expect.stringContaining('due for a service'), locale: 'en', source: 'account' },
    ]);

    // Newest first: the parcel, then the installation.
    expect(data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([mailNo, installNo]);
    const [parcel, install] = data.orders;
    expect(parcel).toMatchObject({
      status: 'UPCOMING',
      statusWords: 'Upcoming',
      method: 'mail',
      removedFromList: false,
      contact: { name: 'Nur Aisyah', phone: '+60123456789', email: 'aisyah@example.com' },
      address: expect.objectContaining({ postcode: expect.any(String) }),
      lines: [expect.objectContaining({ productId: WIPERS_ID, name: 'Bosch AeroTwin wiper blades' })],
      payments: [expect.objectContaining({ state: 'succeeded', methodWords: expect.stringContaining('FPX') })],
      refunds: [expect.objectContaining({ refundNo: `${mailNo}-R1`, status: 'COMPLETED', statusWords: 'Refund completed', amountSen: 1000 })],
      invoice: { invoiceNo: expect.any(String), issuedAt: expect.any(String), totalSen: parcel.totals.totalSen },
      creditNotes: [expect.objectContaining({ refundNo: `${mailNo}-R1`, amountSen: 1000, einvoice: expect.objectContaining({ type: 'refund-note', status: 'VALID' }) })],
    });
    expect(parcel.einvoices).toEqual([
      expect.objectContaining({ type: 'invoice', status: 'VALID', validationUrl: expect.stringContaining('/share/') }),
      expect.objectContaining({ type: 'refund-note', status: 'VALID' }),
    ]);
    expect(parcel.messages.length).toBeGreaterThan(0);
    expect(parcel.messages).toContainEqual(
      expect.objectContaining({ channel: 'sms', to: '+60123456789', kind: expect.any(String), text: expect.stringContaining(mailNo), state: 'sent' }),
    );

    expect(install).toMatchObject({
      status: 'COMPLETED',
      statusWords: 'Completed',
      method: 'install',
      store: expect.objectContaining({ id: SS2 }),
      appointment: expect.objectContaining({ date: expect.any(String) }),
      warrantyClaims: [expect.objectContaining({ claimNo: `${installNo}-W1`, status: expect.any(String), description: 'The wiper squeaks and leaves streaks on the glass.' })],
      history: expect.arrayContaining([expect.objectContaining({ status: 'COMPLETED' })]),
    });
    expect(install.invoice).toMatchObject({ invoiceNo: expect.any(String) });

    expect(data.reviews).toEqual([
      expect.objectContaining({ orderNo: installNo, target: 'product', productId: WIPERS_ID, about: 'Bosch AeroTwin wiper blades', rating: 4, text: 'Quiet blades, fitted in ten minutes.', status: expect.any(String) }),
    ]);
  });

  test("another customer's orders, reviews, car and consents are never in it, nor the first customer's in theirs", async () => {
    const mine = await customerWithEverything(k.customer);
    const other = (await api.login(OTHER_PHONE, { address: '10.0.0.9' })).userKey;
    const theirs = await customerWithEverything(other, { name: 'Kumar Selvam', phone: OTHER_PHONE, email: 'kumar@example.com', plate: 'BKL 9876' });

    const myText = JSON.stringify(ok(await exportOf(k.customer)).data);
    const theirText = JSON.stringify(ok(await exportOf(other)).data);
    for (const sign of [theirs.installNo, theirs.mailNo, theirs.carId, 'BKL 9876', 'kumar@example.com', '+60198765432', 'Kumar Selvam']) expect(myText).not.toContain(sign);
    for (const sign of [mine.installNo, mine.mailNo, mine.carId, 'WXY 1234', 'aisyah@example.com', '+60123456789', 'Nur Aisyah']) expect(theirText).not.toContain(sign);
    expect(JSON.parse(theirText)).toMatchObject({ profile: { phone: '+60198765432' }, orders: [{ orderNo: theirs.mailNo }, { orderNo: theirs.installNo }], reviews: [{ orderNo: theirs.installNo }] });
  });

  test('words in the language of the page (zh-cn, ms), values as stored', async () => {
    const { installNo, mailNo } = await customerWithEverything(k.customer);
    const en = ok(await exportOf(k.customer)).data;
    const zh = ok(await exportOf(k.customer, 'zh_cn')).data;
    const ms = ok(await exportOf(k.customer, 'ms_my')).data;

    expect(zh.language).toBe('zh-cn');
    expect(ms.language).toBe('ms');
    const install = (doc: typeof en) => doc.orders.find((o: { orderNo: string }) => o.orderNo === installNo);
    const parcel = (doc: typeof en) => doc.orders.find((o: { orderNo: string }) => o.orderNo === mailNo);
    expect(install(zh)).toMatchObject({ status: 'COMPLETED', statusWords: '已完成', lines: expect.arrayContaining([expect.objectContaining({ productId: WIPERS_ID, name: 'Bosch AeroTwin 雨刮' })]) });
    expect(install(ms)).toMatchObject({ status: 'COMPLETED', statusWords: 'Selesai', lines: expect.arrayContaining([expect.objectContaining({ productId: WIPERS_ID, name: 'Bilah pengelap Bosch AeroTwin' })]) });
    expect(parcel(zh).refunds[0]).toMatchObject({ status: 'COMPLETED', statusWords: '退款已完成' });
    expect(parcel(ms).refunds[0]).toMatchObject({ status: 'COMPLETED', statusWords: 'Bayaran balik selesai' });
    expect(zh.reviews[0].about).toBe('Bosch AeroTwin 雨刮');
    expect(ms.reviews[0].about).toBe('Bilah pengelap Bosch AeroTwin');

    // The values are the same in every language: codes, amounts in sen, times, the texts as stored.
    for (const doc of [zh, ms]) {
      expect(install(doc).totals).toEqual(install(en).totals);
      expect(parcel(doc).creditNotes.map((n: { amountSen: number }) => n.amountSen)).toEqual(parcel(en).creditNotes.map((n: { amountSen: number }) => n.amountSen));
      expect(parcel(doc).messages.map((m: { text: string }) => m.text)).toEqual(parcel(en).messages.map((m: { text: string }) => m.text));
      expect(doc.consents).toEqual(en.consents);
      expect(doc.reviews[0].text).toBe(en.reviews[0].text);
    }
  });

  test('at most 3 an hour, the call and the file together: the 4th is refused saying when, an hour after the first it works again', async () => {
    ok(await exportOf(k.customer));
    api.advance(10 * 60);
    expect((await fileOf(k.customer)).status).toBe(200);
    api.advance(10 * 60);
    ok(await exportOf(k.customer));
    api.advance(10 * 60);

    const first = new Date(api.now().getTime() - 30 * 60_000);
    const refused = await exportOf(k.customer);
    expect(refused).toEqual({
      code: 807,
      msg: 'You can download your data at most 3 times an hour. You can download it again in 30 minutes.',
      data: { retryAt: new Date(first.getTime() + 60 * 60_000).toISOString() },
    });
    expect((await exportOf(k.customer, 'zh_cn')).msg).toBe('您每小时最多可下载 3 次个人资料。请在 30 分钟后再下载。');
    expect((await exportOf(k.customer, 'ms_my')).msg).toBe('Anda boleh memuat turun data anda paling banyak 3 kali sejam. Anda boleh memuat turunnya lagi dalam 30 minit.');
    const file = await fileOf(k.customer);
    expect(file.status).toBe(429);
    expect(file.headers.get('retry-after')).toBe('1800');
    expect(await file.json()).toMatchObject({ code: 807 });

    // Another customer's exports are counted apart.
    const other = (await api.login(OTHER_PHONE, { address: '10.0.0.9' })).userKey;
    ok(await exportOf(other));

    // An hour after the first, one place is free again; the next frees ten minutes later.
    api.advance(30 * 60);
    ok(await exportOf(k.customer));
    expect((await exportOf(k.customer)).msg).toBe('You can download your data at most 3 times an hour. You can download it again in 10 minutes.');
  });

  test('the file: the same document as an attachment named by the day, never cached', async () => {
    await customerWithEverything(k.customer);
    const answered = ok(await exportOf(k.customer)).data;
    const file = await fileOf(k.customer);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="servauto-export-2025-06-02.json"');
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(await file.json()).toEqual(answered);
  });

  test('no login, a wrong key or a key logged out: refused (708, 800; the file with HTTP 401), and nothing counted', async () => {
    expect((await exportOf(undefined)).code).toBe(708);
    expect((await exportOf('not-a-key')).code).toBe(708);
    for (const key of [undefined, 'not-a-key']) {
      const file = await fileOf(key);
      expect(file.status).toBe(401);
      expect(await file.json()).toMatchObject({ code: 708, msg: 'Invalid session, or session has expired, please log in again.' });
    }
    const { userKey } = await api.login(OTHER_PHONE, { address: '10.0.0.9' });
    ok(await api.request('/api/app/user/logout', {}, { userKey }));
    expect((await exportOf(userKey)).code).toBe(800);
    const revoked = await fileOf(userKey);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ code: 800 });

    // Three exports are still there for the customer.
    for (let i = 0; i < 3; i++) ok(await exportOf(k.customer));
  });
});

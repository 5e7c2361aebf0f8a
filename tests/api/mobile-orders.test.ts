import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DAY_SECONDS, startApi, twoApiProcesses, type TestApi } from './harness.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { ADD, BASIC_SERVICE, contact, FIND, MYVI, newKey, rows, selangorAddress, WIPERS } from './order-fixtures.ts';
import { paidOrder } from './my-orders-fixtures.ts';
import { individual, requestEinvoice } from './einvoice-fixtures.ts';

/**
 * Orders fitted at the customer's place (docs/contracts/running-the-business.md §2): the bill with
 * its visit fee, a van's window held with the order and booked when paid, given back when the order
 * ends unpaid, and refusals that book nothing.
 */

const QUOTE = '/api/app/order/vehicle/cart/quote';
const DAY = '/api/console/mobile/day';
const ON_THE_WAY = '/api/console/mobile/on-the-way';
const MISSED = '/api/console/mobile/missed';
const CHANGE = '/api/app/order/vehicle/order/app/update/install/time';
const CANCEL = '/api/app/order/vehicle/order/app/cancel';
const INVOICE = '/api/app/order/vehicle/order/app/invoice';
const FIRST = '2025-06-04';
const onPostgres = Boolean(process.env.DATABASE_URL);

function mobileOrder(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: newKey(),
    items: [WIPERS, BASIC_SERVICE],
    variantId: MYVI,
    carPlate: 'WXY 1234',
    method: 'mobile',
    address: { ...selangorAddress, landmark: 'Guardhouse B, level 2 car park' },
    window: { date: FIRST, start: '09:00' },
    contact,
    ...overrides,
  };
}

const vanRows = (api: TestApi) => rows<{ van_id: string; date: string; start: string; minutes: number; state: string }>(api, sql`select van_id, date::text, start, minutes, state from van_bookings order by start`);

// One server for the file, its database emptied before each test. Orders wait 30 minutes to be paid.
let api: TestApi;
let k: Keys;
beforeAll(async () => {
  api = await startApi({ paymentTimeoutMinutes: 30 });
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  k = await staffKeys(api);
});

describe('an order fitted at the customer’s place', () => {
  test('its bill: parts, labour and its tax as at a workshop, then the visit fee and its 8 % service tax', async () => {
    const quote = await api.request(QUOTE, { items: [WIPERS, BASIC_SERVICE], variantId: MYVI, method: 'mobile', address: { postcode: '47300', state: 'Selangor' } }, { userKey: k.customer });
    expect(quote.code, quote.msg).toBe(200);
    expect(quote.data).toMatchObject({ subtotalSen: 8900 + 15900, visitFeeSen: 3000, visitFeeTaxSen: 240, deliveryFeeSen: 0, totalSen: 8900 + 15900 + 3240 });
  });

  test('placed: the window is held with its minutes and the van named; paid: booked; the bill is the order’s', async () => {
    const placed = await api.request(ADD, mobileOrder(), { userKey: k.customer });
    expect(placed.code, placed.msg).toBe(200);
    expect(await vanRows(api)).toEqual([{ van_id: 'van-petaling-jaya', date: FIRST, start: '09:00', minutes: 75 + 30, state: 'held' }]);
    const [order] = await rows<{ van_id: string; store_id: string; appointment_time: string; visit_fee_sen: number; visit_fee_tax_sen: number; total_sen: number; address: { landmark: string } }>(
      api,
      sql`select van_id, store_id, appointment_time, visit_fee_sen, visit_fee_tax_sen, total_sen, address from orders`,
    );
    expect(order).toMatchObject({ van_id: 'van-petaling-jaya', store_id: 'petaling-jaya-ss2-tyre-auto', appointment_time: '09:00', visit_fee_sen: 3000, visit_fee_tax_sen: 240, total_sen: 8900 + 15900 + 3240 });
    expect(order!.address.landmark).toBe('Guardhouse B, level 2 car park');
    // Another customer asks for the same window: the van has no time left in it.
    const other = (await api.login('0198765432', { address: '10.2.0.1' })).userKey;
    const full = await api.request(ADD, mobileOrder({ contact: { name: 'Ali', phone: '0198765432' } }), { userKey: other });
    expect(full).toMatchObject({ code: 807, data: { field: 'window' } });
    expect(full.msg).toBe('That time window has just been taken: choose another.');
  });

  test('paid, the window is booked; unpaid in time, it is given back', async () => {
    const paid = await paidOrder(api, k.customer, mobileOrder());
    const page = (await api.request(FIND, { orderNo: paid }, { userKey: k.customer })).data;
    expect(page).toMatchObject({ method: 'mobile', store: null, visit: { van: 'Servauto Van PJ', date: FIRST, start: '09:00', end: '11:00', onTheWayAt: null }, address: { landmark: 'Guardhouse B, level 2 car park' } });
    expect(page.totals).toMatchObject({ visitFeeSen: 3000, visitFeeTaxSen: 240, totalSen: 28_040 });
    expect((await vanRows(api)).map((r) => r.state)).toEqual(['booked']);
    await api.request(ADD, mobileOrder({ window: { date: FIRST, start: '11:00' } }), { userKey: k.customer });
    expect((await vanRows(api)).map((r) => r.state)).toEqual(['booked', 'held']);
    api.advance(31 * 60);
    await api.runJobs();
    expect((await vanRows(api)).map((r) => r.start)).toEqual(['09:00']);
  });

  test('the day before, the customer is reminded of the window', async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder({ window: { date: FIRST, start: '11:00' } }));
    api.advance(DAY_SECONDS + 60);
    await api.runJobs();
    expect(api.smsLines.filter((l) => l.includes(orderNo) && l.includes('reminder'))).toEqual([
      expect.stringContaining('our technician comes to your address for order ' + orderNo + ' tomorrow, Wed, 4 Jun 2025, between 11:00 and 13:00.'),
    ]);
  });

  test('the window moves until the day before: the new one taken, the old one given back, the customer told', async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder());
    const moved = await api.request(CHANGE, { orderNo, date: FIRST, time: '13:00' }, { userKey: k.customer });
    expect(moved.code, moved.msg).toBe(200);
    expect(await vanRows(api)).toEqual([expect.objectContaining({ start: '13:00', state: 'booked' })]);
    expect(api.smsLines.filter((l) => l.includes(orderNo) && l.includes('has moved to'))).toEqual([expect.stringContaining('between 13:00 and 15:00.')]);
    // A window not offered, or on the day itself: refused, nothing moved.
    expect((await api.request(CHANGE, { orderNo, date: FIRST, time: '12:00' }, { userKey: k.customer })).code).toBe(807);
    api.advance(2 * DAY_SECONDS);
    expect((await api.request(CHANGE, { orderNo, date: '2025-06-05', time: '09:00' }, { userKey: k.customer })).code).toBe(807);
    expect(await vanRows(api)).toEqual([expect.objectContaining({ date: FIRST, start: '13:00' })]);
  });

  test('refused, nothing booked: no window, a window not offered, a postcode no van comes to, a product not fitted on site, a workshop named', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ window: undefined }, 400, /time window/],
      [{ window: { date: FIRST, start: '10:00' } }, 807, /not offered/],
      [{ window: { date: '2025-06-08', start: '09:00' } }, 807, /not offered/],
      [{ address: { ...selangorAddress, postcode: '81300', city: 'Skudai', state: 'Johor' } }, 807, /81300/],
      [{ items: [{ productId: 'tint-3m-black-beauty', quantity: 1 }] }, 807, /cannot be fitted at your place/],
      [{ storeId: 'petaling-jaya-ss2-tyre-auto' }, 400, /./],
      [{ address: { ...selangorAddress, line1: ' ' } }, 400, /./],
      [{ address: { ...selangorAddress, postcode: '' } }, 400, /./],
    ];
    for (const [change, code, msg] of cases) {
      const answer = await api.request(ADD, mobileOrder(change), { userKey: k.customer });
      expect(answer.code, JSON.stringify(change)).toBe(code);
      expect(answer.msg).toMatch(msg);
    }
    expect(await vanRows(api)).toEqual([]);
    expect((await rows<{ n: number }>(api, sql`select count(*)::int n from orders`))[0]!.n).toBe(0);
  });
  test("the stock is the van's base workshop's: what it lacks comes from the warehouse, and no window before it arrives", async () => {
    await api.db.execute(sql`update stock_levels set on_hand = reserved where location = 'petaling-jaya-ss2-tyre-auto' and sku like 'wiper-bosch-aerotwin%'`);
    const early = await api.request(ADD, mobileOrder(), { userKey: k.customer });
    expect(early).toMatchObject({ code: 807, data: { field: 'window' } });
    const notBefore = (early.data as { notBefore: string }).notBefore;
    expect(notBefore > FIRST).toBe(true);
    expect(await vanRows(api)).toEqual([]);
    expect((await rows<{ n: number }>(api, sql`select coalesce(sum(reserved), 0)::int n from stock_levels where location = 'warehouse'`))[0]!.n).toBe(0);
  });
});

describe("the technician's day", () => {
  test("the van's jobs by window with where to go; on the way on the day tells the customer once; started and completed as at a workshop", async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder());
    const day = await api.request(DAY, { vanId: 'van-petaling-jaya', date: FIRST }, { userKey: k.ss2 });
    expect(day.code, day.msg).toBe(200);
    expect(day.data.windows.map((w: { start: string; end: string }) => `${w.start}-${w.end}`)).toEqual(['09:00-11:00', '11:00-13:00', '13:00-15:00', '15:00-17:00']);
    const [job] = day.data.windows[0].jobs;
    expect(job).toMatchObject({
      orderNo,
      status: 'UPCOMING',
      customer: 'Nur Aisyah',
      address: { line1: '12, Jalan SS 2/24', postcode: '47300', landmark: 'Guardhouse B, level 2 car park' },
      items: [expect.objectContaining({ quantity: 1 }), expect.objectContaining({ quantity: 1 })],
      minutes: 75,
      carPlate: 'WXY 1234',
      onTheWayAt: null,
    });
    expect(job.mapsUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12%2C%20Jalan%20SS%202%2F24/);
    expect(job.wazeUrl).toMatch(/^https:\/\/waze\.com\/ul\?q=.*47300.*&navigate=yes$/);
    // Staff of another workshop do not see this van; an unknown van is 404.
    expect((await api.request(DAY, { vanId: 'van-petaling-jaya', date: FIRST }, { userKey: k.segambut })).code).toBe(403);
    expect((await api.request(DAY, { vanId: 'van-ipoh', date: FIRST }, { userKey: k.admin })).code).toBe(404);

    // Not before the day.
    const early = await api.request(ON_THE_WAY, { orderNo, etaMinutes: 20 }, { userKey: k.ss2 });
    expect(early).toMatchObject({ code: 807, msg: "Only a job booked at the customer's place for today can be on its way." });
    api.advance(2 * DAY_SECONDS);
    const sent = await api.request(ON_THE_WAY, { orderNo, etaMinutes: 20 }, { userKey: k.ss2 });
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data).toMatchObject({ orderNo, etaMinutes: 20 });
    expect(api.smsLines.filter((l) => l.includes(orderNo) && l.includes('on the way'))).toEqual([expect.stringContaining('should reach you in about 20 minutes')]);
    expect((await api.request(ON_THE_WAY, { orderNo, etaMinutes: 10 }, { userKey: k.ss2 })).code).toBe(807);
    expect((await api.request(DAY, { vanId: 'van-petaling-jaya', date: FIRST }, { userKey: k.admin })).data.windows[0].jobs[0]).toMatchObject({ etaMinutes: 20, onTheWayAt: api.now().toISOString() });

    expect((await api.request(C.start, { orderNo }, { userKey: k.ss2 })).code).toBe(200);
    const done = await api.request(C.complete, { orderNo, odometerKm: 42_180 }, { userKey: k.ss2 });
    expect(done.code, done.msg).toBe(200);
    const [row] = await rows<{ status: string; odometer_km: number }>(api, sql`select status, odometer_km from orders where order_no = ${orderNo}`);
    expect(row).toEqual({ status: 'COMPLETED', odometer_km: 42_180 });
  });
});

describe('the tax documents of a visit', () => {
  test("the buyer's e-invoice has the visit fee as a service line taxed as labour, and adds up to what was paid", async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder());
    const asked = await requestEinvoice(api, k.customer, orderNo, individual());
    expect(asked.code, asked.msg).toBe(200);
    const [doc] = await rows<{ document_text: string; total_sen: number }>(api, sql`select document_text, total_sen from einvoice_documents where type = 'invoice'`);
    expect(doc!.total_sen).toBe(8900 + 15900 + 3240);
    const text = doc!.document_text;
    expect(text).toContain("Visit fee, fitting at the customer's place");
    const ubl = JSON.parse(text) as { Invoice: { LegalMonetaryTotal: { PayableAmount: { _: number }[] }[]; TaxTotal: { TaxSubtotal: { TaxableAmount: { _: number }[]; TaxAmount: { _: number }[]; TaxCategory: { ID: { _: string }[] }[] }[] }[] }[] };
    const invoice = ubl.Invoice[0]!;
    expect(invoice.LegalMonetaryTotal[0]!.PayableAmount[0]!._).toBe(280.4);
    const service = invoice.TaxTotal[0]!.TaxSubtotal.find((t) => t.TaxCategory[0]!.ID[0]!._ === '02')!;
    expect({ taxable: service.TaxableAmount[0]!._, tax: service.TaxAmount[0]!._ }).toEqual({ taxable: 25 + 30, tax: 2 + 2.4 });
  });
});

describe("the shop's invoice of a visit", () => {
  test('lists the visit fee as a line, counts it in the service tax, and its lines add up to the total; a missed visit\'s credit note gives back the rest', async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder());
    const invoice = (await api.request(INVOICE, { orderNo }, { userKey: k.customer })).data;
    expect(invoice.lines.at(-1)).toMatchObject({ productId: 'visit-fee', name: 'Visit fee, fitting at your place', quantity: 1, labourSen: 3000, serviceTaxSen: 240, totalSen: 3240 });
    expect(invoice.lines.reduce((sum: number, l: { totalSen: number }) => sum + l.totalSen, 0)).toBe(invoice.totals.totalSen);
    expect(invoice.totals).toMatchObject({ visitFeeSen: 3000, visitFeeTaxSen: 240, totalSen: 28_040 });
    expect(invoice.serviceTax).toMatchObject({ taxableSen: 2500 + 3000, amountSen: 200 + 240 });

    api.advance(47 * 3600 + 20 * 60);
    expect((await api.request(MISSED, { orderNo, reason: 'Gate locked' }, { userKey: k.ss2 })).code).toBe(200);
    await api.payments.idle();
    await api.runJobs();
    const after = (await api.request(INVOICE, { orderNo }, { userKey: k.customer })).data;
    expect(after.creditNotes).toHaveLength(1);
    expect(after.creditNotes[0]).toMatchObject({ amountSen: 24_800 });
    expect(after.totals.creditedSen).toBe(24_800);
  });
});

describe('a paid visit cancelled by the customer', () => {
  test('before the technician sets off: all of it back, the window given back', async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder());
    const cancelled = await api.request(CANCEL, { orderNo, reason: 'Car sold' }, { userKey: k.customer });
    expect(cancelled.code, cancelled.msg).toBe(200);
    expect(await vanRows(api)).toEqual([]);
    const [refund] = await rows<{ amount_sen: number; status: string }>(api, sql`select amount_sen, status from refunds`);
    expect(refund!.amount_sen).toBe(28_040);
    expect(api.smsLines.filter((l) => l.includes(orderNo) && l.includes('refund'))).toEqual([expect.stringContaining('RM 280.40')]);
  });

  test('on the day, the technician on the way or not yet: the visit fee is kept', async () => {
    const early = await paidOrder(api, k.customer, mobileOrder({ window: { date: FIRST, start: '13:00' } }));
    api.advance(2 * DAY_SECONDS - 3 * 3600);
    expect((await api.request(CANCEL, { orderNo: early, reason: 'Working late' }, { userKey: k.customer })).code).toBe(200);
    expect((await rows<{ amount_sen: number }>(api, sql`select amount_sen from refunds`))[0]!.amount_sen).toBe(28_040 - 3_240);
  });

  test('once the technician is on the way: the visit fee is kept', async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder());
    api.advance(2 * DAY_SECONDS);
    expect((await api.request(ON_THE_WAY, { orderNo, etaMinutes: 30 }, { userKey: k.ss2 })).code).toBe(200);
    expect((await api.request(CANCEL, { orderNo, reason: 'Not home after all' }, { userKey: k.customer })).code).toBe(200);
    const [refund] = await rows<{ amount_sen: number }>(api, sql`select amount_sen from refunds`);
    expect(refund!.amount_sen).toBe(28_040 - 3_240);
  });
});

describe('the customer not there', () => {
  test('from 15 minutes into the window: cancelled, the window given back, all but the visit fee refunded, the customer told', async () => {
    const orderNo = await paidOrder(api, k.customer, mobileOrder());
    // The harness's clock is Monday 10:00; the window opens on Wednesday at 09:00.
    api.advance(47 * 3600 + 14 * 60);
    const early = await api.request(MISSED, { orderNo, reason: 'No answer at the gate' }, { userKey: k.ss2 });
    expect(early).toMatchObject({ code: 807, msg: 'The customer can be marked as not there from 09:15, 15 minutes into the window.' });
    api.advance(60);
    const missed = await api.request(MISSED, { orderNo, reason: 'No answer at the gate' }, { userKey: k.ss2 });
    expect(missed.code, missed.msg).toBe(200);
    expect(missed.data).toMatchObject({ orderNo, refundSen: 8900 + 15900, keptSen: 3240 });
    const [order] = await rows<{ status: string; cancelled_by: string }>(api, sql`select status, cancelled_by from orders where order_no = ${orderNo}`);
    expect(order).toEqual({ status: 'CANCELLED', cancelled_by: 'staff' });
    expect(await vanRows(api)).toEqual([]);
    expect(api.smsLines.filter((l) => l.includes(orderNo) && l.includes('could not find you'))).toEqual([expect.stringContaining('RM 248.00 goes back to the way you paid; the visit fee is kept.')]);
    const [refund] = await rows<{ status: string; amount_sen: number }>(api, sql`select status, amount_sen from refunds`);
    expect(refund).toMatchObject({ amount_sen: 8900 + 15900 });
    expect(['PROCESSING', 'COMPLETED']).toContain(refund!.status);
    // Once is all: a second press finds nothing booked.
    expect((await api.request(MISSED, { orderNo, reason: 'again' }, { userKey: k.ss2 })).code).toBe(807);
  });
});

describe.skipIf(!onPostgres)('one window asked for through two API processes at once (needs PostgreSQL)', () => {
  const apis = twoApiProcesses();

  test('ten customers, one window that holds one such job: one order, nine refused with 807', async () => {
    const keys: string[] = [];
    for (let i = 0; i < 10; i++) keys.push((await apis.a.login(`017${String(2_000_000 + i)}`, { address: `10.3.0.${i + 1}` })).userKey);
    const answers = await Promise.all(keys.map((userKey, i) => (i % 2 ? apis.a : apis.b).request(ADD, mobileOrder({ contact: { name: 'Buyer', phone: `017${String(2_000_000 + i)}` } }), { userKey })));
    expect(answers.filter((r) => r.code !== 200 && r.code !== 807).map((r) => r.msg)).toEqual([]);
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(await vanRows(apis.a)).toHaveLength(1);
  }, 120_000);
});

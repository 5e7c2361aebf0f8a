import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { installOrder, mailOrder, rows, SS2, WIPERS } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { G, garageCar } from './garage-fixtures.ts';

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

const call = (path: string, body: unknown, userKey?: string, language = 'en_us') => api.request(path, body, { userKey, language });
const EXPIRED = { code: 708, msg: 'Invalid session, or session has expired, please log in again.', data: null };
const UNKNOWN_CAR = { code: 404, msg: 'That car is not one we know, or not in your garage.', data: null };
const someoneElse = async () => (await api.login('0198765432', { address: '10.0.0.9' })).userKey;

/** An installation of the fixtures' Myvi, paid and started at SS2: ready to be completed. */
async function inService(body: Record<string, unknown> = {}) {
  const orderNo = await paidOrder(api, k.customer, installOrder(body));
  expect((await call(C.start, { orderNo }, k.ss2)).code).toBe(200);
  return orderNo;
}

describe('the garage calls need a login and the caller\'s own car', () => {
  test.each([
    ['update', G.update, { carId: '00000000-0000-4000-8000-000000000000', plate: 'WXY 1234' }],
    ['history', G.history, { carId: '00000000-0000-4000-8000-000000000000' }],
    ['odometer', G.odometer, { carId: '00000000-0000-4000-8000-000000000000', km: 1000 }],
  ])('%s without a key: 708; with another customer\'s car: 404', async (_name, path, body) => {
    expect(await api.request(path, body)).toEqual(EXPIRED);
    const carId = await garageCar(api, k.customer);
    expect(await call(path, { ...body, carId }, await someoneElse())).toEqual(UNKNOWN_CAR);
    expect(await call(path, body, k.customer)).toEqual(UNKNOWN_CAR);
  });
});

describe('a car\'s plate and expiry dates', () => {
  test('are saved as typed, shown in the garage list, and cleared with null', async () => {
    const carId = await garageCar(api, k.customer);
    const before = await call(G.list, {}, k.customer);
    expect(before.data[0]).toMatchObject({ plate: '', roadTaxExpiry: null, insuranceExpiry: null });
    const updated = await call(G.update, { carId, plate: 'wxy1234', roadTaxExpiry: '2025-06-30', insuranceExpiry: '2026-01-15' }, k.customer);
    expect(updated.code, updated.msg).toBe(200);
    expect(updated.data[0]).toMatchObject({ id: carId, plate: 'WXY 1234', roadTaxExpiry: '2025-06-30', insuranceExpiry: '2026-01-15' });
    await call(G.update, { carId, insuranceExpiry: null }, k.customer);
    expect((await call(G.list, {}, k.customer)).data[0]).toMatchObject({ plate: 'WXY 1234', roadTaxExpiry: '2025-06-30', insuranceExpiry: null });
  });

  test('a plate checked as at checkout and real dates only, each refused in the caller\'s language', async () => {
    const carId = await garageCar(api, k.customer);
    const plate = await call(G.update, { carId, plate: '1234' }, k.customer);
    expect(plate.code).toBe(400);
    expect(plate.msg).toMatch(/plate/i);
    const date = await call(G.update, { carId, roadTaxExpiry: '2025-02-30' }, k.customer, 'ms');
    expect(date).toMatchObject({ code: 400, msg: expect.stringContaining('Tarikh tamat cukai jalan') });
    expect((await call(G.list, {}, k.customer)).data[0]).toMatchObject({ plate: '', roadTaxExpiry: null });
  });
});

describe('odometer readings', () => {
  test('a customer\'s reading is dated today unless they say; a plausible one is kept', async () => {
    const carId = await garageCar(api, k.customer);
    const first = await call(G.odometer, { carId, km: 40_000, date: '2025-05-03' }, k.customer);
    expect(first.code, first.msg).toBe(200);
    const today = await call(G.odometer, { carId, km: 43_000 }, k.customer);
    expect(today.data.odometer).toEqual([
      { date: '2025-06-02', km: 43_000, source: 'customer' },
      { date: '2025-05-03', km: 40_000, source: 'customer' },
    ]);
  });

  test('lower than an earlier reading, higher than a later one, 3,000 km a day too many, or in the future: refused naming the reading', async () => {
    const carId = await garageCar(api, k.customer);
    await call(G.odometer, { carId, km: 40_000, date: '2025-05-01' }, k.customer);
    await call(G.odometer, { carId, km: 41_000, date: '2025-05-20' }, k.customer);
    expect(await call(G.odometer, { carId, km: 39_000 }, k.customer)).toMatchObject({
      code: 807,
      msg: 'This reading is lower than the 41,000 km read on Tue, 20 May 2025. Please check the odometer.',
      data: { field: 'km', last: { date: '2025-05-20', km: 41_000 } },
    });
    expect(await call(G.odometer, { carId, km: 45_000, date: '2025-05-10' }, k.customer)).toMatchObject({ code: 807, msg: expect.stringContaining('higher than the 41,000 km read later') });
    expect(await call(G.odometer, { carId, km: 41_000 + 13 * 3000 + 1 }, k.customer, 'zh_cn')).toMatchObject({
      code: 807,
      msg: '此读数比上一次（2025年5月20日（周二） 的 41,000 公里）每天多出 3,000 公里以上，请核对里程表。',
    });
    expect(await call(G.odometer, { carId, km: 42_000, date: '2025-06-03' }, k.customer)).toMatchObject({ code: 807, msg: 'A reading cannot be dated after today.' });
    expect((await call(G.history, { carId }, k.customer)).data.odometer).toHaveLength(2);
  });
});

describe('readings on one day', () => {
  test('a lower one the same day is refused naming the earlier one, whoever types it', async () => {
    const carId = await garageCar(api, k.customer);
    expect((await call(G.odometer, { carId, km: 90_000 }, k.customer)).code).toBe(200);
    expect(await call(G.odometer, { carId, km: 1_500 }, k.customer)).toMatchObject({
      code: 807,
      msg: 'This reading is lower than the 90,000 km read on Mon, 2 Jun 2025. Please check the odometer.',
      data: { field: 'km', last: { date: '2025-06-02', km: 90_000 } },
    });
    const orderNo = await inService();
    expect(await call(C.complete, { orderNo, odometerKm: 100 }, k.ss2, 'ms')).toMatchObject({
      code: 807,
      msg: expect.stringContaining('lebih rendah daripada 90,000 km'),
      data: { field: 'odometerKm', last: { date: '2025-06-02', km: 90_000 } },
    });
    expect((await call(C.find, { orderNo }, k.ss2)).data).toMatchObject({ status: 'IN_PROGRESS', stage: 'IN_SERVICE' });
    expect((await call(G.history, { carId }, k.customer)).data.odometer).toEqual([{ date: '2025-06-02', km: 90_000, source: 'customer' }]);
    expect((await call(C.complete, { orderNo, odometerKm: 90_040 }, k.ss2)).data).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('completing an installation', () => {
  test('records the garage car the order was placed for, and needs the odometer (installations only)', async () => {
    const carId = await garageCar(api, k.customer);
    const orderNo = await inService();
    const [order] = await rows<{ car_id: string | null }>(api, sql`select car_id from orders where order_no = ${orderNo}`);
    expect(order!.car_id).toBe(carId);

    expect(await call(C.complete, { orderNo }, k.ss2)).toMatchObject({ code: 807, msg: 'Enter the odometer reading (km) to complete the installation.', data: { field: 'odometerKm' } });
    expect(await call(C.complete, { orderNo, odometerKm: -1 }, k.ss2)).toMatchObject({ code: 400, msg: expect.stringContaining('Odometer (km)') });
    const done = await call(C.complete, { orderNo, odometerKm: 45_000 }, k.ss2);
    expect(done.data).toMatchObject({ status: 'COMPLETED' });

    const mail = await paidOrder(api, k.customer, mailOrder());
    await api.db.execute(sql`update orders set status = 'IN_PROGRESS', stage = 'SHIPPED' where order_no = ${mail}`);
    expect((await call(C.complete, { orderNo: mail }, k.admin)).data).toMatchObject({ status: 'COMPLETED' });
  });

  test("staff's reading follows the same rules, naming the last reading; the order stays in service", async () => {
    const carId = await garageCar(api, k.customer);
    await call(G.odometer, { carId, km: 48_000, date: '2025-05-30' }, k.customer);
    const orderNo = await inService();
    expect(await call(C.complete, { orderNo, odometerKm: 45_000 }, k.ss2)).toMatchObject({
      code: 807,
      msg: 'This reading is lower than the 48,000 km read on Fri, 30 May 2025. Please check the odometer.',
      data: { field: 'odometerKm' },
    });
    expect((await call(C.find, { orderNo }, k.ss2)).data).toMatchObject({ status: 'IN_PROGRESS', stage: 'IN_SERVICE' });
    expect((await call(C.complete, { orderNo, odometerKm: 48_500 }, k.ss2)).data).toMatchObject({ status: 'COMPLETED' });
  });

  test('a car not in the garage still needs the odometer; no garage gets it', async () => {
    const orderNo = await inService();
    expect((await call(C.complete, { orderNo, odometerKm: 45_000 }, k.ss2)).data).toMatchObject({ status: 'COMPLETED' });
    const [order] = await rows<{ car_id: string | null; odometer_km: number }>(api, sql`select car_id, odometer_km from orders where order_no = ${orderNo}`);
    expect(order).toEqual({ car_id: null, odometer_km: 45_000 });
    expect(await rows(api, sql`select * from odometer_readings`)).toEqual([]);
  });
});

describe("a car's history", () => {
  test('the services, readings and what is due, with its basis in words', async () => {
    const carId = await garageCar(api, k.customer);
    await call(G.update, { carId, roadTaxExpiry: '2025-06-30' }, k.customer);
    await call(G.odometer, { carId, km: 42_000, date: '2025-05-03' }, k.customer);
    const orderNo = await inService();
    await call(C.complete, { orderNo, odometerKm: 45_000 }, k.ss2);

    const history = await call(G.history, { carId }, k.customer);
    expect(history.code, history.msg).toBe(200);
    expect(history.data.car).toMatchObject({ id: carId, plate: 'WXY 1234', roadTaxExpiry: '2025-06-30' });
    expect(history.data.services).toEqual([
      {
        orderNo,
        date: '2025-06-02',
        storeId: SS2,
        storeName: expect.any(String),
        items: [expect.objectContaining({ productId: WIPERS.productId }), expect.objectContaining({ productId: 'service-basic', quantity: 1 })],
        odometerKm: 45_000,
      },
    ]);
    expect(history.data.odometer).toEqual([
      { date: '2025-06-02', km: 45_000, source: 'staff' },
      { date: '2025-05-03', km: 42_000, source: 'customer' },
    ]);
    // 3,000 km in 30 days: 100 a day; 10,000 km more by 10 Sep, before the six months run out.
    expect(history.data.due).toEqual([
      { kind: 'roadTax', dueDate: '2025-06-30', basis: 'in about 4 weeks: expires on Mon, 30 Jun 2025', rule: 'expiry', daysLeft: 28 },
      {
        kind: 'service',
        dueDate: '2025-09-10',
        dueKm: 55_000,
        basis: 'in about 3 months, at ~55,000 km: you drive ~100 km a day',
        rule: 'km',
        daysLeft: 100,
        kmPerDay: 100,
        productId: 'service-basic',
        name: expect.stringMatching(/service/i),
      },
    ]);

    const inMalay = await call(G.history, { carId }, k.customer, 'ms');
    expect(inMalay.data.due[1].basis).toBe('dalam kira-kira 3 bulan, pada ~55,000 km: anda memandu ~100 km sehari');
    const inChinese = await call(G.history, { carId }, k.customer, 'zh_cn');
    expect(inChinese.data.due[1].basis).toBe('约 3 个月后，约 55,000 公里时：您每天约行驶 100 公里');
  });

  test('a car with no service on record is due one now, and says so', async () => {
    const carId = await garageCar(api, k.customer);
    const history = await call(G.history, { carId }, k.customer);
    expect(history.data).toMatchObject({ services: [], odometer: [] });
    expect(history.data.due).toEqual([{ kind: 'service', dueDate: '2025-06-02', basis: 'Now: no service of this car is on record with us yet', rule: 'neverServiced', daysLeft: 0 }]);
  });
  test('a car whose installations held no maintenance service does not deny them', async () => {
    const carId = await garageCar(api, k.customer);
    const orderNo = await inService({ items: [WIPERS] });
    await call(C.complete, { orderNo, odometerKm: 45_000 }, k.ss2);
    const history = await call(G.history, { carId }, k.customer);
    expect(history.data.services).toEqual([expect.objectContaining({ orderNo, date: '2025-06-02' })]);
    expect(history.data.due).toEqual([
      { kind: 'service', dueDate: '2025-06-02', basis: 'Now: the work on record with us (last on Mon, 2 Jun 2025) included no maintenance service', rule: 'neverServiced', daysLeft: 0 },
    ]);
    expect((await call(G.history, { carId }, k.customer, 'ms')).data.due[0].basis).toBe(
      'Sekarang: kerja yang direkodkan bersama kami (terakhir pada Isn, 2 Jun 2025) tidak termasuk servis penyelenggaraan',
    );
    expect((await call(G.history, { carId }, k.customer, 'zh_cn')).data.due[0].basis).not.toContain('还没有');
  });
});

describe('readings at once', () => {
  test('that contradict each other: one is kept, the others refused', async () => {
    const carId = await garageCar(api, k.customer);
    // Each alone fits an empty history; any two clash (a later day with fewer km).
    const days = ['2025-05-20', '2025-05-21', '2025-05-22', '2025-05-23', '2025-05-24', '2025-05-25'];
    const answers = await Promise.all(days.map((date, i) => call(G.odometer, { carId, km: 30_000 - i * 1000, date }, k.customer)));
    expect(answers.map((a) => a.code).sort()).toEqual([200, 807, 807, 807, 807, 807]);
    expect(await rows(api, sql`select km from odometer_readings`)).toHaveLength(1);
  });
});

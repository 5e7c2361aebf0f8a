import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';
import { startApi, type TestApi } from './harness.ts';
import { CANCEL, CHANGE_TIME, paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { ADD, beforeTheBankConfirms, count, FIND, installOrder, mailOrder, pickupOrder, placeAndStartPaying, postCallback, pressInSandbox, rows, SLOTS, SS2 } from './order-fixtures.ts';

/**
 * Orders reserve their stock (docs/guide.md, Stock): at the workshop first, oldest batch first,
 * else at the warehouse with a transfer (and then no appointment before the transfer date);
 * cancel, expiry and a full refund release; completion sells. The harness's clock stands on
 * Monday 2 June 2025: the first date offered is Wednesday 4 June, the transfer date Friday 6 June.
 * The demo's Michelin Energy XM2+ 185/55R15: 8 at SS2 (batch 0925), 2 at Kepong (0125), 20 + 20
 * at the warehouse (0525 and 1825); 205/55R16 is out everywhere.
 */

const XM2 = 'tyre-michelin-energy-xm2-plus';
const SKU = `${XM2}@185/55R15`;
const KEPONG = 'kuala-lumpur-kepong-tyre-battery';
const AXIA = 'perodua-axia-1.0-av-2023';
const MYVI = 'perodua-myvi-1.5-av-2022';
const NEXT_FREE = '/api/app/order/vehicle/store/next-free';
const tyres = (quantity: number, tyreSize = '185/55R15') => ({ productId: XM2, quantity, options: { tyreSize } });
/** Sent by post, one a car: 30 at the warehouse, none at SS2 (the demo's). */
const CAM = 'dashcam-70mai-m300';
const cams = (quantity: number) => ({ productId: CAM, quantity });
/** Collected at SS2, one set a car: 500 there (the tests' stock). */
const MAT = 'mat-goodyear-rubber';

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

const place = (body: unknown, language = 'en_us', userKey = k.customer) => api.request(ADD, body, { userKey, language });
const find = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: k.customer })).data;
const levels = (location: string, sku = SKU) =>
  rows<{ dot: string; on_hand: number; reserved: number }>(api, sql`select dot, on_hand, reserved from stock_levels where location = ${location} and sku = ${sku} order by dot`);
const holds = () => rows<{ location: string; dot: string; quantity: number; state: string; position: number }>(api, sql`select location, dot, quantity, state, position from stock_holds order by id`);
const movements = (kind: string) =>
  rows<{ location: string; dot: string; quantity: number; details: Record<string, unknown> }>(api, sql`select location, dot, quantity, details from stock_movements where kind = ${kind} order by id`);

/** Every batch's reserved count is the sum of the units orders hold in it. */
async function reservedMatchesHolds() {
  const off = await rows(
    api,
    sql`select l.location, l.sku, l.dot, l.reserved, coalesce((select sum(h.quantity) from stock_holds h where h.state = 'held' and h.location = l.location and h.sku = l.sku and h.dot = l.dot), 0)::int held
        from stock_levels l where l.reserved <> coalesce((select sum(h.quantity) from stock_holds h where h.state = 'held' and h.location = l.location and h.sku = l.sku and h.dot = l.dot), 0)`,
  );
  expect(off).toEqual([]);
}

describe('placing an order reserves its units', () => {
  test('at the workshop, oldest batch first; the order names them on its line; a service is not stocked', async () => {
    const r = await place(installOrder({ variantId: AXIA, items: [tyres(4), { productId: 'service-basic', quantity: 1 }] }));
    expect(r.code, r.msg).toBe(200);
    expect(await levels(SS2)).toEqual([{ dot: '0925', on_hand: 8, reserved: 4 }]);
    expect(await holds()).toEqual([{ location: SS2, dot: '0925', quantity: 4, state: 'held', position: 0 }]);
    expect(await movements('reservation')).toMatchObject([{ location: SS2, dot: '0925', quantity: 4, details: { orderNo: r.data.orderNo } }]);
    const order = await find(r.data.orderNo);
    expect(order.lines.map((l: { reserved: unknown }) => l.reserved)).toEqual([[{ location: SS2, dot: '0925', quantity: 4 }], []]);
    await reservedMatchesHolds();
  });

  test('a parcel comes from the warehouse only, oldest batch first', async () => {
    const r = await place(mailOrder({ variantId: AXIA, items: [cams(1)] }));
    expect(r.code, r.msg).toBe(200);
    expect(await levels(SS2, CAM)).toEqual([]);
    expect((await find(r.data.orderNo)).lines[0].reserved).toEqual([{ location: 'warehouse', quantity: 1 }]);
  });

  test('short at the workshop: the rest from the warehouse, and no appointment before the transfer date', async () => {
    const early = await place(installOrder({ variantId: AXIA, storeId: KEPONG, items: [tyres(4)], appointment: { date: '2025-06-05', time: '10:00' } }));
    expect(early).toEqual({
      code: 807,
      msg: 'Part of this order comes from our warehouse: the first date we can fit it is Fri, 6 Jun 2025.',
      data: { field: 'appointment', notBefore: '2025-06-06' },
    });
    // Nothing of it stayed: no order, no bay, nothing reserved.
    expect(await count(api, sql`select count(*)::int n from orders`)).toBe(0);
    expect(await count(api, sql`select count(*)::int n from booked_units`)).toBe(0);
    expect(await count(api, sql`select coalesce(sum(reserved), 0)::int n from stock_levels`)).toBe(0);
    const zh = await place(installOrder({ variantId: AXIA, storeId: KEPONG, items: [tyres(4)], appointment: { date: '2025-06-05', time: '10:00' } }), 'zh_cn');
    expect(zh.msg).toMatch(/^此订单部分商品需从仓库调货：最早可安装的日期是 .*6.*。$/);

    const r = await place(installOrder({ variantId: AXIA, storeId: KEPONG, items: [tyres(4)], appointment: { date: '2025-06-06', time: '10:00' } }));
    expect(r.code, r.msg).toBe(200);
    expect((await find(r.data.orderNo)).lines[0].reserved).toEqual([
      { location: KEPONG, dot: '0125', quantity: 2 },
      { location: 'warehouse', dot: '0525', quantity: 2 },
    ]);
    await reservedMatchesHolds();
  });

  test('store/slots and store/next-free offer a workshop short of the units from the transfer date on', async () => {
    const items = [tyres(4)];
    const slots = await api.request(SLOTS, { storeId: KEPONG, items }, { userKey: k.customer });
    expect(slots.code, slots.msg).toBe(200);
    const open = slots.data.dates.filter((d: { available: boolean }) => d.available).map((d: { date: string }) => d.date);
    expect(open[0]).toBe('2025-06-06');
    expect(slots.data.dates.find((d: { date: string }) => d.date === '2025-06-04')).toMatchObject({ available: false });
    const here = await api.request(SLOTS, { storeId: SS2, items }, { userKey: k.customer });
    expect(here.data.dates.find((d: { available: boolean }) => d.available).date).toBe('2025-06-04');
    const next = await api.request(NEXT_FREE, { storeIds: [KEPONG, SS2], items }, { userKey: k.customer });
    expect(next.code, next.msg).toBe(200);
    expect(next.data.list.map((s: { storeId: string; date: string }) => [s.storeId, s.date])).toEqual([
      [KEPONG, '2025-06-06'],
      [SS2, '2025-06-04'],
    ]);
    const stock = await api.request('/api/app/order/vehicle/product/stock', { productId: XM2, tyreSize: '185/55R15', storeId: KEPONG, quantity: 4 });
    expect(stock.data.earliestDate).toBe(open[0]);
  });

  test('with the car named, a wiper set is counted at the lengths the car takes: a workshop without them offers the transfer date', async () => {
    // SS2 without any Bosch Aerotwin blade: the Myvi's set must come from the warehouse.
    await api.db.execute(sql`update stock_levels set on_hand = 0 where location = ${SS2} and sku like 'wiper-bosch-aerotwin@%' and reserved = 0`);
    const items = [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }];
    const first = async (body: Record<string, unknown>) =>
      (await api.request(SLOTS, { storeId: SS2, items, ...body }, { userKey: k.customer })).data.dates.find((d: { available: boolean }) => d.available).date;
    expect(await first({ variantId: MYVI })).toBe('2025-06-06');
    const next = await api.request(NEXT_FREE, { storeIds: [SS2], items, variantId: MYVI }, { userKey: k.customer });
    expect(next.data.list[0]).toMatchObject({ storeId: SS2, date: '2025-06-06' });
    // The order agrees: the date the slots offered is taken, the one before is refused.
    const early = await place(installOrder({ items, variantId: MYVI, storeId: SS2, appointment: { date: '2025-06-04', time: '10:00' } }));
    expect(early.code).toBe(807);
    expect(early.data).toMatchObject({ field: 'appointment' });
  });

  test('not enough anywhere: 807 naming the product and how many are left, in three languages; nothing written', async () => {
    // Kepong's 2 and one at the warehouse.
    await api.db.execute(sql`update stock_levels set on_hand = case when dot = '0525' then 1 else 0 end where location = 'warehouse' and sku = ${SKU}`);
    const body = () => installOrder({ variantId: AXIA, storeId: KEPONG, appointment: { date: '2025-06-06', time: '10:00' }, items: [tyres(4)] });
    expect(await place(body())).toEqual({ code: 807, msg: 'Only 3 left of Michelin Energy XM2+ tyre 185/55R15.', data: { field: 'items.0.quantity', lineIndex: 0, available: 3 } });
    expect((await place(body(), 'zh_cn')).msg).toMatch(/仅剩 3 件。$/);
    expect((await place(body(), 'ms_my')).msg).toMatch(/^Hanya tinggal 3 /);
    await api.db.execute(sql`update stock_levels set on_hand = 0 where sku = ${CAM}`);
    const out = await place(mailOrder({ variantId: AXIA, items: [cams(1)] }));
    expect(out).toMatchObject({ code: 807, data: { field: 'items.0.quantity', available: 0 } });
    expect(out.msg).toMatch(/ is out of stock\.$/);
    expect(await count(api, sql`select count(*)::int n from orders`)).toBe(0);
    expect(await count(api, sql`select count(*)::int n from stock_movements where kind = 'reservation'`)).toBe(0);
    expect(await count(api, sql`select coalesce(sum(reserved), 0)::int n from stock_levels`)).toBe(0);
  });
});

describe('release', () => {
  test('the customer cancels: what the order held is free again', async () => {
    const r = await place(pickupOrder({ variantId: AXIA, items: [{ productId: MAT, quantity: 1 }] }));
    expect(r.code, r.msg).toBe(200);
    expect(await levels(SS2, MAT)).toEqual([{ dot: '', on_hand: 500, reserved: 1 }]);
    expect((await api.request(CANCEL, { orderNo: r.data.orderNo, reason: 'Changed my mind' }, { userKey: k.customer })).code).toBe(200);
    expect(await levels(SS2, MAT)).toEqual([{ dot: '', on_hand: 500, reserved: 0 }]);
    expect(await holds()).toMatchObject([{ state: 'released', quantity: 1 }]);
    expect(await movements('release')).toMatchObject([{ location: SS2, quantity: -1, details: { orderNo: r.data.orderNo } }]);
    expect((await find(r.data.orderNo)).lines[0].reserved).toEqual([]);
  });

  test('all the money returned: the order is REFUNDED and its units free again', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder({ variantId: AXIA, items: [cams(1)] }));
    expect(await levels('warehouse', CAM)).toEqual([{ dot: '', on_hand: 30, reserved: 1 }]);
    expect((await api.request(REFUND, { orderNo, reason: 'Bought the wrong one', contact: '0123456789' }, { userKey: k.customer })).code).toBe(200);
    const approved = await api.request(C.review, { orderNo, decision: 'approve', note: '' }, { userKey: k.admin });
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    expect((await find(orderNo)).status).toBe('REFUNDED');
    expect(await levels('warehouse', CAM)).toEqual([{ dot: '', on_hand: 30, reserved: 0 }]);
    expect(await movements('release')).toMatchObject([{ location: 'warehouse', quantity: -1, details: { orderNo } }]);
  });

  test('the time to pay runs out: released; paid late when the units are gone: stays cancelled, the money goes back', async () => {
    // One in all: at SS2, none at the warehouse.
    await api.db.execute(sql`update stock_levels set on_hand = 0 where location = 'warehouse' and sku = ${MAT}`);
    await api.db.execute(sql`update stock_levels set on_hand = 1 where location = ${SS2} and sku = ${MAT}`);
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, k.customer, pickupOrder({ variantId: AXIA, items: [{ productId: MAT, quantity: 1 }] }));
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    api.advance(31 * 60);
    await beforeTheBankConfirms(api, () => api.runJobs());
    expect((await find(orderNo)).status).toBe('CANCELLED');
    expect(await levels(SS2, MAT)).toEqual([{ dot: '', on_hand: 1, reserved: 0 }]);
    // Someone else takes the units meanwhile.
    const { userKey: other } = await api.login('0171111111');
    expect((await place(pickupOrder({ variantId: AXIA, items: [{ productId: MAT, quantity: 1 }] }), 'en_us', other)).code).toBe(200);
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    const order = await find(orderNo);
    expect(order.status).toBe('CANCELLED');
    expect(order.history.at(-1).note).toMatch(/^Paid RM [\d,.]+ after the time to pay ran out, and its products had been sold meanwhile: the payment will be refunded in full\.$/);
    expect(await levels(SS2, MAT)).toEqual([{ dot: '', on_hand: 1, reserved: 1 }]);
    await reservedMatchesHolds();
  });

  test('paid late while the units are still there: reserved again', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, k.customer, pickupOrder({ variantId: AXIA, items: [{ productId: MAT, quantity: 1 }] }));
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    api.advance(31 * 60);
    await beforeTheBankConfirms(api, () => api.runJobs());
    expect(await levels(SS2, MAT)).toEqual([{ dot: '', on_hand: 500, reserved: 0 }]);
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    expect((await find(orderNo)).status).toBe('UPCOMING');
    expect(await levels(SS2, MAT)).toEqual([{ dot: '', on_hand: 500, reserved: 1 }]);
    await reservedMatchesHolds();
  });
});

describe('change of time', () => {
  test('an order holding warehouse units keeps the transfer date', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder({ variantId: AXIA, storeId: KEPONG, items: [tyres(4)], appointment: { date: '2025-06-07', time: '10:00' } }));
    const early = await api.request(CHANGE_TIME, { orderNo, date: '2025-06-05', time: '10:00' }, { userKey: k.customer });
    expect(early).toMatchObject({ code: 807, msg: 'Part of this order comes from our warehouse: the first date we can fit it is Fri, 6 Jun 2025.' });
    expect((await api.request(CHANGE_TIME, { orderNo, date: '2025-06-06', time: '11:00' }, { userKey: k.customer })).code).toBe(200);
    const slots = await api.request(SLOTS, { storeId: KEPONG, items: [tyres(4)], orderNo }, { userKey: k.customer });
    expect(slots.data.dates.find((d: { available: boolean }) => d.available).date).toBe('2025-06-06');
  });
});

describe('completion sells what the order holds', () => {
  async function started(items = [tyres(4)]) {
    const orderNo = await paidOrder(api, k.customer, installOrder({ variantId: AXIA, items }));
    const s = await api.request(C.start, { orderNo }, { userKey: k.ss2 });
    expect(s.code, s.msg).toBe(200);
    return { orderNo, lineId: s.data.lines[0].lineId as string, reserved: s.data.lines[0].reserved as unknown[] };
  }

  test('the reserved batch fitted: on hand and reserved both down', async () => {
    const { orderNo, lineId, reserved } = await started();
    // The console's order names the batch held, for its Complete dialog.
    expect(reserved).toEqual([{ location: SS2, dot: '0925', quantity: 4 }]);
    const done = await api.request(C.complete, { orderNo, odometerKm: 30_000, tyres: Array.from({ length: 4 }, () => ({ lineId, dot: '0925' })) }, { userKey: k.ss2 });
    expect(done.code, done.msg).toBe(200);
    expect(await levels(SS2)).toEqual([{ dot: '0925', on_hand: 4, reserved: 0 }]);
    expect(await movements('sale')).toMatchObject([{ location: SS2, dot: '0925', quantity: -4, details: { orderNo } }]);
    expect(await holds()).toMatchObject([{ state: 'sold', quantity: 4 }]);
    expect(done.data.lines[0].reserved).toEqual([]);
  });

  test('a batch not reserved needs a reason (any staff), audited; the batch fitted is sold and the reserved one released', async () => {
    expect((await api.request('/api/console/stock/receive', { location: SS2, sku: SKU, quantity: 4, dot: '2025' }, { userKey: k.ss2 })).code).toBe(200);
    const { orderNo, lineId } = await started();
    const four = [{ lineId, dot: '0925' }, { lineId, dot: '2025' }, { lineId, dot: '0925' }, { lineId, dot: '0925' }];
    const refused = await api.request(C.complete, { orderNo, odometerKm: 30_000, tyres: four }, { userKey: k.ss2 });
    expect(refused).toEqual({
      code: 807,
      msg: 'Tyre 2: 2025 is not a date code reserved for this order (0925): give the reason to fit it.',
      data: { field: 'tyres.1.dot', notReserved: true },
    });
    const zh = await api.request(C.complete, { orderNo, odometerKm: 30_000, tyres: four }, { userKey: k.ss2, language: 'zh_cn' });
    expect(zh.msg).toBe('轮胎 2：2025 不是为此订单预留的 DOT 日期码（0925）：请填写安装它的原因。');
    const blank = await api.request(C.complete, { orderNo, odometerKm: 30_000, tyres: four, notReserved: { reason: '  ' } }, { userKey: k.ss2, language: 'ms_my' });
    expect(blank.msg).toBe('Berikan sebab memasang tayar yang tidak ditempah untuk pesanan ini (1 hingga 200 aksara).');
    expect(await levels(SS2)).toEqual([
      { dot: '0925', on_hand: 8, reserved: 4 },
      { dot: '2025', on_hand: 4, reserved: 0 },
    ]);
    const done = await api.request(C.complete, { orderNo, odometerKm: 30_000, tyres: four, notReserved: { reason: ' Customer asked for the newest ' } }, { userKey: k.ss2 });
    expect(done.code, done.msg).toBe(200);
    expect(await levels(SS2)).toEqual([
      { dot: '0925', on_hand: 5, reserved: 0 },
      { dot: '2025', on_hand: 3, reserved: 0 },
    ]);
    const [audit] = await auditRows(api, 'console/orders/complete');
    expect(audit!.details).toMatchObject({ notReserved: 'Customer asked for the newest' });
    await reservedMatchesHolds();
  });

  test('a parcel delivered sells what it held at the warehouse', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder({ variantId: AXIA, items: [cams(1)] }));
    expect((await api.request(C.ship, { orderNo, expressCompany: 'jnt', expressNo: 'JT1234567890' }, { userKey: k.admin })).code).toBe(200);
    const done = await api.request(C.complete, { orderNo }, { userKey: k.admin });
    expect(done.code, done.msg).toBe(200);
    expect(await levels('warehouse', CAM)).toEqual([{ dot: '', on_hand: 29, reserved: 0 }]);
  });
});

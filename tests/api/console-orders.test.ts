import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { FIND, FIRST_DAY, installOrder, mailOrder, pickupOrder, selangorAddress, SS15, SS2, WIPERS } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { auditRows, C, orderState, staffKeys, type Keys } from './console-fixtures.ts';

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

describe('who may use the console', () => {
  test('app/user/info names the role and workshop of staff, and none for a customer', async () => {
    expect((await call('/api/app/user/info', {}, k.admin)).data).toMatchObject({ role: 'admin', storeId: null });
    expect((await call('/api/app/user/info', {}, k.segambut)).data).toMatchObject({ role: 'workshop', storeId: 'kuala-lumpur-segambut-maju-jaya' });
    expect((await call('/api/app/user/info', {}, k.customer)).data).toMatchObject({ role: null, storeId: null });
  });

  test('every console call: a customer gets 403 in their language, no key 708, a revoked key 800; workshop staff 403 on admin calls', async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
    const bodies: Record<string, unknown> = {
      [C.page]: { pageNum: 1, pageSize: 10 },
      [C.find]: { orderNo },
      [C.start]: { orderNo },
      [C.complete]: { orderNo },
      [C.ready]: { orderNo },
      [C.ship]: { orderNo, expressCompany: 'jnt', expressNo: 'JT0001234567' },
      [C.review]: { orderNo, decision: 'reject', note: 'No' },
      [C.refunds]: { pageNum: 1, pageSize: 10 },
      [C.closure]: { storeId: SS2, date: '2025-06-10', reason: 'Holiday' },
      [C.stores]: {},
      [C.dashboard]: {},
    };
    for (const [path, body] of Object.entries(bodies)) {
      const asCustomer = await call(path, body, k.customer, 'ms_my');
      expect(asCustomer.code, path).toBe(403);
      expect(asCustomer.msg).toBe('Ini untuk kakitangan Servauto sahaja. Sila log masuk dengan nombor telefon kakitangan.');
      expect((await call(path, body)).code, path).toBe(708);
    }
    for (const path of [C.review, C.refunds, C.closure, C.dashboard]) {
      const asWorkshop = await call(path, bodies[path], k.ss2, 'zh_cn');
      expect(asWorkshop.code, path).toBe(403);
      expect(asWorkshop.msg).toBe('只有商城团队（管理员）可以进行此操作。');
    }
    await call('/api/app/user/logout', {}, k.ss2);
    expect((await call(C.page, bodies[C.page], k.ss2)).code).toBe(800);
    expect(await auditRows(api)).toEqual([]);
  });

  test("workshop staff cannot see or move another workshop's order; an admin can", async () => {
    const orderNo = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
    for (const path of [C.find, C.start, C.complete, C.ready]) {
      const refused = await call(path, { orderNo }, k.segambut);
      expect(refused.code, path).toBe(403);
      expect(refused.msg).toBe('This order belongs to another workshop.');
    }
    expect((await call(C.page, { storeId: SS2, pageNum: 1, pageSize: 10 }, k.segambut)).code).toBe(403);
    const mine = await call(C.page, { pageNum: 1, pageSize: 10 }, k.segambut);
    expect(mine.data.total).toBe(0);
    expect((await orderState(api, orderNo)).status).toBe('UPCOMING');
    expect((await call(C.find, { orderNo }, k.admin)).code).toBe(200);
    expect((await call(C.find, { orderNo }, k.ss2)).code).toBe(200);
  });

  test('an admin sees every store and parcels; workshop staff see only theirs, and no parcel', async () => {
    const atSs2 = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
    const parcel = await paidOrder(api, k.customer, mailOrder());
    const all = await call(C.page, { pageNum: 1, pageSize: 10 }, k.admin);
    expect(all.data.list.map((o: { orderNo: string }) => o.orderNo).sort()).toEqual([atSs2, parcel].sort());
    expect((await call(C.page, { pageNum: 1, pageSize: 10 }, k.ss2)).data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([atSs2]);
    const parcels = await call(C.page, { method: 'mail', status: 'UPCOMING', pageNum: 1, pageSize: 10 }, k.admin);
    expect(parcels.data).toMatchObject({ total: 1, list: [{ orderNo: parcel, method: 'mail' }] });
    expect((await call(C.ship, { orderNo: parcel, expressCompany: 'poslaju', expressNo: 'EN123456789MY' }, k.ss2)).code).toBe(403);
    expect((await call(C.stores, {}, k.admin)).data.length).toBe(api.indexes.workshops.length);
    expect((await call(C.stores, {}, k.ss2)).data.map((s: { id: string }) => s.id)).toEqual([SS2]);
  });

  test('an admin finds an order in any workshop or parcel by order number, plate or phone however typed; workshop staff only in theirs', async () => {
    const atSs2 = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
    const atSs15 = await paidOrder(api, k.customer, installOrder({ storeId: SS15, items: [WIPERS], carPlate: 'vbb 5678', contact: { name: 'Tan Mei Ling', phone: '0198765432' } }));
    const parcel = await paidOrder(api, k.customer, mailOrder({ address: { ...selangorAddress, phone: '0171234567' } }));
    const found = async (q: string, userKey: string, extra: Record<string, unknown> = {}) => {
      const page = await call(C.page, { q, ...extra, pageNum: 1, pageSize: 10 }, userKey);
      expect(page.code, page.msg).toBe(200);
      return page.data.list.map((o: { orderNo: string }) => o.orderNo).sort();
    };
    for (const typed of ['+60198765432', '019-876 5432', '0198765432', '60198765432', '876 5432', 'vbb5678', 'VBB 5678', atSs15.toLowerCase()]) {
      expect(await found(typed, k.admin), typed).toEqual([atSs15]);
    }
    // The recipient's phone finds the parcel; the customer's finds every order they placed.
    expect(await found('017-123 4567', k.admin)).toEqual([parcel]);
    expect(await found('012 345 6789', k.admin)).toEqual([atSs2, parcel].sort());
    // A workshop filter narrows the admin's search; workshop staff search their own workshop only.
    expect(await found('0123456789', k.admin, { storeId: SS15 })).toEqual([]);
    expect(await found('0198765432', k.ss2)).toEqual([]);
    expect(await found('+60 12-345 6789', k.ss2)).toEqual([atSs2]);
    expect((await call(C.page, { q: '0198765432', storeId: SS15, pageNum: 1, pageSize: 10 }, k.ss2)).code).toBe(403);
  });

  test('a removed staff member is refused on the next call, with the same session', async () => {
    expect((await call(C.page, { pageNum: 1, pageSize: 10 }, k.ss2)).code).toBe(200);
    const { removeStaff } = await import('../../server/modules/staff/service.ts');
    await removeStaff(api.db, '+60100000003', api.now());
    expect((await call(C.page, { pageNum: 1, pageSize: 10 }, k.ss2)).code).toBe(403);
  });
});

test('every console call is in the OpenAPI document, with its 403', async () => {
  const doc = (await (await api.fetch('/api/openapi.json')).json()) as { paths: Record<string, { post: { tags: string[]; responses: Record<string, unknown> } }> };
  for (const path of Object.values(C)) {
    const entry = doc.paths[path];
    expect(entry?.post.tags, path).toEqual(['console']);
  }
  expect(JSON.stringify(doc.paths['/api/console/orders/start'])).toContain('Not staff');
});

describe('an installation at the workshop', () => {
  test("the day's bookings by time and bay with options in words; start and complete, each with history and audit row; the customer sees it", async () => {
    const nine = await paidOrder(api, k.customer, installOrder({ storeId: SS2, appointment: { date: FIRST_DAY.date, time: '11:00' }, notes: 'Please check the rear wiper too' }));
    const ten = await paidOrder(api, k.customer, installOrder({ storeId: SS2, carPlate: 'VBA 77' }));
    const day = await call(C.page, { date: FIRST_DAY.date, pageNum: 1, pageSize: 10 }, k.ss2);
    expect(day.code, day.msg).toBe(200);
    expect(day.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([ten, nine]);
    const card = day.data.list[1];
    expect(card).toMatchObject({ appointment: { date: FIRST_DAY.date, time: '11:00', bay: 1 }, notes: 'Please check the rear wiper too', car: { plate: 'WXY 1234' }, actions: { start: true, complete: false } });
    expect(card.lines.flatMap((l: { options: string[] }) => l.options).join(' | ')).toMatch(/Engine oil|Blade lengths/);
    const byPlate = await call(C.page, { q: 'vba77', pageNum: 1, pageSize: 10 }, k.ss2);
    expect(byPlate.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([ten]);

    const completeFirst = await call(C.complete, { orderNo: ten }, k.ss2);
    expect(completeFirst.code).toBe(807);
    const started = await call(C.start, { orderNo: ten }, k.ss2, 'zh_cn');
    expect(started.code, started.msg).toBe(200);
    expect(started.data).toMatchObject({ status: 'IN_PROGRESS', stage: 'IN_SERVICE', actions: { start: false, complete: true } });
    expect(started.data.history.at(-1)).toMatchObject({ by: 'staff', note: '已开始施工。' });
    const again = await call(C.start, { orderNo: ten }, k.ss2);
    expect(again).toMatchObject({ code: 807, msg: 'Only a booked installation can be started.' });
    const noKm = await call(C.complete, { orderNo: ten }, k.ss2);
    expect(noKm).toMatchObject({ code: 807, msg: 'Enter the odometer reading (km) to complete the installation.' });
    const done = await call(C.complete, { orderNo: ten, odometerKm: 45_000 }, k.ss2);
    expect(done.data).toMatchObject({ status: 'COMPLETED', stage: null });
    // The customer is thanked and invited to review, without a link (Malaysian SMS rules).
    const thanks = api.smsLines.at(-1) ?? '';
    expect(thanks).toContain(`order ${ten}`);
    expect(thanks).toContain('Rate the products and workshop in My Orders.');
    expect(thanks).not.toMatch(/https?:|www\./);
    const seen = await call(FIND, { orderNo: ten }, k.customer);
    expect(seen.data.status).toBe('COMPLETED');

    expect(await auditRows(api)).toEqual([
      expect.objectContaining({ action: 'console/orders/start', phone: '+60100000003', role: 'workshop', order_no: ten, store_id: SS2 }),
      expect.objectContaining({ action: 'console/orders/complete', order_no: ten, details: expect.objectContaining({ to: { status: 'COMPLETED', stage: null }, odometerKm: 45_000 }) }),
    ]);
  });

  test('moves the state table refuses answer 807 and change nothing', async () => {
    const install = await paidOrder(api, k.customer, installOrder({ storeId: SS2 }));
    const pickup = await paidOrder(api, k.customer, pickupOrder());
    const mail = await paidOrder(api, k.customer, mailOrder());
    const refused: [string, Record<string, unknown>][] = [
      [C.ready, { orderNo: install }],
      [C.ship, { orderNo: install, expressCompany: 'jnt', expressNo: 'JT0001234567' }],
      [C.start, { orderNo: pickup }],
      [C.complete, { orderNo: pickup, pickupCode: '123456' }],
      [C.ship, { orderNo: pickup, expressCompany: 'jnt', expressNo: 'JT0001234567' }],
      [C.start, { orderNo: mail }],
      [C.ready, { orderNo: mail }],
      [C.complete, { orderNo: mail }],
    ];
    for (const [path, body] of refused) {
      const answer = await call(path, body, k.admin);
      expect(answer.code, `${path} ${JSON.stringify(body)}`).toBe(807);
    }
    expect((await orderState(api, install)).stage).toBe('BOOKED');
    expect((await orderState(api, pickup)).stage).toBe('PREPARING');
    expect((await orderState(api, mail)).stage).toBe('TO_SHIP');
    expect(await auditRows(api)).toEqual([]);
    expect((await call(C.start, { orderNo: 'SA0000000000' }, k.admin)).code).toBe(404);
  });
});

describe('pickup at the counter and mail orders', () => {
  test('ready tells the customer by SMS; handed over with the right code only, found by that code', async () => {
    const orderNo = await paidOrder(api, k.customer, pickupOrder());
    const { pickup_code: code } = await orderState(api, orderNo);
    const ready = await call(C.ready, { orderNo }, k.ss2);
    expect(ready.data).toMatchObject({ status: 'UPCOMING', stage: 'READY', hasPickupCode: true });
    expect(ready.data).not.toHaveProperty('pickupCode');
    expect(api.smsLines.at(-1)).toContain(`Show pickup code ${code}`);

    const found = await call(C.find, { pickupCode: code }, k.ss2);
    expect(found.data.orderNo).toBe(orderNo);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await call(C.complete, { orderNo }, k.ss2)).toMatchObject({ code: 807, msg: "Enter the customer's pickup code to hand the order over." });
    expect(await call(C.complete, { orderNo, pickupCode: wrong }, k.ss2)).toMatchObject({ code: 807, msg: 'This pickup code does not match the order. Nothing was handed over.' });
    expect((await orderState(api, orderNo)).status).toBe('UPCOMING');
    const handed = await call(C.complete, { orderNo, pickupCode: code }, k.ss2);
    expect(handed.data.status).toBe('COMPLETED');
    expect(api.smsLines.at(-1)).toContain(`order ${orderNo} is complete. Thank you! You can rate what you bought in My Orders`);
    expect((await call(C.find, { pickupCode: code }, k.ss2)).code).toBe(404);
    expect((await auditRows(api)).map((r) => r.action)).toEqual(['console/orders/ready', 'console/orders/complete']);
  });

  test('shipping checks the courier and tracking number, records them, tells the customer; then completes', async () => {
    const orderNo = await paidOrder(api, k.customer, mailOrder());
    expect(await call(C.ship, { orderNo, expressCompany: 'fedex', expressNo: 'JT0001234567' }, k.admin)).toMatchObject({ code: 400, msg: 'Choose a courier from the list.' });
    expect((await call(C.ship, { orderNo, expressCompany: 'jnt', expressNo: 'ab' }, k.admin, 'ms_my')).msg).toBe('Nombor penjejakan ialah 6 hingga 30 huruf, digit atau sempang.');
    const shipped = await call(C.ship, { orderNo, expressCompany: 'jnt', expressNo: 'jt0001234567' }, k.admin);
    expect(shipped.data).toMatchObject({ status: 'IN_PROGRESS', stage: 'SHIPPED', expressCompany: 'J&T Express', expressNo: 'JT0001234567' });
    expect(api.smsLines.at(-1)).toContain('J&T Express, tracking number JT0001234567');
    expect((await call(C.complete, { orderNo }, k.admin)).data.status).toBe('COMPLETED');
    const [ship] = await auditRows(api, 'console/orders/ship');
    expect(ship).toMatchObject({ role: 'admin', order_no: orderNo, details: expect.objectContaining({ expressNo: 'JT0001234567' }) });
  });
});

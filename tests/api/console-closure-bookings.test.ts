import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { FIND, FIRST_DAY, installOrder, mailOrder, SS15, SS2, WIPERS } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';

/** Issue 17: the admin sees what a closure hits before confirming it; the dashboard counts its workshops once. */
const BOOKINGS = '/api/console/stores/bookings';

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

describe('console/stores/bookings', () => {
  test('counts the booked installations a closure of that workshop and day would tell, for admins only', async () => {
    await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS] }));
    await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS], appointment: { date: FIRST_DAY.date, time: '11:00' } }));
    await paidOrder(api, k.customer, installOrder({ storeId: SS15, items: [WIPERS] }));
    await paidOrder(api, k.customer, mailOrder());

    const ss2 = await call(BOOKINGS, { storeId: SS2, date: FIRST_DAY.date }, k.admin);
    expect(ss2.code, ss2.msg).toBe(200);
    expect(ss2.data).toEqual({ storeId: SS2, date: FIRST_DAY.date, bookings: 2 });
    expect((await call(BOOKINGS, { storeId: SS15, date: FIRST_DAY.date }, k.admin)).data.bookings).toBe(1);
    expect((await call(BOOKINGS, { storeId: SS2, date: '2025-06-05' }, k.admin)).data.bookings).toBe(0);

    // The figure is the closure's own: closing that day tells exactly as many.
    const closed = await call(C.closure, { storeId: SS2, date: FIRST_DAY.date, reason: 'Flood' }, k.admin);
    expect(closed.data.told).toBe(2);

    expect((await call(BOOKINGS, { storeId: 'nowhere', date: FIRST_DAY.date }, k.admin)).code).toBe(404);
    expect((await call(BOOKINGS, { storeId: SS2, date: '2025-02-30' }, k.admin)).code).not.toBe(200);
    expect((await call(BOOKINGS, { storeId: SS2, date: FIRST_DAY.date }, k.ss2)).code).toBe(403);
    expect((await call(BOOKINGS, { storeId: SS2, date: FIRST_DAY.date }, k.customer)).code).toBe(403);
    expect((await call(BOOKINGS, { storeId: SS2, date: FIRST_DAY.date })).code).toBe(708);
  });

  test('the order of a closed day says so, with the reason; another does not', async () => {
    const closedOne = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS] }));
    const openOne = await paidOrder(api, k.customer, installOrder({ storeId: SS15, items: [WIPERS] }));
    await call(C.closure, { storeId: SS2, date: FIRST_DAY.date, reason: 'Flood' }, k.admin);
    expect((await call(FIND, { orderNo: closedOne }, k.customer)).data.closure).toEqual({ date: FIRST_DAY.date, reason: 'Flood' });
    expect((await call(FIND, { orderNo: openOne }, k.customer)).data.closure).toBeNull();
  });
});

describe('console/dashboard: workshops counted once', () => {
  test('each list counts its quiet workshops out of the same workshops, parcels apart', async () => {
    await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS] }));
    await paidOrder(api, k.customer, mailOrder());
    // Thursday 5 June: the installation of 4 June is among the last 30 days.
    api.advance(3 * 24 * 3600);
    const board = await call(C.dashboard, {}, k.admin);
    expect(board.code, board.msg).toBe(200);
    const workshops = board.data.stores.filter((s: { id: string }) => s.id !== 'mail');
    expect(board.data.workshops).toBe(workshops.length);
    const busy = (m: 'orders' | 'revenueSen' | 'refundedSen') => workshops.filter((s: { days: Record<string, number>[] }) => s.days.some((d) => d[m] > 0)).length;
    // SS2 has its order and its booked bay; every other workshop is quiet in every list.
    expect(busy('orders')).toBe(1);
    expect(board.data.quiet).toEqual({ orders: board.data.workshops - 1, revenueSen: board.data.workshops - 1, refundedSen: board.data.workshops, bayUse: board.data.workshops - 1 });
    expect(board.data.quiet.orders).toBe(board.data.quiet.bayUse);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { FIND, FIRST_DAY, installOrder, mailOrder, SLOTS, SS15, SS2, WIPERS } from './order-fixtures.ts';
import { CHANGE_TIME, paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';

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
const NEXT_DAY = { date: '2025-06-05', time: '10:00' };

async function timesOn(storeId: string, date: string) {
  const answer = await call(SLOTS, { storeId, items: [WIPERS] }, k.customer);
  expect(answer.code, answer.msg).toBe(200);
  const day = answer.data.dates.find((d: { date: string }) => d.date === date);
  return (day?.times ?? []).filter((t: { available: boolean }) => t.available).length as number;
}

describe('console/stores/closure', () => {
  test('a closed day offers no time; its booked customers are told and may move free of the 24-hour rule and the change limit', async () => {
    const closedOne = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS] }));
    const openOne = await paidOrder(api, k.customer, installOrder({ storeId: SS15, items: [WIPERS] }));
    expect(await timesOn(SS2, FIRST_DAY.date)).toBeGreaterThan(0);
    // Tuesday 3 June 13:00 KL: less than 24 hours before the bookings.
    api.advance(27 * 3600);

    expect((await call(C.closure, { storeId: SS2, date: '2025-06-02', reason: 'Flood' }, k.admin)).msg).toBe('Choose today or a later date.');
    expect((await call(C.closure, { storeId: SS2, date: FIRST_DAY.date, reason: ' ' }, k.admin)).msg).toBe('Give the reason for the closure.');
    expect((await call(C.closure, { storeId: 'nowhere', date: FIRST_DAY.date, reason: 'Flood' }, k.admin)).code).toBe(404);
    expect((await call(C.closure, { storeId: SS2, date: FIRST_DAY.date, reason: 'Flood' }, k.ss2)).code).toBe(403);
    const closed = await call(C.closure, { storeId: SS2, date: FIRST_DAY.date, reason: 'Flood' }, k.admin);
    expect(closed.data).toEqual({ storeId: SS2, date: FIRST_DAY.date, reason: 'Flood', told: 1 });
    expect(api.smsLines.at(-1)).toContain("closed on Wed, 4 Jun 2025 (Flood)");
    expect(api.smsLines.at(-1)).not.toContain(FIRST_DAY.date);
    expect(api.smsLines.at(-1)).toContain(closedOne);
    expect((await call(C.closure, { storeId: SS2, date: FIRST_DAY.date, reason: 'Flood' }, k.admin)).code).toBe(807);
    expect(await timesOn(SS2, FIRST_DAY.date)).toBe(0);

    expect((await call(FIND, { orderNo: closedOne }, k.customer)).data.actions.changeTime).toBe(true);
    expect((await call(FIND, { orderNo: openOne }, k.customer)).data.actions.changeTime).toBe(false);
    const stillOpen = await call(CHANGE_TIME, { orderNo: openOne, ...NEXT_DAY }, k.customer);
    expect(stillOpen.code).toBe(807);
    const moved = await call(CHANGE_TIME, { orderNo: closedOne, ...NEXT_DAY }, k.customer);
    expect(moved.code, moved.msg).toBe(200);
    expect(moved.data).toMatchObject({ appointment: { date: NEXT_DAY.date, time: NEXT_DAY.time }, reschedulesLeft: 3 });
    // A day further ahead: offered before its closure, not after, not even to a booking being moved.
    const LATER = '2025-06-10';
    expect(await timesOn(SS2, LATER)).toBeGreaterThan(0);
    expect((await call(C.closure, { storeId: SS2, date: LATER, reason: 'Power cut' }, k.admin)).data.told).toBe(0);
    expect(await timesOn(SS2, LATER)).toBe(0);
    const onClosedDay = await call(CHANGE_TIME, { orderNo: closedOne, date: LATER, time: '10:00' }, k.customer);
    expect(onClosedDay.code).toBe(807);

    const [row] = await auditRows(api, 'console/stores/closure');
    expect(await auditRows(api, 'console/stores/closure')).toHaveLength(2);
    expect(row).toMatchObject({ store_id: SS2, role: 'admin', details: { date: FIRST_DAY.date, reason: 'Flood', told: [closedOne] } });
    const stores = await call(C.stores, {}, k.ss2);
    expect(stores.data).toEqual([expect.objectContaining({ id: SS2, closures: [{ date: FIRST_DAY.date, reason: 'Flood' }, { date: '2025-06-10', reason: 'Power cut' }] })]);
  });
});

describe('console/dashboard', () => {
  test('orders, money taken and refunds of the day, in total and per workshop, and bay use', async () => {
    const installed = await paidOrder(api, k.customer, installOrder({ storeId: SS2, items: [WIPERS] }));
    const mailed = await paidOrder(api, k.customer, mailOrder());
    await call(REFUND, { orderNo: mailed, reason: 'Wrong size', contact: '0123456789', amountSen: 500 }, k.customer);
    await call(C.review, { orderNo: mailed, decision: 'approve', note: '' }, k.admin);
    await api.payments.idle();
    const paid = (await call(FIND, { orderNo: installed }, k.customer)).data.paidSen + (await call(FIND, { orderNo: mailed }, k.customer)).data.paidSen;

    // Thursday 5 June: the installation of 4 June is among the last 30 days.
    api.advance(3 * 24 * 3600);
    const board = await call(C.dashboard, {}, k.admin);
    expect(board.code, board.msg).toBe(200);
    expect(board.data).toMatchObject({ from: '2025-05-07', to: '2025-06-05' });
    expect(board.data.days).toHaveLength(30);
    const paidDay = (days: { date: string }[]) => days.find((d) => d.date === '2025-06-02');
    expect(paidDay(board.data.days)).toEqual({ date: '2025-06-02', orders: 2, revenueSen: paid, refundedSen: 500 });
    expect(board.data.days.at(-1)).toEqual({ date: '2025-06-05', orders: 0, revenueSen: 0, refundedSen: 0 });
    const ss2 = board.data.stores.find((s: { id: string }) => s.id === SS2);
    expect(paidDay(ss2.days)).toMatchObject({ orders: 1, refundedSen: 0 });
    expect(ss2.bookedUnits).toBeGreaterThan(0);
    expect(ss2.openUnits).toBeGreaterThan(ss2.bookedUnits);
    expect(ss2.bayUse).toBeCloseTo(ss2.bookedUnits / ss2.openUnits);
    expect(paidDay(board.data.stores.find((s: { id: string }) => s.id === 'mail').days)).toMatchObject({ orders: 1, refundedSen: 500 });
    expect((await call(C.dashboard, {}, k.ss2)).code).toBe(403);
  });
});

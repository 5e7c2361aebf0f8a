import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { FIRST_DAY, installOrder, newKey, SLOTS, SS15, WIPERS } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';

let api: TestApi;
let me: string;
let other: string;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  me = (await api.login('0123456789')).userKey;
  other = (await api.login('0198765432', { address: '60.1.1.1' })).userKey;
});

/** Wipers at Subang Jaya SS15 (3 bays), all at FIRST_DAY. */
const ss15 = () => installOrder({ idempotencyKey: newKey(), storeId: SS15, items: [WIPERS] });
const slotFree = async (userKey: string, orderNo?: string) => {
  const answer = await api.request(SLOTS, { storeId: SS15, items: [WIPERS], ...(orderNo ? { orderNo } : {}) }, { userKey });
  expect(answer.code, answer.msg).toBe(200);
  const day = answer.data.dates.find((d: { date: string }) => d.date === FIRST_DAY.date);
  return day.times.find((t: { time: string }) => t.time === FIRST_DAY.time).available as boolean;
};

describe('store/slots for an order being moved', () => {
  test('its own time counts as free to it, and to nobody else', async () => {
    const mine = await paidOrder(api, me, ss15());
    await paidOrder(api, other, ss15());
    await paidOrder(api, other, ss15());

    expect(await slotFree(me)).toBe(false);
    expect(await slotFree(me, mine)).toBe(true);
    // Another customer naming my order learns nothing and gains nothing.
    const theirs = await api.request(SLOTS, { storeId: SS15, items: [WIPERS], orderNo: mine }, { userKey: other });
    expect(theirs).toMatchObject({ code: 404, data: { field: 'orderNo' } });
    expect(await slotFree(other)).toBe(false);
  });
});

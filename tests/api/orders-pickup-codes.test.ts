import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { assignPickupCode } from '../../server/modules/orders/service.ts';
import { startApi, type TestApi } from './harness.ts';
import { pickupQrSvg } from '../../server/modules/orders/pickup-qr.ts';
import { FIND, pickupOrder, placeAndStartPaying, pressInSandbox, rows } from './order-fixtures.ts';

/** A pickup code shown at the counter names one order among those still to be collected. */

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

async function paidPickup() {
  const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, pickupOrder(), 'card');
  await pressInSandbox(api, redirectUrl, 'pay', 'card');
  const order = (await api.request(FIND, { orderNo }, { userKey })).data;
  expect(order.pickupCode).toMatch(/^\d{6}$/);
  const [{ id }] = await rows<{ id: string }>(api, sql`select id from orders where order_no = ${orderNo}`);
  return { orderNo, id: id!, code: order.pickupCode as string };
}
const setCode = (id: string, code: string) => api.db.execute(sql`update orders set pickup_code = ${code} where id = ${id}`);

describe('pickup codes', () => {
  test('the order carries its code as a QR code to show at the counter, and an unpaid one carries neither', async () => {
    const { orderNo, code } = await paidPickup();
    const order = (await api.request(FIND, { orderNo }, { userKey })).data;
    expect(order.pickupQr).toEqual(pickupQrSvg(code));
    expect(order.pickupQr.size).toBe(29);
    const { orderNo: unpaid } = await placeAndStartPaying(api, userKey, pickupOrder(), 'card');
    expect((await api.request(FIND, { orderNo: unpaid }, { userKey })).data).toMatchObject({ pickupCode: null, pickupQr: null });
  });

  test('the database refuses a code another open order holds', async () => {
    const a = await paidPickup();
    const b = await paidPickup();
    await expect(setCode(b.id, a.code)).rejects.toThrow();
    expect((await api.request(FIND, { orderNo: b.orderNo }, { userKey })).data.pickupCode).toBe(b.code);
  });

  test('a code drawn again is replaced by a fresh draw, and the payment goes on', async () => {
    const a = await paidPickup();
    const b = await paidPickup();
    const draws = [a.code, a.code, '424242'];
    const row = await api.db.transaction((tx) => assignPickupCode(tx, b.id, () => draws.shift()!));
    expect(row.pickupCode).toBe('424242');
    expect(draws).toEqual([]);
    expect((await api.request(FIND, { orderNo: b.orderNo }, { userKey })).data).toMatchObject({ status: 'UPCOMING', pickupCode: '424242' });
  });

  test('once an order is collected its code may name another', async () => {
    const a = await paidPickup();
    const b = await paidPickup();
    await api.db.execute(sql`update orders set status = 'COMPLETED', stage = null where id = ${a.id}`);
    await setCode(b.id, a.code);
    expect((await api.request(FIND, { orderNo: b.orderNo }, { userKey })).data.pickupCode).toBe(a.code);
  });

  test('a clash that never ends is an error, not a shared code', async () => {
    const a = await paidPickup();
    const b = await paidPickup();
    await expect(api.db.transaction((tx) => assignPickupCode(tx, b.id, () => a.code, 3))).rejects.toThrow('3 pickup codes in a row were taken');
  });
});

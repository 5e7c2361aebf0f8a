import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, BASIC_SERVICE, count, COUPONS, FIND, installOrder, MYVI, placeAndStartPaying, pressInSandbox, WIPERS } from './order-fixtures.ts';

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

/** Moves the clock to a Kuala Lumpur time and logs in again (sessions do not last months). */
async function at(klTime: string) {
  api.advance((Date.parse(`${klTime}+08:00`) - api.now().getTime()) / 1000);
  ({ userKey } = await api.login('0123456789'));
}

beforeEach(async () => {
  await api.reset();
  // Monday 2 March 2026, 10:00: the demo coupons are valid.
  await at('2026-03-02T10:00:00');
});

const cart = { items: [WIPERS, BASIC_SERVICE], variantId: MYVI };
const coupons = (body: Record<string, unknown> = cart, language?: string) => api.request(COUPONS, body, { userKey, language });
const place = (body: Record<string, unknown>) => api.request(ADD, body, { userKey });
const march = { date: '2026-03-04', time: '10:00' };
type Listed = { code: string; usable: boolean; discountSen: number; reason: string; moreToSpendSen: number };
const byCode = (list: Listed[], code: string) => list.find((c) => c.code === code)!;

describe('the coupons a customer may use on a cart', () => {
  test('each with what it takes off, the usable first; the others with the reason', async () => {
    const { code, data } = await coupons();
    expect(code).toBe(200);
    expect(data.goodsSen).toBe(24800);
    expect(data.entered).toBeNull();
    expect(data.list.map((c: Listed) => [c.code, c.usable, c.discountSen, c.reason])).toEqual([
      ['SERVAUTO10', true, 2480, ''],
      ['SAVE20', true, 2000, ''],
      ['WELCOME15', true, 1500, ''],
      ['MERDEKA69', false, 0, 'This coupon can be used from Tue, 25 Aug 2026.'],
    ]);
  });

  test('a typed code, however it is typed, is answered on its own', async () => {
    const { data } = await coupons({ ...cart, couponCode: ' welcome-15 ' });
    expect(data.entered).toMatchObject({ code: 'WELCOME15', title: 'RM 15 off your first order', usable: true, discountSen: 1500, firstOrderOnly: true });
  });

  test('below the minimum spend: how much more to spend', async () => {
    const { data } = await coupons({ items: [WIPERS], variantId: MYVI, couponCode: 'SAVE20' });
    expect(data.entered).toMatchObject({ usable: false, reason: 'Spend RM 111.00 more to use this coupon (minimum RM 200.00).', moreToSpendSen: 11100 });
  });

  test('labour counts only when the workshop fits: a pickup cart is worth its parts', async () => {
    const { data } = await coupons({ items: [WIPERS], variantId: MYVI, method: 'pickup' });
    expect(data.goodsSen).toBe(8900);
    expect(byCode(data.list, 'SERVAUTO10').discountSen).toBe(890);
  });

  test('the reasons in Chinese and Malay', async () => {
    expect(byCode((await coupons(cart, 'zh_cn')).data.list, 'MERDEKA69').reason).toBe('此优惠券自2026年8月25日（周二）起可用。');
    expect(byCode((await coupons(cart, 'ms_my')).data.list, 'MERDEKA69').reason).toBe('Kupon ini boleh digunakan mulai Sel, 25 Ogo 2026.');
  });

  test('an expired coupon says when it expired', async () => {
    await at('2026-10-01T10:00:00');
    expect(byCode((await coupons()).data.list, 'MERDEKA69')).toMatchObject({ usable: false, reason: 'This coupon expired on Wed, 16 Sep 2026.' });
  });

  test('a coupon every use of which is taken is used up', async () => {
    await at('2026-09-01T10:00:00');
    expect(byCode((await coupons()).data.list, 'MERDEKA69').usable).toBe(true);
    // 1969 uses by other customers' orders.
    await api.db.execute(sql`insert into coupon_uses (coupon_code, customer_id, order_id, used_at)
      select 'MERDEKA69', gen_random_uuid(), gen_random_uuid(), now() from generate_series(1, 1969)`);
    expect(byCode((await coupons()).data.list, 'MERDEKA69')).toMatchObject({ usable: false, reason: 'This coupon has been fully claimed.' });
  });

  test('a code that is no coupon, and bad requests', async () => {
    expect(await coupons({ ...cart, couponCode: 'FREESTUFF' })).toEqual({ code: 807, msg: 'We do not know this coupon code.', data: { field: 'couponCode' } });
    expect(await coupons({ ...cart, variantId: 'no-such-car' })).toMatchObject({ code: 404, data: { field: 'variantId' } });
    expect(await coupons({ items: [] })).toMatchObject({ code: 400, msg: 'Your cart is empty.' });
    expect(await coupons({ ...cart, method: 'mail' })).toMatchObject({ code: 807, msg: 'Basic service cannot be sent by post.' });
    expect((await api.request(COUPONS, cart)).code).toBe(708);
  });
});

describe('a coupon on an order', () => {
  test('takes its discount off the total the server computes, and is counted', async () => {
    const placed = await place(installOrder({ appointment: march, couponCode: 'servauto10' }));
    expect(placed).toMatchObject({ code: 200, data: { totalSen: 24800 - 2480 } });
    const { data: order } = await api.request(FIND, { orderNo: placed.data.orderNo }, { userKey });
    expect(order.totals).toMatchObject({ goodsSen: 24800, discountSen: 2480, totalSen: 22320 });
    expect(order.coupon).toEqual({ code: 'SERVAUTO10', title: '10% off, up to RM 30' });
    expect(await count(api, sql`select count(*)::int as n from coupon_uses where coupon_code = 'SERVAUTO10' and returned_at is null`)).toBe(1);
  });

  test('an unusable coupon refuses the order, and nothing is written', async () => {
    const answer = await place(installOrder({ items: [WIPERS], appointment: march, couponCode: 'SAVE20' }));
    expect(answer).toEqual({
      code: 807,
      msg: 'Spend RM 111.00 more to use this coupon (minimum RM 200.00).',
      data: { field: 'couponCode', moreToSpendSen: 11100 },
    });
    expect(await count(api, sql`select count(*)::int as n from orders`)).toBe(0);
    expect(await count(api, sql`select count(*)::int as n from booked_units`)).toBe(0);
    expect((await place(installOrder({ appointment: march, couponCode: 'NOSUCHCODE' }))).msg).toBe('We do not know this coupon code.');
  });

  test('once per customer: the second order with it is refused, and the list says why', async () => {
    expect((await place(installOrder({ appointment: march, couponCode: 'SAVE20' }))).code).toBe(200);
    const again = await place(installOrder({ appointment: { ...march, time: '14:00' }, couponCode: 'SAVE20' }));
    expect(again).toMatchObject({ code: 807, msg: 'You have already used this coupon as many times as it allows.' });
    expect(byCode((await coupons()).data.list, 'SAVE20')).toMatchObject({ usable: false, reason: 'You have already used this coupon as many times as it allows.' });
    // Another customer still may.
    const { userKey: other } = await api.login('0198765432');
    expect((await api.request(ADD, installOrder({ appointment: { ...march, time: '15:00' }, couponCode: 'SAVE20' }), { userKey: other })).code).toBe(200);
  });

  test('a first-order coupon is for a customer with no paid order', async () => {
    const first = await placeAndStartPaying(api, userKey, installOrder({ appointment: march }));
    await pressInSandbox(api, first.redirectUrl);
    expect(byCode((await coupons()).data.list, 'WELCOME15')).toMatchObject({ usable: false, reason: 'This coupon is only for your first order.' });
    expect((await place(installOrder({ appointment: { ...march, time: '15:00' }, couponCode: 'WELCOME15' }))).msg).toBe('This coupon is only for your first order.');
  });

  test('returned when the unpaid order runs out of time', async () => {
    await place(installOrder({ appointment: march, couponCode: 'SAVE20' }));
    api.advance(30 * 60);
    expect(await api.runJobs()).toBe(1);
    expect(byCode((await coupons()).data.list, 'SAVE20').usable).toBe(true);
    expect((await place(installOrder({ appointment: march, couponCode: 'SAVE20' }))).code).toBe(200);
  });
});

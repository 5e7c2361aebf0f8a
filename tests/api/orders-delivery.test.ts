import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, COUPONS, FIND, mailOrder, MATS, MYVI, WIPERS } from './order-fixtures.ts';

/**
 * The delivery fee before the order exists: coupon/client-get answers it for the address's
 * state, with the total, so the checkout shows what order/app/add will charge.
 */

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  // Monday 2 March 2026, 10:00 in Kuala Lumpur: the demo coupons are valid.
  api.advance((Date.parse('2026-03-02T10:00:00+08:00') - api.now().getTime()) / 1000);
  ({ userKey } = await api.login('0123456789'));
});

const quote = (body: Record<string, unknown>, language?: string) => api.request(COUPONS, { variantId: MYVI, method: 'mail', ...body }, { userKey, language });
/** Kota Kinabalu, Sabah: East Malaysia. */
const sabahAddress = { recipient: 'Jonathan Liew', phone: '0198765432', line1: 'Lot 5, Jalan Gaya', postcode: '88000', city: 'Kota Kinabalu', state: 'Sabah' };

describe('coupon/client-get with the state to mail to', () => {
  test('West Malaysia pays RM 8.00 below RM 150 of goods, nothing from it', async () => {
    const { code, data } = await quote({ items: [WIPERS], state: 'selangor' });
    expect(code).toBe(200);
    expect(data).toMatchObject({ goodsSen: 8900, deliverySen: 800, totalSen: 9700 });
    const free = await quote({ items: [WIPERS, MATS], state: 'Selangor' });
    expect(free.data).toMatchObject({ goodsSen: 20800, deliverySen: 0, totalSen: 20800 });
  });

  test('East Malaysia pays RM 18.00 below RM 300 of goods; the state may be written as people write it', async () => {
    const { data } = await quote({ items: [WIPERS, MATS], state: 'Sabah' });
    expect(data).toMatchObject({ goodsSen: 20800, deliverySen: 1800, totalSen: 22600 });
    expect((await quote({ items: [WIPERS], state: 'W.P. Labuan' })).data.deliverySen).toBe(1800);
  });

  test('no fee before a state is chosen, and none for a method that is not mailing', async () => {
    expect((await quote({ items: [WIPERS] })).data).toMatchObject({ deliverySen: null, totalSen: 8900 });
    const pickup = await quote({ items: [WIPERS], method: 'pickup', state: 'Sabah' });
    expect(pickup.data).toMatchObject({ deliverySen: null, totalSen: 8900 });
  });

  test('a state that is none is refused in the customer’s language, naming the field', async () => {
    const en = await quote({ items: [WIPERS], state: 'Atlantis' });
    expect(en).toMatchObject({ code: 400, msg: 'Please choose a Malaysian state or federal territory.', data: { field: 'state' } });
    expect((await quote({ items: [WIPERS], state: 'Atlantis' }, 'zh_cn')).msg).not.toBe(en.msg);
    expect((await quote({ items: [WIPERS], state: 42 })).code).toBe(400);
  });

  for (const couponCode of ['SERVAUTO10', 'SAVE20']) {
    test(`mailed to East Malaysia with ${couponCode}: the checkout's total is what the order charges`, async () => {
      const items = [WIPERS, MATS];
      const checkout = await quote({ items, state: sabahAddress.state, couponCode });
      expect(checkout.data.entered).toMatchObject({ code: couponCode, usable: true });
      expect(checkout.data.deliverySen).toBe(1800);
      expect(checkout.data.totalSen).toBe(20800 - checkout.data.entered.discountSen + 1800);

      const placed = await api.request(ADD, mailOrder({ items, address: sabahAddress, couponCode }), { userKey });
      expect(placed.code).toBe(200);
      expect(placed.data.totalSen).toBe(checkout.data.totalSen);
      const order = (await api.request(FIND, { orderNo: placed.data.orderNo }, { userKey })).data;
      expect(order.totals).toMatchObject({ goodsSen: 20800, deliveryFeeSen: 1800, discountSen: checkout.data.entered.discountSen, totalSen: checkout.data.totalSen });
    });
  }
});

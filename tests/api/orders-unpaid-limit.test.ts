import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, count, installOrder, PAY, pickupOrder, pressInSandbox } from './order-fixtures.ts';

/**
 * Unpaid orders hold workshop bays until payBefore: one customer may have at most five of
 * them open, so abandoned checkouts cannot block a workshop.
 */

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

const place = (body: unknown, key = userKey, language?: string) => api.request(ADD, body, { userKey: key, language });
/** Five installations at SS2 on the first day, 10:00 to 12:00: five unpaid orders holding bays. */
async function fiveUnpaid() {
  const placed: string[] = [];
  for (const time of ['10:00', '10:30', '11:00', '11:30', '12:00']) {
    const answer = await place(installOrder({ appointment: { date: '2025-06-04', time } }));
    expect(answer.code).toBe(200);
    placed.push(answer.data.orderNo);
  }
  return placed;
}
const orders = () => count(api, sql`select count(*)::int as n from orders`);

describe('at most five unpaid orders per customer', () => {
  test('the sixth is refused with 807 in the customer’s language, and nothing is written or held', async () => {
    await fiveUnpaid();
    const units = await count(api, sql`select count(*)::int as n from booked_units`);
    expect(await place(installOrder({ appointment: { date: '2025-06-04', time: '14:00' } }))).toEqual({
      code: 807,
      msg: 'You have 5 orders waiting for payment. Please pay or cancel one of them before placing another.',
      data: null,
    });
    expect((await place(pickupOrder(), userKey, 'zh_cn')).msg).toBe('您已有 5 个订单在等待付款。请先支付或取消其中一个，再下新订单。');
    expect((await place(pickupOrder(), userKey, 'ms_my')).msg).toBe('Anda mempunyai 5 pesanan yang menunggu bayaran. Sila bayar atau batalkan salah satu sebelum membuat pesanan baharu.');
    expect(await orders()).toBe(5);
    expect(await count(api, sql`select count(*)::int as n from booked_units`)).toBe(units);
    expect(await count(api, sql`select count(*)::int as n from jobs`)).toBe(5);
  });

  test('a checkout already placed is still answered when it is sent again; other customers are not held back', async () => {
    for (const time of ['10:00', '10:30', '11:00', '11:30']) await place(installOrder({ appointment: { date: '2025-06-04', time } }));
    const fifth = installOrder({ appointment: { date: '2025-06-04', time: '15:00' } });
    const placed = await place(fifth);
    expect(await place(fifth)).toEqual(placed);
    const other = await api.login('0198765432');
    expect((await place(pickupOrder(), other.userKey)).code).toBe(200);
    expect(await orders()).toBe(6);
  });

  test('paying one makes room for another', async () => {
    const [first] = await fiveUnpaid();
    const pay = await api.request(PAY, { orderNo: first, payMethod: 'card' }, { userKey });
    await pressInSandbox(api, pay.data.redirectUrl, 'pay', 'card');
    expect((await place(pickupOrder())).code).toBe(200);
    expect((await place(pickupOrder())).code).toBe(807);
  });

  test('an order whose time to pay has run out no longer counts, even before the time-out has run', async () => {
    await fiveUnpaid();
    api.advance(30 * 60);
    expect((await place(pickupOrder())).code).toBe(200);
  });
});

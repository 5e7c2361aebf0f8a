import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, beforeTheBankConfirms, FIND, installOrder, PAY, placeAndStartPaying, postCallback, pressInSandbox, rows } from './order-fixtures.ts';

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

const find = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey })).data;
const noticesTo = (phone: string) => api.smsLines.filter((l) => l.startsWith(`[sms] to ${phone}: `)).map((l) => l.slice(`[sms] to ${phone}: `.length));
const payments = () => rows<{ method: string; state: string; refund_due: boolean; note: string | null }>(api, sql`select method, state, refund_due, note from payments order by created_at, method`);
const press = (redirectUrl: string, outcome = 'pay') =>
  api.fetch(redirectUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome, method: 'fpx', bank: 'maybank2u' }).toString(),
  });

describe('at most one open checkout per order', () => {
  test('a second Pay replaces the first: its page and its buttons say so, in the customer’s language, and nothing is paid', async () => {
    const placed = await api.request(ADD, installOrder(), { userKey });
    const orderNo = placed.data.orderNo as string;
    const first = await api.request(PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, { userKey, language: 'zh_cn' });
    const second = await api.request(PAY, { orderNo, payMethod: 'card' }, { userKey });
    expect(second.code).toBe(200);

    const page = await (await api.fetch(first.data.redirectUrl)).text();
    expect(page).toContain('此付款已被同一订单较新的付款取代');
    expect(page).not.toContain('name="outcome"');
    const english = await (await api.fetch(`${first.data.redirectUrl}?lang=en`)).text();
    expect(english).toContain('This payment was replaced by a newer one for the same order.');

    for (const outcome of ['pay', 'fail']) {
      const res = await press(first.data.redirectUrl, outcome);
      expect(res.status).toBe(409);
      expect(await res.text()).toContain('此付款已被同一订单较新的付款取代');
    }
    await api.payments.idle();
    expect(await find(orderNo)).toMatchObject({ status: 'PENDING_PAYMENT', paidSen: 0 });
    expect(await rows(api, sql`select count(*)::int as n from payment_events`)).toEqual([{ n: 0 }]);
    expect((await payments()).sort((x, y) => x.state.localeCompare(y.state))).toEqual([
      { method: 'fpx', state: 'expired', refund_due: false, note: 'superseded by a newer checkout' },
      { method: 'card', state: 'pending', refund_due: false, note: '' },
    ]);

    // The newest one is paid as usual.
    await pressInSandbox(api, second.data.redirectUrl, 'pay', 'card');
    expect(await find(orderNo)).toMatchObject({ status: 'UPCOMING', paidSen: 24800 });
  });

  test('a checkout paid just before the new Pay stays waiting, and its payment is recorded when it is reported', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    expect((await api.request(PAY, { orderNo, payMethod: 'card' }, { userKey })).code).toBe(200);
    expect((await payments()).map((p) => p.state)).toEqual(['pending', 'pending']);
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    expect(await find(orderNo)).toMatchObject({ status: 'UPCOMING', paidSen: 24800 });
  });
});

describe('a stop between Pay and its callback loses nothing', () => {
  test('the callback the shop did not take is delivered by its job once the shop answers', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    api.shopDown(true);
    await pressInSandbox(api, redirectUrl);
    expect(await find(orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
    const [job] = await rows<{ kind: string; body: string; done: boolean }>(api, sql`select kind, payload->>'body' as body, done_at is not null as done from jobs where kind = 'sandbox.callback'`);
    expect(job).toMatchObject({ kind: 'sandbox.callback', done: false });
    expect(JSON.parse(job!.body)).toMatchObject({ type: 'payment.succeeded', data: { orderNo, amountSen: 24800 } });

    // The shop is back (restarted); the worker's next round delivers it.
    api.shopDown(false);
    api.advance(60);
    expect(await api.runJobs()).toBe(1);
    expect(await find(orderNo)).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', paidSen: 24800 });
    expect(await rows(api, sql`select count(*)::int as n from jobs where kind = 'sandbox.callback' and done_at is null`)).toEqual([{ n: 0 }]);
  });

  test('the time-out, due before the callback arrives, asks the sandbox and records the payment instead of cancelling', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    api.shopDown(true);
    await pressInSandbox(api, redirectUrl);
    api.advance(31 * 60);
    // Still no callback gets through: the time-out asks the sandbox itself.
    await api.runJobs();
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', paidSen: 24800 });
    expect(order.history.map((h: { status: string }) => h.status)).not.toContain('CANCELLED');
    expect(await payments()).toEqual([{ method: 'fpx', state: 'succeeded', refund_due: false, note: '' }]);

    // The callback that comes at last changes nothing.
    api.shopDown(false);
    api.advance(3600);
    await api.runJobs();
    expect(await find(orderNo)).toMatchObject({ status: 'UPCOMING', paidSen: 24800 });
    expect(await rows(api, sql`select outcome, repeats from payment_events order by received_at`)).toEqual([{ outcome: 'applied', repeats: 1 }]);
    expect(noticesTo('+60123456789')).toHaveLength(1);
  });

  test('a provider out of reach is asked again before the order is cancelled, a bounded number of times', async () => {
    const { orderNo } = await placeAndStartPaying(api, userKey, installOrder());
    const asked = vi.spyOn(api.payments, 'paymentStatus').mockRejectedValue(new Error('gateway unreachable'));
    try {
      api.advance(30 * 60);
      await api.runJobs();
      expect(await find(orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
      for (let round = 0; round < 10; round++) {
        api.advance(3600);
        await api.runJobs();
      }
      expect(asked).toHaveBeenCalledTimes(6);
      expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED' });
      expect(await rows(api, sql`select count(*)::int as n from jobs where done_at is null`)).toEqual([{ n: 0 }]);
    } finally {
      asked.mockRestore();
    }
  });
});

describe('a late payment keeps the rules', () => {
  test('a first-order coupon used meanwhile on another order: the late payment is returned, the order stays cancelled', async () => {
    // Monday 2 March 2026, 10:00: the demo coupons are valid.
    api.advance((Date.parse('2026-03-02T10:00:00+08:00') - api.now().getTime()) / 1000);
    ({ userKey } = await api.login('0123456789'));
    const march = (time: string) => installOrder({ appointment: { date: '2026-03-04', time }, couponCode: 'WELCOME15' });

    const a = await placeAndStartPaying(api, userKey, march('10:00'));
    api.loseCallbacks(true);
    await pressInSandbox(api, a.redirectUrl);
    api.loseCallbacks(false);
    api.advance(31 * 60);
    await beforeTheBankConfirms(api, () => api.runJobs());
    expect(await find(a.orderNo)).toMatchObject({ status: 'CANCELLED' });

    const b = await placeAndStartPaying(api, userKey, march('14:00'));
    await pressInSandbox(api, b.redirectUrl);
    expect(await find(b.orderNo)).toMatchObject({ status: 'UPCOMING', paidSen: 23300 });

    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    const order = await find(a.orderNo);
    expect(order).toMatchObject({ status: 'CANCELLED', paidSen: 23300 });
    expect(order.history.at(-1).note).toBe(
      'Paid RM 233.00 after the time to pay ran out, and its coupon can no longer be used on it (used meanwhile on another order): the order stays cancelled and the payment will be refunded in full.',
    );
    expect(await rows(api, sql`select o.order_no, p.state, p.refund_due from payments p join orders o on o.id = p.order_id order by p.created_at`)).toEqual([
      { order_no: a.orderNo, state: 'succeeded', refund_due: true },
      { order_no: b.orderNo, state: 'succeeded', refund_due: false },
    ]);
    // The coupon counts once: for the order that keeps it.
    expect(await rows(api, sql`select count(*)::int as n from coupon_uses where returned_at is null`)).toEqual([{ n: 1 }]);
    expect(await rows(api, sql`select count(*)::int as n from booked_units bu join orders o on o.id = bu.holder_id where o.order_no = ${a.orderNo}`)).toEqual([{ n: 0 }]);
    expect(noticesTo('+60123456789').at(-1)).toBe(
      `RM0 Servauto: RM 233.00 for order ${a.orderNo} came late and its coupon was used on another order, so it stays cancelled. It will be refunded in full.`,
    );
  });
});

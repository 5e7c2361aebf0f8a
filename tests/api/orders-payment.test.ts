import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import {
  ADD,
  beforeTheBankConfirms,
  count,
  FIND,
  installOrder,
  latestPaymentOf,
  mailOrder,
  paidTwice,
  PAY,
  PAY_STATUS,
  pickupOrder,
  placeAndStartPaying,
  postCallback,
  pressInSandbox,
  rows,
  sandboxEvent,
  SS15,
  SS2,
  unitsAt,
  WIPERS,
} from './order-fixtures.ts';
import { ADMIN_PHONE, C } from './console-fixtures.ts';

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

const find = async (orderNo: string, key = userKey, language?: string) => (await api.request(FIND, { orderNo }, { userKey: key, language })).data;
const noticesTo = (phone: string) => api.smsLines.filter((l) => l.startsWith(`[sms] to ${phone}: `)).map((l) => l.slice(`[sms] to ${phone}: `.length));
const NOT_FOUND = { code: 404, msg: 'We cannot find that order.', data: { field: 'orderNo' } };

describe('an order and its payment page', () => {
  test("another customer's order answers as if it did not exist", async () => {
    const { data } = await api.request(ADD, installOrder(), { userKey });
    const { userKey: other } = await api.login('0198765432');
    expect(await api.request(FIND, { orderNo: data.orderNo }, { userKey: other })).toEqual(NOT_FOUND);
    expect(await api.request(FIND, { orderNo: 'SV250602000000' }, { userKey: other })).toEqual(NOT_FOUND);
    expect(await api.request(PAY, { orderNo: data.orderNo, payMethod: 'card' }, { userKey: other })).toEqual(NOT_FOUND);
    expect(await api.request(PAY_STATUS, { orderNo: data.orderNo }, { userKey: other })).toEqual(NOT_FOUND);
    expect(await count(api, sql`select count(*)::int as n from payments`)).toBe(0);
  });

  test('paying opens the sandbox page with the order number, amount and time left', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    expect(redirectUrl).toMatch(/^\/pay\/sandbox\/[\w.-]+$/);
    const page = await (await api.fetch(redirectUrl)).text();
    expect(page).toContain(orderNo);
    expect(page).toContain('RM 248.00');
    expect(await latestPaymentOf(api, orderNo)).toMatchObject({ amount_sen: 24800, state: 'pending' });
  });

  test('every method the sandbox offers can be chosen; a bank only for FPX', async () => {
    const { data } = await api.request(ADD, installOrder(), { userKey });
    for (const payMethod of ['card', 'tng', 'grabpay']) expect((await api.request(PAY, { orderNo: data.orderNo, payMethod }, { userKey })).code).toBe(200);
    expect(await api.request(PAY, { orderNo: data.orderNo, payMethod: 'card', bankCode: 'cimb' }, { userKey })).toMatchObject({ code: 400, data: { field: 'bankCode' } });
    expect(await api.request(PAY, { orderNo: data.orderNo, payMethod: 'cash' }, { userKey })).toMatchObject({ code: 400, data: { field: 'payMethod' } });
  });

  test('not after payBefore, even before the time-out has run', async () => {
    const { data } = await api.request(ADD, installOrder(), { userKey });
    api.advance(30 * 60);
    expect(await api.request(PAY, { orderNo: data.orderNo, payMethod: 'card' }, { userKey })).toEqual({ code: 807, msg: 'This order is no longer waiting for payment.', data: null });
    expect((await find(data.orderNo)).actions.pay).toBe(false);
  });
});

describe('paying in the sandbox', () => {
  test('Pay: the provider’s signed callback makes the order upcoming, books its bay and texts the customer', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    const back = await pressInSandbox(api, redirectUrl);
    expect(back).toBe(`http://localhost/pc/pages?orderNo=${orderNo}`);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', paidSen: 24800, payBefore: null, actions: { pay: false, cancel: false } });
    expect(order.history.map((h: { status: string; note: string }) => [h.status, h.note])).toEqual([
      ['PENDING_PAYMENT', 'Order placed.'],
      ['UPCOMING', 'Paid RM 248.00.'],
    ]);
    expect((await unitsAt(api, SS2, '2025-06-04')).map((u) => u.state)).toEqual(['booked', 'booked', 'booked']);
    expect(await latestPaymentOf(api, orderNo)).toMatchObject({ state: 'succeeded', refund_due: false });
    const [sms] = noticesTo('+60123456789');
    expect(sms).toBe(`RM0 Servauto: order ${orderNo} is paid. Installation at SS2 Tyre & Auto Service on Wed, 4 Jun 2025 at 10:00.`);
    expect(sms).not.toMatch(/https?:|www\./);
  });

  test('the SMS is in the language the order was placed in', async () => {
    const placed = await api.request(ADD, installOrder(), { userKey, language: 'ms_my' });
    const { data } = await api.request(PAY, { orderNo: placed.data.orderNo, payMethod: 'tng' }, { userKey, language: 'ms_my' });
    expect(await pressInSandbox(api, data.redirectUrl, 'pay', 'tng')).toBe(`http://localhost/pc/ms/pages?orderNo=${placed.data.orderNo}`);
    expect(noticesTo('+60123456789')).toEqual([`RM0 Servauto: pesanan ${placed.data.orderNo} telah dibayar. Pemasangan di SS2 Tyre & Auto Service pada Rab, 4 Jun 2025 jam 10:00.`]);
  });

  test('a paid pickup order gets its pickup code; a mailed one waits to be shipped', async () => {
    const pickup = await placeAndStartPaying(api, userKey, pickupOrder(), 'card');
    await pressInSandbox(api, pickup.redirectUrl, 'pay', 'card');
    expect(await find(pickup.orderNo)).toMatchObject({ status: 'UPCOMING', stage: 'PREPARING', pickupCode: expect.stringMatching(/^\d{6}$/) });
    const mailed = await placeAndStartPaying(api, userKey, mailOrder(), 'grabpay');
    await pressInSandbox(api, mailed.redirectUrl, 'pay', 'grabpay');
    expect(await find(mailed.orderNo)).toMatchObject({ status: 'UPCOMING', stage: 'TO_SHIP', pickupCode: null });
    expect(noticesTo('+60123456789')[1]).toBe(`RM0 Servauto: order ${mailed.orderNo} is paid. We will tell you when it is on its way.`);
  });

  test('Fail: the order is still waiting and can be paid again', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    await pressInSandbox(api, redirectUrl, 'fail');
    expect(await find(orderNo)).toMatchObject({ status: 'PENDING_PAYMENT', actions: { pay: true } });
    expect(await latestPaymentOf(api, orderNo)).toMatchObject({ state: 'failed' });
    expect((await unitsAt(api, SS2, '2025-06-04')).map((u) => u.state)).toEqual(['held', 'held', 'held']);
    const again = await api.request(PAY, { orderNo, payMethod: 'card' }, { userKey });
    await pressInSandbox(api, again.data.redirectUrl, 'pay', 'card');
    expect((await find(orderNo)).status).toBe('UPCOMING');
  });
});

describe('update/pay/status asks the provider, never the client', () => {
  test('an unpaid order stays unpaid', async () => {
    const { orderNo } = await placeAndStartPaying(api, userKey, installOrder());
    expect((await api.request(PAY_STATUS, { orderNo }, { userKey })).data).toEqual({
      orderNo,
      status: 'PENDING_PAYMENT',
      stage: null,
      paid: false,
      payBefore: '2025-06-02T02:30:00.000Z',
      payment: { status: 'PENDING', method: 'fpx' },
    });
  });

  test('the last attempt’s outcome: none yet, failed, pending again, paid', async () => {
    const placed = await api.request(ADD, installOrder(), { userKey });
    const orderNo = placed.data.orderNo as string;
    const status = async () => (await api.request(PAY_STATUS, { orderNo }, { userKey })).data;
    expect((await status()).payment).toBeNull();

    const first = await api.request(PAY, { orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, { userKey });
    await pressInSandbox(api, first.data.redirectUrl, 'fail');
    expect(await status()).toMatchObject({ status: 'PENDING_PAYMENT', paid: false, payment: { status: 'FAILED', method: 'fpx' } });

    // The customer tries again a minute later.
    api.advance(60);
    const again = await api.request(PAY, { orderNo, payMethod: 'grabpay' }, { userKey });
    expect((await status()).payment).toEqual({ status: 'PENDING', method: 'grabpay' });
    await pressInSandbox(api, again.data.redirectUrl, 'pay', 'grabpay');
    expect(await status()).toMatchObject({ status: 'UPCOMING', paid: true, payment: { status: 'PAID', method: 'grabpay' } });
  });

  test('an attempt left open past the time to pay is answered as expired', async () => {
    const { orderNo } = await placeAndStartPaying(api, userKey, installOrder(), 'card');
    api.advance(30 * 60);
    await api.runJobs();
    expect((await api.request(PAY_STATUS, { orderNo }, { userKey })).data).toMatchObject({ status: 'CANCELLED', payment: { status: 'EXPIRED', method: 'card' } });
  });

  test('a payment whose callback was lost is found by asking; the callback that comes later changes nothing', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    expect((await find(orderNo)).status).toBe('PENDING_PAYMENT');
    expect((await api.request(PAY_STATUS, { orderNo }, { userKey })).data).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', paid: true, payBefore: null });
    api.loseCallbacks(false);
    const late = await postCallback(api, api.lostCallbacks[0]!.body, api.lostCallbacks[0]!.headers['X-Sandbox-Signature']);
    expect(await late.json()).toEqual({ received: true, duplicate: true });
    expect((await find(orderNo)).history).toHaveLength(2);
    expect(noticesTo('+60123456789')).toHaveLength(1);
  });
});

describe('callbacks that must change nothing', () => {
  async function lostPayment() {
    const started = await placeAndStartPaying(api, userKey, installOrder());
    api.loseCallbacks(true);
    await pressInSandbox(api, started.redirectUrl);
    api.loseCallbacks(false);
    const { body, headers } = api.lostCallbacks[0]!;
    return { ...started, body, signature: headers['X-Sandbox-Signature']! };
  }
  async function unchanged(orderNo: string) {
    expect(await find(orderNo)).toMatchObject({ status: 'PENDING_PAYMENT', paidSen: 0 });
    expect((await unitsAt(api, SS2, '2025-06-04')).map((u) => u.state)).toEqual(['held', 'held', 'held']);
    expect(await latestPaymentOf(api, orderNo)).toMatchObject({ state: 'pending' });
    expect(noticesTo('+60123456789')).toEqual([]);
  }

  test('a tampered body (the amount lowered) fails the signature: refused, not even recorded', async () => {
    const { orderNo, body, signature } = await lostPayment();
    const tampered = body.replace('"amountSen":24800', '"amountSen":100');
    const res = await postCallback(api, tampered, signature);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ received: false, reason: 'signature does not match the body' });
    await unchanged(orderNo);
    expect(await count(api, sql`select count(*)::int as n from payment_events`)).toBe(0);
  });

  test('no signature, or a signature made with another key', async () => {
    const { orderNo, body } = await lostPayment();
    expect((await postCallback(api, body, null)).status).toBe(400);
    expect((await postCallback(api, body, 'a'.repeat(64))).status).toBe(400);
    await unchanged(orderNo);
  });

  test('a correctly signed event with the wrong amount or currency is refused and kept with the reason', async () => {
    const { orderNo } = await lostPayment();
    const payment = await latestPaymentOf(api, orderNo);
    const event = { checkout: payment.provider_ref, paymentId: payment.id, orderNo };
    const cheap = await postCallback(api, sandboxEvent({ ...event, amountSen: 100 }));
    expect(cheap.status).toBe(400);
    const dollars = await postCallback(api, sandboxEvent({ ...event, amountSen: 24800, currency: 'USD' }));
    expect(dollars.status).toBe(400);
    await unchanged(orderNo);
    expect(await rows(api, sql`select outcome, reason from payment_events order by received_at, reason`)).toEqual([
      { outcome: 'refused', reason: 'amount 100 sen, expected 24800' },
      { outcome: 'refused', reason: 'currency USD, expected MYR' },
    ]);
  });

  test('an event for a payment that is not ours is refused', async () => {
    const { orderNo } = await lostPayment();
    const res = await postCallback(api, sandboxEvent({ checkout: 'sbx_unknown', paymentId: '00000000-0000-4000-8000-000000000000', orderNo, amountSen: 24800 }));
    expect(await res.json()).toEqual({ received: false, reason: 'no payment of this shop matches it' });
    await unchanged(orderNo);
  });

  test('the same callback five times: one payment, one history row, one SMS', async () => {
    const { orderNo, body, signature } = await lostPayment();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await (await postCallback(api, body, signature)).json());
    expect(answers).toEqual([{ received: true, duplicate: false }, ...Array.from({ length: 4 }, () => ({ received: true, duplicate: true }))]);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'UPCOMING', paidSen: 24800 });
    expect(order.history).toHaveLength(2);
    expect(noticesTo('+60123456789')).toHaveLength(1);
    expect(await rows(api, sql`select outcome, repeats from payment_events`)).toEqual([{ outcome: 'applied', repeats: 4 }]);
  });
});

describe('money that comes when the order cannot take it', () => {
  test('a second attempt paid too: recorded, and marked for a full refund', async () => {
    // Paid in the first tab, its callback delayed; a second Pay in another tab, paid too.
    const orderNo = await paidTwice(api, userKey);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'UPCOMING', paidSen: 2 * 24800 });
    expect(order.history.at(-1).note).toBe('A further payment of RM 248.00 was received for this order: it will be refunded in full.');
    expect(await rows(api, sql`select method, state, refund_due from payments order by method`)).toEqual([
      { method: 'card', state: 'succeeded', refund_due: true },
      { method: 'grabpay', state: 'succeeded', refund_due: false },
    ]);
    expect(noticesTo('+60123456789')[1]).toBe(`RM0 Servauto: we received RM 248.00 for order ${orderNo} that it cannot use. It will be refunded in full.`);
  });

  test('paid after the time-out while its time is still free: booked after all', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    api.advance(31 * 60);
    expect(await beforeTheBankConfirms(api, () => api.runJobs())).toBe(1);
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED' });
    expect(await unitsAt(api, SS2, '2025-06-04')).toEqual([]);

    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', paidSen: 24800 });
    expect(order.history.map((h: { status: string }) => h.status)).toEqual(['PENDING_PAYMENT', 'CANCELLED', 'UPCOMING']);
    expect(order.history[2].note).toBe('Paid RM 248.00 after the time to pay ran out; the time was still free, so it is booked.');
    expect((await unitsAt(api, SS2, '2025-06-04')).map((u) => u.state)).toEqual(['booked', 'booked', 'booked']);
  });

  test('paid after the time-out when its time was taken meanwhile: never double-booked, refunded in full', async () => {
    const at10 = () => installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-04', time: '10:00' } });
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, at10());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    api.advance(31 * 60);
    await beforeTheBankConfirms(api, () => api.runJobs());
    // Three other customers take the three bays at 10:00.
    for (const phone of ['0171111111', '0172222222', '0173333333']) {
      const { userKey: theirs } = await api.login(phone);
      expect((await api.request(ADD, at10(), { userKey: theirs })).code).toBe(200);
    }
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'CANCELLED', paidSen: 8900 });
    expect(order.history.at(-1).note).toBe('Paid RM 89.00 after the time to pay ran out, and the time had been taken meanwhile: the payment will be refunded in full.');
    const units = await unitsAt(api, SS15, '2025-06-04');
    expect(units).toHaveLength(3);
    expect(units.map((u) => u.order_no)).not.toContain(orderNo);
    expect(await latestPaymentOf(api, orderNo)).toMatchObject({ state: 'succeeded', refund_due: true });
    expect(noticesTo('+60123456789')).toEqual([`RM0 Servauto: we received RM 89.00 for order ${orderNo} that it cannot use. It will be refunded in full.`]);
  });

  test('paid in time for a day staff closed while it waited: booked, and the customer is told of the closure and may move it free', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    const { userKey: admin } = await api.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.1' });
    const closed = await api.request(C.closure, { storeId: SS2, date: '2025-06-04', reason: 'Flood' }, { userKey: admin });
    expect(closed.code, closed.msg).toBe(200);
    expect(closed.data.told).toBe(0);

    await pressInSandbox(api, redirectUrl);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'UPCOMING', stage: 'BOOKED', paidSen: 24800 });
    expect(order.history.at(-1).note).toBe('The workshop is closed on Wed, 4 Jun 2025 (Flood). You may choose a new time free of charge.');
    expect(order.actions.changeTime).toBe(true);
    expect(noticesTo('+60123456789')).toContain(
      `RM0 Servauto: sorry, SS2 Tyre & Auto Service is closed on Wed, 4 Jun 2025 (Flood). Rebook order ${orderNo} free in My Orders.`,
    );
  });

  test('paid after the time-out when the workshop closed that day meanwhile: not booked on the closed day, refunded in full', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, userKey, installOrder());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    api.advance(31 * 60);
    await beforeTheBankConfirms(api, () => api.runJobs());
    const { userKey: admin } = await api.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.1' });
    const closed = await api.request(C.closure, { storeId: SS2, date: '2025-06-04', reason: 'Flood' }, { userKey: admin });
    expect(closed.code, closed.msg).toBe(200);

    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'CANCELLED', paidSen: 24800 });
    expect(order.history.at(-1).note).toBe('Paid RM 248.00 after the time to pay ran out, and the time had been taken meanwhile: the payment will be refunded in full.');
    expect(await unitsAt(api, SS2, '2025-06-04')).toEqual([]);
    expect(await latestPaymentOf(api, orderNo)).toMatchObject({ state: 'succeeded', refund_due: true });
    expect(noticesTo('+60123456789')).toEqual([`RM0 Servauto: we received RM 248.00 for order ${orderNo} that it cannot use. It will be refunded in full.`]);
  });
});

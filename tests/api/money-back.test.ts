import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createApi } from '../../server/app.ts';
import { stripeProvider } from '../../server/providers/payment/stripe/provider.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { START, startApi, TEST_SECRET, type TestApi } from './harness.ts';
import { ADD, beforeTheBankConfirms, FIND, installOrder, mailOrder, paidTwice, PAY, placeAndStartPaying, postCallback, pressInSandbox, rows, SS15, WIPERS } from './order-fixtures.ts';
import { CANCEL, PAGE, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { auditRows, C, staffKeys, type Keys } from './console-fixtures.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double.ts';

/**
 * Every sen paid is either used by its order or returned: money the order cannot use goes back
 * to its own payment by a job, without anyone asking; refunds are split across payments; a
 * refund the provider could not pay is FAILED until an admin sends it again or pays it outside.
 */

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

const PHONE = '+60123456789';
/** Wipers and a basic service installed at SS2. */
const TOTAL = 24_800;
const noticesTo = (phone: string) => api.smsLines.filter((l) => l.startsWith(`[sms] to ${phone}: `)).map((l) => l.slice(`[sms] to ${phone}: `.length));
const find = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: k.customer })).data;
const ask = (body: Record<string, unknown>) => api.request(REFUND, { reason: 'Changed my mind', contact: '0123456789', ...body }, { userKey: k.customer });
const returnsOf = (orderNo: string) =>
  rows<{ amount_sen: number; state: string; refund_id: string | null; payment_amount: number; refund_due: boolean; provider_ref: string }>(
    api,
    sql`select r.amount_sen, r.state, r.refund_id, p.amount_sen as payment_amount, p.refund_due, p.provider_ref
        from payment_returns r join payments p on p.id = r.payment_id where p.order_no = ${orderNo} order by r.created_at, r.amount_sen`,
  );

async function approve(orderNo: string, amountSen?: number) {
  const approved = await api.request(C.review, { orderNo, decision: 'approve', note: amountSen ? 'Part of it' : '', ...(amountSen ? { amountSen } : {}) }, { userKey: k.admin });
  expect(approved.code, approved.msg).toBe(200);
  await api.payments.idle();
  return approved;
}

describe('money the order cannot use goes back by itself', () => {
  test('paid twice: the second payment is returned to itself within one job run, the customer is told, and paid − returned = the total', async () => {
    const orderNo = await paidTwice(api, k.customer);
    expect((await find(orderNo)).money).toEqual({ paidSen: 2 * TOTAL, usedSen: TOTAL, returnedSen: 0, toReturnSen: TOTAL });

    expect(await api.runJobs()).toBe(1);
    await api.payments.idle();
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'UPCOMING', refundedSen: TOTAL, money: { paidSen: 2 * TOTAL, usedSen: TOTAL, returnedSen: TOTAL, toReturnSen: 0 } });
    expect(order.money.paidSen - order.money.returnedSen).toBe(order.totals.totalSen);
    const returns = await returnsOf(orderNo);
    expect(returns).toEqual([expect.objectContaining({ amount_sen: TOTAL, state: 'succeeded', refund_id: null, refund_due: true })]);
    expect(await rows(api, sql`select checkout_id, amount_sen from sandbox_refunds`)).toEqual([{ checkout_id: returns[0]!.provider_ref, amount_sen: TOTAL }]);
    expect(noticesTo(PHONE).at(-1)).toBe(`RM0 Servauto: RM 248.00 for order ${orderNo} that it could not use has been returned to the way you paid.`);
    expect(order.history.at(-1).note).toBe('RM 248.00 the order could not use was returned to the way it was paid.');
    // My Orders shows the same figures; a second job run sends nothing more.
    const listed = (await api.request(PAGE, {}, { userKey: k.customer })).data.list.find((o: { orderNo: string }) => o.orderNo === orderNo);
    expect(listed.money).toEqual(order.money);
    await api.runJobs();
    expect(await rows(api, sql`select count(*)::int as n from sandbox_refunds`)).toEqual([{ n: 1 }]);

    // A full refund of what the order uses ends it REFUNDED with nothing of the customer's left.
    expect((await ask({ orderNo })).data.refunds[0].amountSen).toBe(TOTAL);
    await approve(orderNo);
    expect(await find(orderNo)).toMatchObject({ status: 'REFUNDED', money: { paidSen: 2 * TOTAL, usedSen: 0, returnedSen: 2 * TOTAL, toReturnSen: 0 } });
  });

  test('paid after the customer cancelled: all of it goes back, though the customer may not ask for it', async () => {
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, k.customer, installOrder());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    expect((await api.request(CANCEL, { orderNo, reason: 'Found a closer workshop' }, { userKey: k.customer })).code).toBe(200);
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED', money: { paidSen: TOTAL, usedSen: 0, returnedSen: 0, toReturnSen: TOTAL } });
    expect((await ask({ orderNo })).code).toBe(807);

    await api.runJobs();
    await api.payments.idle();
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED', refundedSen: TOTAL, money: { paidSen: TOTAL, usedSen: 0, returnedSen: TOTAL, toReturnSen: 0 } });
    expect(noticesTo(PHONE).at(-1)).toBe(`RM0 Servauto: RM 248.00 for order ${orderNo} that it could not use has been returned to the way you paid.`);
  });

  test('paid after the time-out when its bay was taken meanwhile: returned', async () => {
    const at10 = () => installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-04', time: '10:00' } });
    const { orderNo, redirectUrl } = await placeAndStartPaying(api, k.customer, at10());
    api.loseCallbacks(true);
    await pressInSandbox(api, redirectUrl);
    api.loseCallbacks(false);
    api.advance(31 * 60);
    await beforeTheBankConfirms(api, () => api.runJobs());
    for (const phone of ['0171111111', '0172222222', '0173333333']) {
      const { userKey } = await api.login(phone);
      expect((await api.request(ADD, at10(), { userKey })).code).toBe(200);
    }
    const { body, headers } = api.lostCallbacks[0]!;
    expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED', money: { paidSen: 8900, toReturnSen: 8900 } });

    await api.runJobs();
    await api.payments.idle();
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED', money: { paidSen: 8900, usedSen: 0, returnedSen: 8900, toReturnSen: 0 } });
    expect(noticesTo(PHONE).at(-1)).toBe(`RM0 Servauto: RM 89.00 for order ${orderNo} that it could not use has been returned to the way you paid.`);
  });
});

describe('refunds within what each payment can return', () => {
  test('a request above what the order can still return is refused (807): money being returned apart is not refundable twice', async () => {
    const orderNo = await paidTwice(api, k.customer);
    expect(await ask({ orderNo, amountSen: 2 * TOTAL })).toMatchObject({ code: 807, msg: 'The refund must be between RM 0.01 and RM 248.00.', data: { field: 'amountSen' } });
    expect(await ask({ orderNo, amountSen: TOTAL + 1 })).toMatchObject({ code: 807 });
    expect((await find(orderNo)).actions.refund).toBe(true);
    expect((await ask({ orderNo })).data.refunds[0].amountSen).toBe(TOTAL);
  });

  test('a refund spanning two payments is two returns, each within what its payment can still give back', async () => {
    const orderNo = await paidTwice(api, k.customer);
    // An order whose total came in two payments: it uses both.
    await api.db.execute(sql`update payments set refund_due = false where order_no = ${orderNo}`);
    expect((await ask({ orderNo, amountSen: 5000 })).code).toBe(200);
    await approve(orderNo, 5000);
    expect((await ask({ orderNo })).data.refunds[0].amountSen).toBe(2 * TOTAL - 5000);
    await approve(orderNo);

    const returns = await returnsOf(orderNo);
    expect(returns.map((r) => [r.amount_sen, r.state])).toEqual([
      [5000, 'succeeded'],
      [TOTAL - 5000, 'succeeded'],
      [TOTAL, 'succeeded'],
    ]);
    for (const ret of returns) expect(ret.amount_sen).toBeLessThanOrEqual(ret.payment_amount);
    const perCheckout = await rows<{ checkout_id: string; n: number }>(api, sql`select checkout_id, sum(amount_sen)::int as n from sandbox_refunds group by checkout_id`);
    expect(perCheckout.map((c) => c.n).sort()).toEqual([TOTAL, TOTAL]);
    const order = await find(orderNo);
    expect(order).toMatchObject({ status: 'REFUNDED', money: { paidSen: 2 * TOTAL, usedSen: 0, returnedSen: 2 * TOTAL, toReturnSen: 0 } });
    expect(order.refunds.map((r: { status: string }) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });
});

describe('a refund Stripe could not pay', () => {
  const WEBHOOK_SECRET = 'whsec_money_back_test';
  let double: StripeDouble;
  let app: ReturnType<typeof createApi>;
  beforeAll(async () => {
    double = await startStripeDouble();
    const now = () => START;
    const payments = stripeProvider({ secretKey: 'sk_test_money_back', webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: double.port, protocol: 'http', now });
    app = createApi({ db: api.db, indexes: api.indexes, sms: consoleSms(() => {}), secret: TEST_SECRET, now, payments, einvoice: api.einvoice });
  });
  afterAll(() => double?.close());
  beforeEach(() => {
    double.refundStatus = 'pending';
  });

  async function call(path: string, body: unknown, userKey?: string) {
    const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(userKey ? { Authorization: userKey } : {}) }, body: JSON.stringify(body) });
    return (await res.json()) as { code: number; msg: string; data: any };
  }
  function webhook(type: string, object: object) {
    const payload = JSON.stringify({ id: `evt_${type}_${Math.random().toString(36).slice(2)}`, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(START.getTime() / 1000), type, data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(START.getTime() / 1000) });
    return app.request('/api/pay/callback/stripe', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
  }
  const refundCalls = () => double.requests.filter((r) => r.path === '/v1/refunds');
  /** A mail order paid by card on Stripe, its refund approved and then failed at Stripe. */
  async function failedRefund() {
    const orderNo = (await call(ADD, mailOrder(), k.customer)).data.orderNo as string;
    expect((await call(PAY, { orderNo, payMethod: 'card' }, k.customer)).code).toBe(200);
    const sessionId = [...double.sessions.keys()].at(-1)!;
    double.pay(sessionId);
    expect((await webhook('checkout.session.completed', double.sessions.get(sessionId)!)).status).toBe(200);
    expect((await call(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789' }, k.customer)).code).toBe(200);
    const before = refundCalls().length;
    expect((await call(C.review, { orderNo, decision: 'approve', note: '' }, k.admin)).data.refunds[0].status).toBe('PROCESSING');
    const sent = refundCalls().slice(before);
    expect(sent).toHaveLength(1);
    expect((await webhook('refund.failed', double.settleLastRefund('failed'))).status).toBe(200);
    return { orderNo, first: sent[0]! };
  }

  test('refund.failed → FAILED (the customer sees it) → retry, a new request with a new idempotency key → COMPLETED', async () => {
    const { orderNo, first } = await failedRefund();
    const seen = (await call(FIND, { orderNo }, k.customer)).data;
    expect(seen.refunds[0].status).toBe('FAILED');
    expect(seen.refunds[0].history.at(-1)).toMatchObject({ status: 'FAILED', by: 'system', note: 'The payment provider could not pay the refund.' });
    expect(seen.money).toMatchObject({ returnedSen: 0, toReturnSen: seen.paidSen });
    expect(seen.actions.refund).toBe(false);

    expect((await call('/api/console/refunds/retry', { orderNo }, k.ss2)).code).toBe(403);
    const before = refundCalls().length;
    const retried = await call('/api/console/refunds/retry', { orderNo }, k.admin);
    expect(retried.code, retried.msg).toBe(200);
    expect(retried.data.refunds[0].status).toBe('PROCESSING');
    const again = refundCalls().slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]!.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
    expect((await auditRows(api, 'console/refunds/retry')).map((a) => a.refund_no)).toEqual([`${orderNo}-R1`]);
    // Retrying what is no longer failed: 807.
    expect((await call('/api/console/refunds/retry', { orderNo }, k.admin)).code).toBe(807);

    expect((await webhook('refund.updated', double.settleLastRefund('succeeded'))).status).toBe(200);
    const done = (await call(FIND, { orderNo }, k.customer)).data;
    expect(done.refunds[0].status).toBe('COMPLETED');
    expect(done).toMatchObject({ status: 'REFUNDED', money: { paidSen: done.paidSen, usedSen: 0, returnedSen: done.paidSen, toReturnSen: 0 } });
  });

  test('a failed refund paid outside the provider: COMPLETED with its reference, audited', async () => {
    const { orderNo } = await failedRefund();
    expect((await call('/api/console/refunds/manual', { orderNo, reference: ' ', note: '' }, k.admin)).code).toBe(400);
    const paid = await call('/api/console/refunds/manual', { orderNo, reference: 'IBG-20250602-0042', note: 'Bank transfer' }, k.admin);
    expect(paid.code, paid.msg).toBe(200);
    expect(paid.data).toMatchObject({ status: 'REFUNDED', refunds: [expect.objectContaining({ status: 'COMPLETED' })] });
    expect(paid.data.money).toMatchObject({ usedSen: 0, toReturnSen: 0, returnedSen: paid.data.paidSen });
    expect((await auditRows(api, 'console/refunds/manual'))[0]).toMatchObject({ refund_no: `${orderNo}-R1`, details: expect.objectContaining({ reference: 'IBG-20250602-0042' }) });
  });
});

import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createApi } from '../../server/app.ts';
import { REFUND_SEND_JOB, refundSendHandler } from '../../server/flows/refunds/payout.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { stripeProvider } from '../../server/providers/payment/stripe/provider.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { DAY_SECONDS, START, startApi, TEST_SECRET, type TestApi } from './harness.ts';
import { ADD, count, FIND, mailOrder, PAY } from './order-fixtures.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { auditRows, C, orderState, staffKeys, type Keys } from './console-fixtures.ts';

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

/** A paid mail order with a refund request of `amountSen` (default: all of it). */
async function requested(amountSen?: number) {
  const orderNo = await paidOrder(api, k.customer, mailOrder());
  const asked = await call(REFUND, { orderNo, reason: 'The blades do not fit', contact: '0123456789', ...(amountSen ? { amountSen } : {}) }, k.customer);
  expect(asked.code, asked.msg).toBe(200);
  return { orderNo, paidSen: (await orderState(api, orderNo)).paid_sen };
}

describe('console/refunds/review', () => {
  test('a full approval goes to the sandbox, which pays at once through its callback: refund COMPLETED, order REFUNDED, SMS on decision and payment', async () => {
    const { orderNo, paidSen } = await requested();
    const approved = await call(C.review, { orderNo, decision: 'approve', note: 'Sorry about that' }, k.admin);
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    const seen = await call(FIND, { orderNo }, k.customer);
    expect(seen.data).toMatchObject({ status: 'REFUNDED', refundedSen: paidSen });
    expect(seen.data.refunds[0]).toMatchObject({ status: 'COMPLETED', amountSen: paidSen });
    expect(seen.data.refunds[0].history.map((h: { status: string }) => h.status)).toEqual(['PENDING_REVIEW', 'REVIEWED', 'PROCESSING', 'COMPLETED']);
    expect(seen.data.notices.map((n: { kind: string }) => n.kind)).toEqual(expect.arrayContaining(['refundDecided', 'refundPaid']));
    expect(await count(api, sql`select count(*)::int as n from sandbox_refunds`)).toBe(1);
    const [row] = await auditRows(api, 'console/refunds/review');
    expect(row).toMatchObject({ role: 'admin', order_no: orderNo, refund_no: `${orderNo}-R1`, details: expect.objectContaining({ decision: 'approve', amountSen: paidSen }) });
  });

  test('a lower amount is returned and the order stays; above what was asked is refused with 807 and nothing moves', async () => {
    const { orderNo, paidSen } = await requested(1000);
    const above = await call(C.review, { orderNo, decision: 'approve', amountSen: 1001 }, k.admin);
    expect(above).toMatchObject({ code: 807, msg: 'You can approve at most RM 10.00: what the customer asked for and what is still refundable.' });
    expect(await auditRows(api)).toEqual([]);
    const approved = await call(C.review, { orderNo, decision: 'approve', amountSen: 600, note: 'Half the blades' }, k.admin);
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    const state = await orderState(api, orderNo);
    expect(state).toMatchObject({ status: 'UPCOMING', refunded_sen: 600, paid_sen: paidSen });
    const again = await call(C.review, { orderNo, decision: 'approve' }, k.admin);
    expect(again.code).toBe(807);
  });

  test('less than was asked needs a note the customer reads: without one it is refused with 807 and nothing moves', async () => {
    const { orderNo, paidSen } = await requested(1000);
    for (const note of [undefined, '', '   ']) {
      const bare = await call(C.review, { orderNo, decision: 'approve', amountSen: 600, ...(note === undefined ? {} : { note }) }, k.admin);
      expect(bare).toMatchObject({ code: 807, msg: 'Please tell the customer why less than they asked for is refunded.', data: { field: 'note' } });
    }
    const inMalay = await call(C.review, { orderNo, decision: 'approve', amountSen: 600 }, k.admin, 'ms_my');
    expect(inMalay).toMatchObject({ code: 807, msg: 'Sila beritahu pelanggan mengapa jumlah bayaran balik kurang daripada yang dipohon.' });
    expect(await auditRows(api)).toEqual([]);
    expect(await count(api, sql`select count(*)::int as n from sandbox_refunds`)).toBe(0);
    const seen = await call(FIND, { orderNo }, k.customer);
    expect(seen.data.refunds[0]).toMatchObject({ status: 'PENDING_REVIEW', amountSen: 1000 });
    expect(seen.data.notices.map((n: { kind: string }) => n.kind)).not.toContain('refundDecided');
    // All that was asked needs no note.
    const whole = await call(C.review, { orderNo, decision: 'approve', amountSen: 1000 }, k.admin);
    expect(whole.code, whole.msg).toBe(200);
    await api.payments.idle();
    expect(await orderState(api, orderNo)).toMatchObject({ refunded_sen: 1000, paid_sen: paidSen });
  });

  test('a rejection needs a note, which the customer reads; workshop staff may not decide', async () => {
    const { orderNo } = await requested();
    expect((await call(C.review, { orderNo, decision: 'approve' }, k.ss2)).code).toBe(403);
    expect(await call(C.review, { orderNo, decision: 'reject' }, k.admin)).toMatchObject({ code: 807 });
    expect(await call(C.review, { orderNo, decision: 'maybe', note: 'x' }, k.admin)).toMatchObject({ code: 400, msg: 'Choose approve or reject.' });
    const rejected = await call(C.review, { orderNo, decision: 'reject', note: 'The blades were used for a month' }, k.admin);
    expect(rejected.code, rejected.msg).toBe(200);
    const seen = await call(FIND, { orderNo }, k.customer);
    expect(seen.data.refunds[0]).toMatchObject({ status: 'REJECTED' });
    expect(seen.data.refunds[0].history.at(-1).note).toBe('The blades were used for a month');
    expect(api.smsLines.at(-1)).toContain('The blades were used for a month');
    expect(await count(api, sql`select count(*)::int as n from sandbox_refunds`)).toBe(0);
    expect((await auditRows(api)).map((r) => r.details.decision)).toEqual(['reject']);
  });
});

describe('console/refunds/page', () => {
  test('requests waiting for review, oldest first, with the 3-working-day deadline and a late flag', async () => {
    const first = await requested();
    api.advance(3600);
    const second = await requested();
    const queue = await call(C.refunds, { pageNum: 1, pageSize: 10 }, k.admin);
    expect(queue.code, queue.msg).toBe(200);
    expect(queue.data.list.map((r: { orderNo: string }) => r.orderNo)).toEqual([first.orderNo, second.orderNo]);
    // Requested on Monday 2 June 2025: due by the end of Thursday 5 June, KL time.
    expect(queue.data.list[0]).toMatchObject({ deadline: '2025-06-05T15:59:59.999Z', late: false, refund: { reason: 'The blades do not fit', status: 'PENDING_REVIEW' } });
    // The decisions the state table allows, and the most an approval may be: the page shows these.
    expect(queue.data.list[0]).toMatchObject({ approvableSen: first.paidSen, actions: { approve: true, reject: true } });
    // What was bought, so the request can be judged against it, in the admin's language.
    expect(queue.data.list[0].lines).toMatchObject([{ name: 'Bosch AeroTwin wiper blades', quantity: 1 }]);
    const inChinese = await call(C.refunds, { pageNum: 1, pageSize: 10 }, k.admin, 'zh_cn');
    expect(inChinese.data.list[0].lines).toMatchObject([{ name: 'Bosch AeroTwin 雨刮', quantity: 1 }]);
    api.advance(4 * DAY_SECONDS);
    const later = await call(C.refunds, { pageNum: 1, pageSize: 10 }, k.admin);
    expect(later.data.list.map((r: { late: boolean }) => r.late)).toEqual([true, true]);
    expect((await call(C.refunds, { pageNum: 1, pageSize: 10 }, k.ss2)).code).toBe(403);
  });
});


/**
 * With Stripe as the provider, on this file's database: the refund goes through
 * stripe.refunds.create (to a local double of Stripe's API) and completes only when Stripe's
 * signed webhook says so.
 */
describe('with Stripe as the payment provider', () => {
  const WEBHOOK_SECRET = 'whsec_console_test';
  let double: StripeDouble;
  let payments: ReturnType<typeof stripeProvider>;
  let app: ReturnType<typeof createApi>;
  beforeAll(async () => {
    double = await startStripeDouble();
    const now = () => START;
    payments = stripeProvider({ secretKey: 'sk_test_console', webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: double.port, protocol: 'http', now });
    app = createApi({ db: api.db, indexes: api.indexes, sms: consoleSms(() => {}), secret: TEST_SECRET, now, payments, einvoice: api.einvoice });
  });
  afterAll(() => double?.close());

  async function stripeCall(path: string, body: unknown, userKey?: string) {
    const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(userKey ? { Authorization: userKey } : {}) }, body: JSON.stringify(body) });
    return (await res.json()) as { code: number; msg: string; data: any };
  }
  function webhook(type: string, object: object) {
    const payload = JSON.stringify({ id: `evt_${type}_${Math.random().toString(36).slice(2)}`, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(START.getTime() / 1000), type, data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(START.getTime() / 1000) });
    return app.request('/api/pay/callback/stripe', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
  }
  /** A mail order paid by card on Stripe, with a refund request for all of it. */
  async function paidWithStripe() {
    const orderNo = (await stripeCall(ADD, mailOrder(), k.customer)).data.orderNo as string;
    expect((await stripeCall(PAY, { orderNo, payMethod: 'card' }, k.customer)).code).toBe(200);
    const sessionId = [...double.sessions.keys()].at(-1)!;
    double.pay(sessionId);
    expect((await webhook('checkout.session.completed', double.sessions.get(sessionId)!)).status).toBe(200);
    expect((await stripeCall(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789' }, k.customer)).code).toBe(200);
    return { orderNo, paidSen: (await orderState(api, orderNo)).paid_sen };
  }
  test('an approved refund goes to stripe.refunds.create and completes on the refund.updated webhook: order REFUNDED', async () => {
    const { orderNo, paidSen } = await paidWithStripe();
    const before = double.requests.filter((r) => r.path === '/v1/refunds').length;
    const approved = await stripeCall(C.review, { orderNo, decision: 'approve', note: '' }, k.admin);
    expect(approved.code, approved.msg).toBe(200);
    const sent = double.requests.filter((r) => r.path === '/v1/refunds').slice(before);
    expect(sent).toHaveLength(1);
    expect(Number(sent[0]!.form.get('amount'))).toBe(paidSen);
    expect(approved.data.refunds[0].status).toBe('PROCESSING');
    expect(approved.data.status).toBe('UPCOMING');

    const metadata = Object.fromEntries([...sent[0]!.form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]));
    const refund = { id: 're_test_console', object: 'refund', amount: paidSen, currency: 'myr', status: 'succeeded', metadata };
    expect((await webhook('refund.updated', refund)).status).toBe(200);
    const seen = await stripeCall(FIND, { orderNo }, k.customer);
    expect(seen.data).toMatchObject({ status: 'REFUNDED', refundedSen: paidSen });
    expect(seen.data.refunds[0].status).toBe('COMPLETED');
    // The same webhook again changes nothing.
    expect((await webhook('refund.updated', refund)).status).toBe(200);
    expect((await stripeCall(FIND, { orderNo }, k.customer)).data.refundedSen).toBe(paidSen);
  });

  test('a refund Stripe could not take at approval stays REVIEWED and is sent again by the job worker, once', async () => {
    const { orderNo } = await paidWithStripe();

    const before = double.requests.filter((r) => r.path === '/v1/refunds').length;
    double.answerNext(500, { error: { type: 'api_error', message: 'Stripe is having a moment' } }, { 'Stripe-Should-Retry': 'false' });
    const approved = await stripeCall(C.review, { orderNo, decision: 'approve', note: '' }, k.admin);
    expect(approved.code, approved.msg).toBe(200);
    expect(approved.data.refunds[0].status).toBe('REVIEWED');
    expect(double.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(before);

    const handlers = { [REFUND_SEND_JOB]: refundSendHandler({ db: api.db, payments, now: () => START }) };
    await runDueJobs(api.db, handlers, new Date(START.getTime() + 3600_000));
    const seen = await stripeCall(FIND, { orderNo }, k.customer);
    expect(seen.data.refunds[0].status).toBe('PROCESSING');
    // One refund asked of Stripe, by the job; the other job found it sent and did nothing.
    expect(double.requests.filter((r) => r.path === '/v1/refunds').slice(before)).toHaveLength(1);
  });
});

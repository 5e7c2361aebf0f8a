import Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { toE164 } from '../../contract/phone.ts';
import { createApi } from '../../server/app.ts';
import { loadIndexes } from '../../server/indexes.ts';
import { stripeProvider } from '../../server/providers/payment/stripe/provider.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { REFUND_SEND_JOB, refundSendHandler } from '../../server/flows/console/refunds.ts';
import { START, startApi, TEST_SECRET, type TestApi } from './harness.ts';
import { ADD, FIND, mailOrder, PAY } from './order-fixtures.ts';
import { REFUND } from './my-orders-fixtures.ts';
import { ADMIN_PHONE, C } from './console-fixtures.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double.ts';

/**
 * An approval with Stripe as the provider: the refund goes through stripe.refunds.create (to a
 * local double of Stripe's API) and completes only when Stripe's signed webhook says so.
 */

const WEBHOOK_SECRET = 'whsec_console_test';
let double: StripeDouble;
let base: TestApi;
let app: ReturnType<typeof createApi>;
const smsLines: string[] = [];
let payments: ReturnType<typeof stripeProvider>;
let customer: string;
let admin: string;

beforeAll(async () => {
  double = await startStripeDouble();
  // The harness's database, emptied and loaded with content/, under an app paying with Stripe.
  base = await startApi();
  const now = () => START;
  payments = stripeProvider({ secretKey: 'sk_test_console', webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: double.port, protocol: 'http', now });
  app = createApi({ db: base.db, indexes: await loadIndexes(base.db), sms: consoleSms((l) => smsLines.push(l)), secret: TEST_SECRET, now, payments });
  customer = await login('0123456789');
  admin = await login(ADMIN_PHONE.replace(/[\s-]/g, ''));
});
afterAll(async () => {
  await base?.close();
  await double?.close();
});

async function call(path: string, body: unknown, userKey?: string) {
  const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(userKey ? { Authorization: userKey } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; msg: string; data: any };
}
async function login(phone: string) {
  await call('/api/app/user/send/sms', { phone });
  const code = smsLines.findLast((l) => l.startsWith(`[sms] OTP for ${toE164(phone)}: `))!.split(': ')[1];
  return (await call('/api/app/user/client-login', { phone, code })).data.userKey as string;
}
function webhook(type: string, object: object) {
  const payload = JSON.stringify({ id: `evt_${type}_${Math.random().toString(36).slice(2)}`, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(START.getTime() / 1000), type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(START.getTime() / 1000) });
  return app.request('/api/pay/callback/stripe', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
}

test('an approved refund goes to stripe.refunds.create and completes on the refund.updated webhook: order REFUNDED', async () => {
  const placed = await call(ADD, mailOrder(), customer);
  const orderNo = placed.data.orderNo as string;
  expect((await call(PAY, { orderNo, payMethod: 'card' }, customer)).code).toBe(200);
  const [sessionId] = [...double.sessions.keys()];
  double.pay(sessionId!);
  expect((await webhook('checkout.session.completed', double.sessions.get(sessionId!)!)).status).toBe(200);
  const paidSen = (await call(FIND, { orderNo }, customer)).data.paidSen as number;
  expect(paidSen).toBeGreaterThan(0);

  expect((await call(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789' }, customer)).code).toBe(200);
  const approved = await call(C.review, { orderNo, decision: 'approve', note: '' }, admin);
  expect(approved.code, approved.msg).toBe(200);
  const sent = double.requests.filter((r) => r.path === '/v1/refunds');
  expect(sent).toHaveLength(1);
  expect(Number(sent[0]!.form.get('amount'))).toBe(paidSen);
  expect(approved.data.refunds[0].status).toBe('PROCESSING');
  expect(approved.data.status).toBe('UPCOMING');

  const metadata = Object.fromEntries([...sent[0]!.form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]));
  const refund = { id: 're_test_console', object: 'refund', amount: paidSen, currency: 'myr', status: 'succeeded', metadata };
  expect((await webhook('refund.updated', refund)).status).toBe(200);
  const seen = await call(FIND, { orderNo }, customer);
  expect(seen.data).toMatchObject({ status: 'REFUNDED', refundedSen: paidSen });
  expect(seen.data.refunds[0].status).toBe('COMPLETED');
  // The same webhook again changes nothing.
  expect((await webhook('refund.updated', refund)).status).toBe(200);
  expect((await call(FIND, { orderNo }, customer)).data.refundedSen).toBe(paidSen);
});

test('a refund Stripe could not take at approval stays REVIEWED and is sent again by the job worker, once', async () => {
  const orderNo = (await call(ADD, mailOrder(), customer)).data.orderNo as string;
  await call(PAY, { orderNo, payMethod: 'card' }, customer);
  const sessionId = [...double.sessions.keys()].at(-1)!;
  double.pay(sessionId);
  await webhook('checkout.session.completed', double.sessions.get(sessionId)!);
  await call(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789' }, customer);

  const before = double.requests.filter((r) => r.path === '/v1/refunds').length;
  double.answerNext(500, { error: { type: 'api_error', message: 'Stripe is having a moment' } }, { 'Stripe-Should-Retry': 'false' });
  const approved = await call(C.review, { orderNo, decision: 'approve', note: '' }, admin);
  expect(approved.code, approved.msg).toBe(200);
  expect(approved.data.refunds[0].status).toBe('REVIEWED');
  expect(double.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(before);

  const handlers = { [REFUND_SEND_JOB]: refundSendHandler({ db: base.db, payments, now: () => START }) };
  await runDueJobs(base.db, handlers, new Date(START.getTime() + 3600_000));
  const seen = await call(FIND, { orderNo }, customer);
  expect(seen.data.refunds[0].status).toBe('PROCESSING');
  // One refund asked of Stripe, by the job; the other job found it sent and did nothing.
  expect(double.requests.filter((r) => r.path === '/v1/refunds').slice(before)).toHaveLength(1);
});

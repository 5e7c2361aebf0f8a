import { eq, sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createApi } from '../../server/app.ts';
import { contentSeller, einvoiceSeller, shopEinvoice } from '../../server/flows/einvoice-setup.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { jobRegistry } from '../../server/jobs/registry.ts';
import { QR_SECONDS } from '../../dev/doubles/curlec/store.ts';
import { curlecDoubleOrders, curlecDoublePayments, curlecDoubleWebhooks } from '../../dev/doubles/curlec/schema.ts';
import { curlecProvider, type CurlecProvider } from '../../server/providers/payment/curlec/provider.ts';
import { consoleEmail } from '../../server/providers/email/console.ts';
import { consoleSms } from '../../server/providers/sms/console.ts';
import { storageFromEnv } from '../../server/storage/index.ts';
import { startCurlecDouble, type CurlecDouble, type CurlecWebhook } from './curlec-double.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import { startApi, TEST_SECRET, type TestApi } from './harness.ts';
import { CANCEL, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { ADD, FIND, latestPaymentOf, mailOrder, PAY, rows } from './order-fixtures.ts';

/**
 * DuitNow QR on the shop's own page, through Curlec's server-to-server JSON API (the Curlec
 * double, on the test's clock): Pay makes a Curlec order and a DuitNow payment, the customer is sent to the shop's QR
 * page, and orderPayQr answers the QR to draw while the webhook or Curlec itself tells the
 * shop it was paid, once.
 */

const PAY_QR = '/api/app/order/vehicle/order/app/pay/duitnow';
const contentDir = fileURLToPath(new URL('../../content', import.meta.url));
const MERCHANT = contentSeller(contentDir).legalName;

let api: TestApi;
let double: CurlecDouble;
/** Where the shop believes Curlec is: each test's own double answers there. */
const CURLEC = 'http://curlec.test';
let provider: CurlecProvider;
let app: ReturnType<typeof createApi>;
let runJobs: () => Promise<number>;
let k: Keys;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
  const now = () => api.now();
  double = await startCurlecDouble({ now });
  const toDouble: typeof fetch = (input, init) => fetch(String(input).replace(CURLEC, double.base), init);
  provider = curlecProvider({ keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret, apiBase: CURLEC, fetch: toDouble, now });
  const sms = consoleSms(() => {});
  app = createApi({ db: api.db, indexes: api.indexes, sms, secret: TEST_SECRET, now, payments: provider, einvoice: api.einvoice });
  const jobs = jobRegistry({
    db: api.db,
    indexes: api.indexes,
    sms,
    whatsapp: null,
    email: consoleEmail(() => {}),
    payments: provider,
    storage: storageFromEnv(),
    einvoice: api.einvoice,
    einvoicing: shopEinvoice(api.einvoice, () => contentSeller(contentDir)),
    einvoiceSeller: async () => einvoiceSeller(contentSeller(contentDir)),
    now,
    log: () => {},
  });
  runJobs = () => runDueJobs(api.db, jobs, now());
});
afterAll(async () => {
  await api?.close();
  await double?.close();
});
beforeEach(async () => {
  // Each test's clock starts at the same time: Curlec's books start empty too.
  await double.reset();
  await api.reset();
  k = await staffKeys(api);
});

async function call(path: string, body: unknown, userKey: string, language = 'en_us') {
  const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: userKey, language }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** Curlec's webhook, delivered to the shop's Curlec webhook address. */
async function deliver(hook: CurlecWebhook) {
  const paths = app.routes.map((r) => r.path);
  const path = paths.includes('/api/payment/curlec/webhook') ? '/api/payment/curlec/webhook' : '/api/pay/callback/curlec';
  return app.request(path, { method: 'POST', headers: hook.headers, body: hook.rawBody });
}

const find = async (orderNo: string) => (await call(FIND, { orderNo }, k.customer)).data;
const qrOf = (orderNo: string, userKey = k.customer) => call(PAY_QR, { orderNo }, userKey);

/** A mail order placed and paid by DuitNow QR: its number, total and the Curlec order of its QR. */
async function payByQr(language = 'en_us') {
  const placed = await call(ADD, mailOrder(), k.customer);
  expect(placed.code, placed.msg).toBe(200);
  const orderNo = placed.data.orderNo as string;
  return { orderNo, ...(await payAgain(orderNo, language)) };
}

async function payAgain(orderNo: string, language = 'en_us') {
  const pay = await call(PAY, { orderNo, payMethod: 'duitnow' }, k.customer, language);
  expect(pay.code, pay.msg).toBe(200);
  const payment = await latestPaymentOf(api, orderNo);
  return { redirectUrl: pay.data.redirectUrl as string, curlecOrder: payment.provider_ref, paymentId: payment.id, totalSen: payment.amount_sen };
}

/** Curlec's order, as its books keep it. */
async function curlecOrderOf(id: string) {
  const [row] = await double.db.select().from(curlecDoubleOrders).where(eq(curlecDoubleOrders.id, id));
  return row?.entity;
}

/** The DuitNow payment made on a Curlec order. */
async function qrPaymentOf(orderId: string) {
  const [row] = await double.db.select().from(curlecDoublePayments).where(eq(curlecDoublePayments.orderId, orderId));
  return row!.entity as Record<string, any>;
}

/** The tester marks the order's QR paid: Curlec's payment.captured, sent twice under one event id. */
async function payQr(orderId: string): Promise<CurlecWebhook[]> {
  const { webhooks } = await double.settleQr((await qrPaymentOf(orderId)).id, 'paid');
  expect(webhooks).toHaveLength(2);
  expect(webhooks[0]!.headers['x-razorpay-event-id']).toBe(webhooks[1]!.headers['x-razorpay-event-id']);
  return webhooks;
}

/** Curlec's books say something else of the QR's payment (a status, no expiry Curlec's side). */
async function curlecSays(orderId: string, change: Record<string, unknown>, createdAt?: number) {
  const payment = await qrPaymentOf(orderId);
  await double.db
    .update(curlecDoublePayments)
    .set({ ...(typeof change.status === 'string' ? { status: change.status } : {}), ...(createdAt ? { createdAt } : {}), entity: { ...payment, ...change } })
    .where(eq(curlecDoublePayments.id, payment.id));
}

const refundOf = async () => {
  const all = await double.refunds.all();
  expect(all).toHaveLength(1);
  return all[0]!;
};

const succeededPayments = (orderNo: string) => rows<{ n: number }>(api, sql`select count(*)::int as n from payments where order_no = ${orderNo} and state = 'succeeded'`);

describe('paying by DuitNow QR on the shop’s own page', () => {
  test('Pay sends the customer to the shop’s QR page, which shows the QR, the amount, the merchant and when the QR expires', async () => {
    const { orderNo, redirectUrl, curlecOrder, paymentId, totalSen } = await payByQr();
    expect(redirectUrl).toBe(`http://localhost/pc/pay/duitnow?orderNo=${orderNo}`);
    expect(curlecOrder).toMatch(/^order_/);
    expect(await curlecOrderOf(curlecOrder)).toMatchObject({ amount: totalSen, currency: 'MYR', receipt: paymentId, notes: { orderNo, paymentId } });
    const qrPayment = await qrPaymentOf(curlecOrder);
    expect(qrPayment).toMatchObject({ method: 'duitnow', amount: totalSen, order_id: curlecOrder, status: 'created', notes: { orderNo, paymentId } });
    // The QR's text as Curlec's answer gave it: an EMVCo DuitNow payload naming its payment.
    const qrText = new RegExp(`^000201.*MY\\.DUITNOW.*${qrPayment.id}`);

    const shown = await qrOf(orderNo);
    expect(shown).toMatchObject({ code: 200 });
    expect(shown.data).toEqual({
      orderNo,
      amountSen: totalSen,
      merchantName: MERCHANT,
      qrText: expect.stringMatching(qrText),
      expiresAt: new Date(api.now().getTime() + QR_SECONDS * 1000).toISOString(),
      status: 'PENDING',
    });

    // Paying again in Malay a moment later: the QR page in Malay, with the new QR.
    api.advance(20);
    const again = await payAgain(orderNo, 'ms_my');
    expect(again.redirectUrl).toBe(`http://localhost/pc/ms/pay/duitnow?orderNo=${orderNo}`);
    const newer = (await qrOf(orderNo)).data;
    expect(newer.status).toBe('PENDING');
    expect(newer.qrText).not.toBe(shown.data.qrText);
    api.advance(20);
    expect((await payAgain(orderNo, 'zh_cn')).redirectUrl).toBe(`http://localhost/pc/zh-cn/pay/duitnow?orderNo=${orderNo}`);
  });

  test('paid: Curlec’s webhook sent twice under one event id records the payment once, and the QR page says PAID without the QR', async () => {
    const { orderNo, curlecOrder, totalSen } = await payByQr();
    const hooks = await payQr(curlecOrder);
    for (const hook of hooks) expect((await deliver(hook)).status).toBe(200);

    const order = await find(orderNo);
    expect(order.status).not.toBe('PENDING_PAYMENT');
    expect(order.money).toMatchObject({ paidSen: totalSen, toReturnSen: 0 });
    expect(await succeededPayments(orderNo)).toEqual([{ n: 1 }]);
    const events = await rows<{ outcome: string; repeats: number }>(api, sql`select outcome, repeats from payment_events where event_id = ${hooks[0]!.headers['x-razorpay-event-id']!}`);
    expect(events).toEqual([{ outcome: 'applied', repeats: 1 }]);

    expect((await qrOf(orderNo)).data).toMatchObject({ orderNo, status: 'PAID', qrText: null, amountSen: totalSen });
  });

  test('paid while the webhook is late: the QR page asks Curlec and records it; the webhook then changes nothing', async () => {
    const { orderNo, curlecOrder, totalSen } = await payByQr();
    const hooks = await payQr(curlecOrder);
    expect((await qrOf(orderNo)).data).toMatchObject({ status: 'PAID', qrText: null });
    expect((await find(orderNo)).money).toMatchObject({ paidSen: totalSen });

    for (const hook of hooks) expect((await deliver(hook)).status).toBe(200);
    expect((await find(orderNo)).money).toMatchObject({ paidSen: totalSen, toReturnSen: 0 });
    expect(await succeededPayments(orderNo)).toEqual([{ n: 1 }]);
  });

  test('a QR nobody pays in time answers EXPIRED; the order stays payable and a new Pay makes a new QR', async () => {
    const { orderNo } = await payByQr();
    const first = (await qrOf(orderNo)).data;
    api.advance(QR_SECONDS + 1);
    expect((await qrOf(orderNo)).data).toMatchObject({ status: 'EXPIRED', qrText: null, expiresAt: first.expiresAt });
    const order = await find(orderNo);
    expect(order.status).toBe('PENDING_PAYMENT');
    expect(order.actions.pay).toBe(true);

    await payAgain(orderNo);
    const second = (await qrOf(orderNo)).data;
    expect(second).toMatchObject({ status: 'PENDING', qrText: expect.any(String) });
    expect(second.qrText).not.toBe(first.qrText);
    expect(new Date(second.expiresAt).getTime()).toBeGreaterThan(new Date(first.expiresAt).getTime());
  });

  test('a QR past its time is EXPIRED on the QR page even while Curlec lists its payment as created, naming no expiry', async () => {
    const { orderNo, curlecOrder } = await payByQr();
    // Curlec's books are slow to lapse the payment: it stays created for an hour more.
    await curlecSays(curlecOrder, {}, (await qrPaymentOf(curlecOrder)).created_at + 3600);
    api.advance(QR_SECONDS - 1);
    expect((await qrOf(orderNo)).data).toMatchObject({ status: 'PENDING' });
    api.advance(1);
    expect((await qrOf(orderNo)).data).toMatchObject({ status: 'EXPIRED', qrText: null });
    expect(await qrPaymentOf(curlecOrder)).toMatchObject({ status: 'created' });
    expect((await find(orderNo)).actions.pay).toBe(true);
  });

  test('a QR Curlec lists as failed, with no reason, once its time is over is EXPIRED', async () => {
    const { orderNo, curlecOrder } = await payByQr();
    api.advance(QR_SECONDS);
    await curlecSays(curlecOrder, { status: 'failed' });
    expect((await qrOf(orderNo)).data).toMatchObject({ status: 'EXPIRED', qrText: null });
  });

  test('Curlec’s payment.failed for a QR that lapsed makes it EXPIRED, the order still payable', async () => {
    const { orderNo, curlecOrder } = await payByQr();
    api.advance(QR_SECONDS);
    // Curlec lapses the QR's payment (here when it is next asked about) and sends payment.failed.
    const lapsed = await double.server.app.request(`/v1/payments/${(await qrPaymentOf(curlecOrder)).id}`, {
      headers: { authorization: `Basic ${Buffer.from(`${double.keyId}:${double.keySecret}`).toString('base64')}` },
    });
    expect(await lapsed.json()).toMatchObject({ status: 'failed', error_reason: 'payment_timed_out' });
    const [failed] = await double.db.select().from(curlecDoubleWebhooks).where(eq(curlecDoubleWebhooks.event, 'payment.failed'));
    const hook = { rawBody: failed!.rawBody, headers: { 'content-type': 'application/json', 'x-razorpay-signature': failed!.signature, 'x-razorpay-event-id': failed!.eventId } };
    expect((await deliver(hook)).status).toBe(200);
    expect(await latestPaymentOf(api, orderNo)).toMatchObject({ state: 'expired' });
    expect((await qrOf(orderNo)).data).toMatchObject({ status: 'EXPIRED', qrText: null });
    expect((await find(orderNo)).actions.pay).toBe(true);
  });

  test('a QR paid after the customer cancelled the order goes back to the payment by itself', async () => {
    const { orderNo, curlecOrder, totalSen } = await payByQr();
    expect((await call(CANCEL, { orderNo, reason: 'Bought them elsewhere' }, k.customer)).code).toBe(200);
    // Nothing to cancel at Curlec: the QR can still be scanned until it expires.
    for (const hook of await payQr(curlecOrder)) expect((await deliver(hook)).status).toBe(200);
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED', money: { paidSen: totalSen, toReturnSen: totalSen } });

    await runJobs();
    const qrPayment = await qrPaymentOf(curlecOrder);
    const refund = await refundOf();
    expect(refund).toMatchObject({ payment_id: qrPayment.id, amount: totalSen });
    const asked = (await double.requests.all()).find((r) => r.path === `/v1/payments/${qrPayment.id}/refund`)!;
    expect(asked.idempotencyKey).toMatch(/^refund_[\w-]{10,}$/);

    expect((await deliver(await double.settleRefund(refund.id, 'processed'))).status).toBe(200);
    expect((await find(orderNo)).money).toMatchObject({ paidSen: totalSen, returnedSen: totalSen, toReturnSen: 0 });
  });

  test('a refund of a QR payment goes to the payment that paid the QR and completes by Curlec’s webhook', async () => {
    const { orderNo, curlecOrder, totalSen } = await payByQr();
    for (const hook of await payQr(curlecOrder)) expect((await deliver(hook)).status).toBe(200);
    const asked = await call(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789' }, k.customer);
    expect(asked.code, asked.msg).toBe(200);
    const approved = await call(C.review, { orderNo, decision: 'approve', note: '' }, k.admin);
    expect(approved.code, approved.msg).toBe(200);
    expect(approved.data.refunds[0].status).toBe('PROCESSING');

    const qrPayment = await qrPaymentOf(curlecOrder);
    const refund = await refundOf();
    expect(refund).toMatchObject({ payment_id: qrPayment.id, amount: totalSen, notes: expect.objectContaining({ qrOrderId: curlecOrder }) });
    expect((await deliver(await double.settleRefund(refund.id, 'processed'))).status).toBe(200);
    const done = await find(orderNo);
    expect(done.refunds[0].status).toBe('COMPLETED');
    expect(done.money).toMatchObject({ returnedSen: totalSen });
  });

  test('another customer’s order, or one with no DuitNow QR, answers 404', async () => {
    const { orderNo } = await payByQr();
    const other = (await api.login('0198765432', { address: '10.0.0.9' })).userKey;
    const notFound = { code: 404, data: { field: 'orderNo' } };
    expect(await qrOf(orderNo, other)).toMatchObject(notFound);
    const unpaid = (await call(ADD, mailOrder(), k.customer)).data.orderNo as string;
    expect(await qrOf(unpaid)).toMatchObject(notFound);
    expect(await qrOf('SV250602999999')).toMatchObject(notFound);
  });
});

describe('reconciliation', () => {
  test('Curlec’s books list each QR order by the shop’s reference, and a QR payment’s refund under its order', async () => {
    const { curlecOrder, totalSen } = await payByQr();
    for (const hook of await payQr(curlecOrder)) expect((await deliver(hook)).status).toBe(200);
    const refund = await provider.refund({ providerRef: curlecOrder, amountSen: 1_000, refundId: 'refund-qr-reconcile' });
    const listing = await provider.listSince!(new Date(api.now().getTime() - 60_000));
    expect(listing.payments).toEqual([{ ref: curlecOrder, amountSen: totalSen, currency: 'MYR', state: 'paid', paidAt: null }]);
    expect(listing.refunds).toEqual([{ ref: refund.providerRefundRef, paymentRef: curlecOrder, amountSen: 1_000, state: 'pending' }]);
  });
});

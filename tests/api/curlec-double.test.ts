import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { migrateDoubles } from '../../dev/doubles/migrate.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { createCurlecDouble } from '../../dev/doubles/curlec/index.ts';
import { verifyLinkReturn, webhookSignatureHolds } from '../../server/providers/payment/curlec/signatures.ts';
import { startCurlecDouble, type CurlecDouble, type CurlecWebhook } from './curlec-double.ts';
import { startApi } from './harness.ts';
import { DOUBLE_KEYS, DOUBLE_PATH } from '../../dev/doubles/curlec/index.ts';

/** The Curlec double itself: Curlec's answers, errors, pages, webhooks and signatures, kept in the database. */

/** A shop that takes webhooks (or answers `status` while it is set). */
interface Shop {
  url: string;
  received: CurlecWebhook[];
  status: number;
  server: Server;
}
async function startShop(): Promise<Shop> {
  const shop = { received: [] as CurlecWebhook[], status: 200 } as Shop;
  shop.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (shop.status < 300) shop.received.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])) });
      res.writeHead(shop.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve));
  shop.url = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}/api/payment/curlec/webhook`;
  return shop;
}

let shop: Shop;
let double: CurlecDouble;
beforeAll(async () => {
  shop = await startShop();
  double = await startCurlecDouble({ webhookUrl: shop.url, lateMs: 60_000 });
});
afterAll(async () => {
  await double.close();
  await new Promise((resolve) => shop.server.close(resolve));
});
beforeEach(() => {
  shop.received.length = 0;
  shop.status = 200;
});

const auth = (secret = double.keySecret) => `Basic ${Buffer.from(`${double.keyId}:${secret}`).toString('base64')}`;
async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${double.base}${path}`, {
    method,
    headers: { authorization: auth(), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}
let n = 0;
const newLink = async (fields: Record<string, unknown> = {}) => {
  n++;
  const created = await api('POST', '/v1/payment_links', {
    amount: 15_900,
    currency: 'MYR',
    reference_id: `pay-double-${n}-${Date.now()}`,
    description: `Servauto order SA${n}`,
    expire_by: Math.floor(Date.now() / 1000) + 3600,
    customer: { name: 'Ali', contact: '+60123456789' },
    notify: { sms: false, email: false },
    callback_url: 'https://shop.example/pc/pages?orderNo=SA1',
    callback_method: 'get',
    notes: { orderNo: `SA${n}`, paymentId: `pay-double-${n}` },
    ...fields,
  });
  expect(created.status).toBe(200);
  return created.body as { id: string; short_url: string; reference_id: string; order_id: string };
};
const eventOf = (hook: CurlecWebhook) => JSON.parse(hook.rawBody) as { event: string; payload: Record<string, { entity: any }> };

describe('the API answers as Curlec documents it', () => {
  test('a wrong key is 401 with Curlec’s error body, and nothing is made', async () => {
    const refused = await api('POST', '/v1/payment_links', { amount: 1000, currency: 'MYR' }, { authorization: auth('not-the-secret') });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', field: null, source: 'NA', step: 'NA', reason: 'NA', metadata: {} }) });
    expect(await double.links.all()).not.toContainEqual(expect.objectContaining({ amount: 1000 }));
  });

  test('an amount that is not whole sen, or below RM 1.00, is 400 naming the amount', async () => {
    for (const amount of [99, 150.5, '1000']) {
      const refused = await api('POST', '/v1/payment_links', { amount, currency: 'MYR' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'amount', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' });
    }
    expect((await api('POST', '/v1/orders', { amount: 50, currency: 'MYR', receipt: 'r1' })).body.error.field).toBe('amount');
  });

  test('an unknown id is “The id provided does not exist”', async () => {
    for (const path of ['/v1/payment_links/plink_Unknown000001', '/v1/payments/pay_Unknown000001', '/v1/refunds/rfnd_Unknown000001', '/v1/orders/order_Unknown000001']) {
      const answer = await api('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' });
    }
    expect((await api('POST', '/v1/payment_links/plink_Unknown000001/cancel')).status).toBe(404);
  });

  test('a second link with the same reference_id is refused; only an open link can be cancelled', async () => {
    const link = await newLink();
    expect((await api('POST', '/v1/payment_links', { amount: 15_900, currency: 'MYR', reference_id: link.reference_id })).body.error.field).toBe('reference_id');
    expect((await api('POST', `/v1/payment_links/${link.id}/cancel`)).body).toMatchObject({ id: link.id, status: 'cancelled' });
    const again = await api('POST', `/v1/payment_links/${link.id}/cancel`);
    expect(again.status).toBe(400);
    expect(again.body.error.description).toContain('cancelled');
  });

  test('a refund under one key is made once; more than the payment can still return is 400 on the amount', async () => {
    const link = await newLink();
    const { paymentId } = await double.pay(link.id, { method: 'card', cardType: 'debit' });
    const ask = (amount: number, key: string) => api('POST', `/v1/payments/${paymentId}/refund`, { amount, notes: { refundId: key } }, { 'x-refund-idempotency': key });
    const first = await ask(10_000, 'refund_key_0001');
    expect(first.body).toMatchObject({ entity: 'refund', amount: 10_000, payment_id: paymentId, status: 'pending' });
    expect((await ask(10_000, 'refund_key_0001')).body).toEqual(first.body);
    expect((await double.refunds.all()).filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    const over = await ask(6_000, 'refund_key_0002');
    expect(over.status).toBe(400);
    expect(over.body.error.field).toBe('amount');
    expect((await api('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ amount_refunded: 10_000, refund_status: 'partial', method: 'card', card: { type: 'debit' } });
    // What the shop sent is kept: the key with the body.
    const sent = (await double.requests.all()).filter((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['refund_key_0001', 'refund_key_0001', 'refund_key_0002']);
    expect(sent[0]!.body).toEqual({ amount: 10_000, notes: { refundId: 'refund_key_0001' } });
  });

  test('refunds are listed by period, count and skip, newest first', async () => {
    const link = await newLink();
    const { paymentId } = await double.pay(link.id);
    for (const key of ['list_key_0001', 'list_key_0002', 'list_key_0003']) await api('POST', `/v1/payments/${paymentId}/refund`, { amount: 1000 }, { 'x-refund-idempotency': key });
    const from = Math.floor(Date.now() / 1000) - 60;
    const all = (await api('GET', `/v1/refunds?from=${from}&count=100`)).body;
    expect(all.entity).toBe('collection');
    const ours = all.items.filter((r: any) => r.payment_id === paymentId);
    expect(ours).toHaveLength(3);
    expect((await api('GET', `/v1/refunds?from=${from}&count=1&skip=0`)).body.items).toHaveLength(1);
    expect((await api('GET', `/v1/refunds/${ours[0].id}`)).body).toEqual(ours[0]);
    expect((await api('GET', `/v1/refunds?to=${from - 3600}`)).body.items).toEqual([]);
  });
});

describe('the hosted page', () => {
  test('Pay by debit card: the shop gets signed payment.captured and payment_link.paid, the browser a signed return', async () => {
    const link = await newLink();
    const page = await fetch(link.short_url);
    const html = await page.text();
    expect(html).toContain('RM 159.00');
    for (const label of ['FPX online banking', 'Card', 'Touch ’n Go eWallet', 'GrabPay', 'ShopeePay', 'Boost', 'FPX bank', 'Card type', '>Pay<', 'Pay, confirmed later', '>Fail<']) expect(html).toContain(label);
    const paid = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card', card_type: 'debit', outcome: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://shop.example/pc/pages');
    expect(verifyLinkReturn(back.searchParams, double.keySecret)).toMatchObject({ ok: true, link: { paymentLinkId: link.id, referenceId: link.reference_id, status: 'paid' } });
    expect(verifyLinkReturn(back.searchParams, 'another-secret').ok).toBe(false);

    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.captured', 'payment_link.paid']);
    for (const hook of shop.received) {
      expect(webhookSignatureHolds(hook.rawBody, hook.headers['x-razorpay-signature']!, double.webhookSecret)).toBe(true);
      expect(hook.headers['x-razorpay-event-id']).toMatch(/^evt_[A-Za-z0-9]{14}$/);
    }
    const linkPaid = eventOf(shop.received[1]!);
    expect(linkPaid).toMatchObject({
      entity: 'event',
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: { id: link.id, status: 'paid', amount_paid: 15_900 } },
        order: { entity: { id: link.order_id, status: 'paid' } },
        payment: { entity: { status: 'captured', method: 'card', card: { type: 'debit' }, amount: 15_900, currency: 'MYR' } },
      },
    });
    // Paid: the page shows its state and no Pay button.
    const after = await (await fetch(link.short_url)).text();
    expect(after).toContain('This payment link has been paid.');
    expect(after).not.toContain('>Pay<');
  });

  test('each e-wallet and FPX with its bank are named in the payment', async () => {
    for (const [method, extra, expected] of [
      ['tng', {}, { method: 'wallet', wallet: 'touchngo' }],
      ['grabpay', {}, { method: 'wallet', wallet: 'grabpay' }],
      ['shopeepay', {}, { method: 'wallet', wallet: 'shopeepay' }],
      ['boost', {}, { method: 'wallet', wallet: 'boost' }],
      ['fpx', { bank: 'PBB0233' }, { method: 'fpx', bank: 'PBB0233' }],
    ] as const) {
      shop.received.length = 0;
      const link = await newLink();
      await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method, outcome: 'pay', ...extra }), redirect: 'manual' });
      expect(eventOf(shop.received[0]!).payload.payment!.entity).toMatchObject(expected);
    }
  });

  test('Fail: payment.failed, the link stays open; Pay, confirmed later: the link is paid and its webhooks wait', async () => {
    // What earlier tests left due goes first.
    await double.server.deliverNow();
    shop.received.length = 0;
    const link = await newLink();
    const failed = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'tng', outcome: 'fail' }), redirect: 'manual' });
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('The payment failed');
    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.failed']);
    expect((await api('GET', `/v1/payment_links/${link.id}`)).body.status).toBe('created');

    shop.received.length = 0;
    const late = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'grabpay', outcome: 'late' }), redirect: 'manual' });
    expect(late.status).toBe(303);
    expect((await api('GET', `/v1/payment_links/${link.id}`)).body.status).toBe('paid');
    expect(shop.received).toEqual([]);
    await double.server.deliverNow({ all: true });
    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.captured', 'payment_link.paid']);
  });

  test('opens on the method the link was created with: the FPX bank, the e-wallet, the card; the first choice without one', async () => {
    const checked = (html: string) => /value="(\w+)" checked/.exec(html)?.[1];
    const fpx = await (await fetch((await newLink({ options: { checkout: { prefill: { method: 'fpx', bank: 'PBB0233' } } } })).short_url)).text();
    expect(checked(fpx)).toBe('fpx');
    expect(fpx).toContain('<option value="PBB0233" selected>Public Bank</option>');
    expect(checked(await (await fetch((await newLink({ options: { checkout: { prefill: { method: 'wallet', wallet: 'grabpay' } } } })).short_url)).text())).toBe('grabpay');
    expect(checked(await (await fetch((await newLink({ options: { checkout: { prefill: { method: 'card' } } } })).short_url)).text())).toBe('card');
    const plain = await (await fetch((await newLink()).short_url)).text();
    expect(checked(plain)).toBe('fpx');
    expect(plain).not.toContain(' selected>');
  });

  test('Atome: chosen when the link opens on it, its presses Approve, Decline and Abandon, each labelled', async () => {
    const prefill = { options: { checkout: { prefill: { method: 'paylater', provider: 'atome' } } } };
    const html = await (await fetch((await newLink(prefill)).short_url)).text();
    expect(/value="(\w+)" checked/.exec(html)?.[1]).toBe('atome');
    expect(html).toContain('Atome (pay later)');
    for (const press of ['>Approve<', '>Decline<', '>Abandon<']) expect(html).toContain(press);
    expect(html).not.toContain('>Pay<');
    expect(html).not.toContain('<script');
    // Any other link lists Atome among its methods, with the usual presses.
    const plain = await (await fetch((await newLink()).short_url)).text();
    expect(plain).toContain('value="atome"> Atome (pay later)');
    expect(plain).toContain('>Pay<');
    expect(plain).not.toContain('>Approve<');

    // Approve: paid as Curlec's pay later says it, and back to the shop signed.
    await double.server.deliverNow();
    shop.received.length = 0;
    const approved = await newLink(prefill);
    const paid = await fetch(`${approved.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'atome', outcome: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(verifyLinkReturn(new URL(paid.headers.get('location')!).searchParams, double.keySecret)).toMatchObject({ ok: true, link: { status: 'paid' } });
    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.captured', 'payment_link.paid']);
    expect(eventOf(shop.received[1]!).payload.payment!.entity).toMatchObject({ method: 'paylater', provider: 'atome', status: 'captured', amount: 15_900 });
  });

  test('Atome declined: payment.failed, the link open, the page saying so with the other methods and their presses', async () => {
    await double.server.deliverNow();
    shop.received.length = 0;
    const link = await newLink({ options: { checkout: { prefill: { method: 'paylater', provider: 'atome' } } } });
    const declined = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'atome', outcome: 'fail' }), redirect: 'manual' });
    expect(declined.status).toBe(200);
    const html = await declined.text();
    expect(html).toContain('Atome declined the payment. Choose another method and try again.');
    expect(/value="(\w+)" checked/.exec(html)?.[1]).not.toBe('atome');
    expect(html).toContain('>Pay<');
    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.failed']);
    expect(eventOf(shop.received[0]!).payload.payment!.entity).toMatchObject({ method: 'paylater', provider: 'atome', status: 'failed' });
    expect((await api('GET', `/v1/payment_links/${link.id}`)).body.status).toBe('created');
  });

  test('Atome abandoned: back to the callback_url as it was given, no payment, no webhook, the link open', async () => {
    await double.server.deliverNow();
    shop.received.length = 0;
    const link = await newLink({ options: { checkout: { prefill: { method: 'paylater', provider: 'atome' } } } });
    const left = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'atome', outcome: 'abandon' }), redirect: 'manual' });
    expect(left.status).toBe(303);
    expect(left.headers.get('location')).toBe('https://shop.example/pc/pages?orderNo=SA1');
    expect(shop.received).toEqual([]);
    const after = (await api('GET', `/v1/payment_links/${link.id}`)).body;
    expect(after).toMatchObject({ status: 'created', payments: null });
  });

  test('Atome below RM 10.00: refused on the page with Curlec’s words, nothing recorded', async () => {
    await double.server.deliverNow();
    shop.received.length = 0;
    const link = await newLink({ amount: 999, options: { checkout: { prefill: { method: 'paylater', provider: 'atome' } } } });
    for (const outcome of ['pay', 'fail']) {
      const refused = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'atome', outcome }), redirect: 'manual' });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain('Atome takes amounts of RM 10.00 or more. Please choose another method.');
    }
    expect(shop.received).toEqual([]);
    expect((await api('GET', `/v1/payment_links/${link.id}`)).body).toMatchObject({ status: 'created', payments: null });
    // Another method pays it.
    const paid = await fetch(`${link.short_url}/pay`, { method: 'POST', body: new URLSearchParams({ method: 'card', outcome: 'pay' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
  });

  test('a cancelled link shows its state and no Pay button; the control still pays it, as a gateway may', async () => {
    const link = await newLink();
    await api('POST', `/v1/payment_links/${link.id}/cancel`);
    const html = await (await fetch(link.short_url)).text();
    expect(html).toContain('This payment link was cancelled.');
    expect(html).not.toContain('>Pay<');
    const refused = await fetch(`${double.base}/control/links/${link.id}/pay`, { method: 'POST', body: JSON.stringify({ method: 'fpx', bank: 'MB2U0227' }) });
    expect(refused.status).toBe(400);
    const paid = await fetch(`${double.base}/control/links/${link.id}/pay`, { method: 'POST', body: JSON.stringify({ method: 'fpx', bank: 'MB2U0227', evenIfCancelled: true }) });
    expect(paid.status).toBe(200);
    expect((await api('GET', `/v1/payment_links/${link.id}`)).body).toMatchObject({ status: 'paid', amount_paid: 15_900 });
    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.captured', 'payment_link.paid']);
  });
});

describe('DuitNow QR, server to server', () => {
  test('an order, a payment with its QR, marked paid: payment.captured twice under one event id', async () => {
    const order = (await api('POST', '/v1/orders', { amount: 8_990, currency: 'MYR', receipt: 'pay-qr-1', notes: { orderNo: 'SA9', paymentId: 'pay-qr-1' } })).body;
    expect(order).toMatchObject({ entity: 'order', amount: 8_990, currency: 'MYR', receipt: 'pay-qr-1', status: 'created' });
    const before = Math.floor(Date.now() / 1000);
    const created = await api('POST', '/v1/payments/create/json', { amount: 8_990, currency: 'MYR', order_id: order.id, method: 'duitnow', contact: '+60123456789', notes: { orderNo: 'SA9' } });
    expect(created.status).toBe(200);
    const paymentId: string = created.body.razorpay_payment_id;
    expect(paymentId).toMatch(/^pay_/);
    const [display, poll] = created.body.next;
    expect(display).toMatchObject({ action: 'display_qr', qr_text: expect.stringMatching(/^000201010212.*6304[0-9A-F]{4}$/) });
    expect(display.qr_text).toContain('89.90');
    expect(display.expire_at - before).toBeGreaterThanOrEqual(299);
    expect(display.expire_at - before).toBeLessThanOrEqual(301);
    expect(poll).toEqual({ action: 'poll', url: `${double.base}/v1/payments/${paymentId}` });
    expect((await api('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({ status: 'created', method: 'duitnow', order_id: order.id });

    const list = await (await fetch(`${double.base}/qr`)).text();
    expect(list).toContain(paymentId);
    expect(list).toContain('Mark paid');
    const marked = await fetch(`${double.base}/qr/${paymentId}/paid`, { method: 'POST' });
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain('Marked paid.');

    expect(shop.received).toHaveLength(2);
    const [a, b] = shop.received;
    expect(eventOf(a!).event).toBe('payment.captured');
    expect(a!.headers['x-razorpay-event-id']).toBe(b!.headers['x-razorpay-event-id']);
    expect(a!.rawBody).toBe(b!.rawBody);
    expect(webhookSignatureHolds(a!.rawBody, a!.headers['x-razorpay-signature']!, double.webhookSecret)).toBe(true);
    expect(eventOf(a!).payload.payment!.entity).toMatchObject({ id: paymentId, status: 'captured', method: 'duitnow', order_id: order.id, notes: { orderNo: 'SA9' } });
    expect((await api('GET', `/v1/orders/${order.id}`)).body.status).toBe('paid');
    expect((await api('GET', `/v1/orders/${order.id}/payments`)).body.items).toEqual([expect.objectContaining({ id: paymentId, status: 'captured' })]);
    // Paid: gone from the waiting list.
    expect(await (await fetch(`${double.base}/qr`)).text()).not.toContain(paymentId);
  });

  test('a QR marked failed: payment.failed; an amount other than the order’s is refused', async () => {
    const order = (await api('POST', '/v1/orders', { amount: 1_000, currency: 'MYR', receipt: 'pay-qr-2' })).body;
    expect((await api('POST', '/v1/payments/create/json', { amount: 1_500, currency: 'MYR', order_id: order.id, method: 'duitnow', contact: '+60123456789' })).body.error.field).toBe('amount');
    const created = await api('POST', '/v1/payments/create/json', { amount: 1_000, currency: 'MYR', order_id: order.id, method: 'duitnow', contact: '+60123456789' });
    const failed = await fetch(`${double.base}/control/qr/${created.body.razorpay_payment_id}/fail`, { method: 'POST' });
    expect(failed.status).toBe(200);
    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.failed']);
  });
});

describe('kept in the database', () => {
  test('another double on the same database (another process, a restart) answers the same', async () => {
    const link = await newLink();
    const other = createCurlecDouble({ db: double.db, keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret, webhookUrl: shop.url, refundMs: null });
    const read = await other.app.request(`/v1/payment_links/${link.id}`, { headers: { authorization: auth() } });
    expect(await read.json()).toMatchObject({ id: link.id, status: 'created', amount: 15_900 });
    const { paymentId } = await other.pay(link.id, { method: 'wallet', wallet: 'boost' });
    expect((await api('GET', `/v1/payment_links/${link.id}`)).body).toMatchObject({ status: 'paid', payments: [expect.objectContaining({ payment_id: paymentId, status: 'captured', method: 'wallet' })] });
    const refund = await other.app.request(`/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { authorization: auth(), 'content-type': 'application/json', 'x-refund-idempotency': 'restart_key_01' },
      body: JSON.stringify({ amount: 15_900 }),
    });
    const asked = await refund.json();
    // The same key through the first double: the same refund.
    expect((await api('POST', `/v1/payments/${paymentId}/refund`, { amount: 15_900 }, { 'x-refund-idempotency': 'restart_key_01' })).body).toEqual(asked);
  });

  test('a webhook the shop does not take is tried again by its job; a refund is processed by its job', async () => {
    const timed = createCurlecDouble({ db: double.db, keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret, webhookUrl: shop.url, refundMs: 0 });
    // What earlier tests left in the queue goes first.
    await runDueJobs(double.db, timed.jobs(), new Date(Date.now() + 86_400_000));
    shop.received.length = 0;
    const link = await newLink();
    shop.status = 503;
    const { paymentId } = await timed.pay(link.id);
    const now = Date.now();
    await runDueJobs(double.db, timed.jobs(), new Date(now + 1000));
    expect(shop.received).toEqual([]);
    shop.status = 200;
    // Not yet due again: nothing sent.
    await runDueJobs(double.db, timed.jobs(), new Date(now + 2000));
    expect(shop.received).toEqual([]);
    await runDueJobs(double.db, timed.jobs(), new Date(now + 60_000));
    expect(shop.received.map((h) => eventOf(h).event)).toEqual(['payment.captured', 'payment_link.paid']);

    shop.received.length = 0;
    const refund = await timed.app.request(`/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { authorization: auth(), 'content-type': 'application/json', 'x-refund-idempotency': 'job_refund_01' },
      body: JSON.stringify({ amount: 5_000, notes: { refundId: 'r1' } }),
    });
    const asked = (await refund.json()) as { id: string; status: string };
    expect(asked.status).toBe('pending');
    await runDueJobs(double.db, timed.jobs(), new Date(now + 120_000));
    expect((await api('GET', `/v1/refunds/${asked.id}`)).body.status).toBe('processed');
    const processed = shop.received.map(eventOf);
    expect(processed.map((e) => e.event)).toEqual(['refund.processed']);
    expect(processed[0]!.payload.refund!.entity).toMatchObject({ id: asked.id, status: 'processed', amount: 5_000, notes: { refundId: 'r1' } });
  });
});

describe('on the double’s clock', () => {
  test('a link past its expire_by is expired: its page shows it and offers no Pay; a QR not paid in 5 minutes fails', async () => {
    let clock = Date.now();
    const timed = createCurlecDouble({ db: double.db, keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret, webhookUrl: shop.url, now: () => new Date(clock) });
    const headers = { authorization: auth(), 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => (await timed.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<any>;
    const link = await post('/v1/payment_links', { amount: 2_000, currency: 'MYR', expire_by: Math.floor(clock / 1000) + 900 });
    const order = await post('/v1/orders', { amount: 2_000, currency: 'MYR', receipt: 'clock-1' });
    const qr = await post('/v1/payments/create/json', { amount: 2_000, currency: 'MYR', order_id: order.id, method: 'duitnow', contact: '+60123456789' });
    clock += 299_000;
    expect(((await (await timed.app.request(`/v1/payments/${qr.razorpay_payment_id}`, { headers })).json()) as any).status).toBe('created');
    clock += 2_000;
    expect(await (await timed.app.request(`/v1/payments/${qr.razorpay_payment_id}`, { headers })).json()).toMatchObject({ status: 'failed', error_reason: 'payment_timed_out' });
    expect((await timed.app.request(`/control/qr/${qr.razorpay_payment_id}/paid`, { method: 'POST' })).status).toBe(400);
    clock += 900_000;
    expect(await (await timed.app.request(`/v1/payment_links/${link.id}`, { headers })).json()).toMatchObject({ status: 'expired' });
    const page = await (await timed.app.request(`/i/${link.id}`)).text();
    expect(page).toContain('This payment link has expired.');
    expect(page).not.toContain('>Pay<');
    const failedHooks = (await (await timed.app.request('/control/webhooks')).json()) as { webhooks: { event: string; rawBody: string }[] };
    expect(failedHooks.webhooks.filter((w) => w.event === 'payment.failed' && w.rawBody.includes(qr.razorpay_payment_id))).toHaveLength(1);
  });
});

describe('inside the shop’s server', () => {
  test('CURLEC_DOUBLE=1 serves the double at /curlec-double on the shop’s own origin, with the demo keys', async () => {
    const was = process.env.CURLEC_DOUBLE;
    process.env.CURLEC_DOUBLE = '1';
    const shopApi = await startApi();
    try {
      const demo = `Basic ${Buffer.from(`${DOUBLE_KEYS.keyId}:${DOUBLE_KEYS.keySecret}`).toString('base64')}`;
      const created = await shopApi.fetch(`${DOUBLE_PATH}/v1/orders`, {
        method: 'POST',
        headers: { authorization: demo, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 2_000, currency: 'MYR', receipt: 'in-shop-1' }),
      });
      expect(created.status).toBe(200);
      expect(await created.json()).toMatchObject({ entity: 'order', amount: 2_000, status: 'created' });
      expect((await shopApi.fetch(`${DOUBLE_PATH}/v1/orders`, { method: 'POST', headers: { authorization: 'Basic d3Jvbmc6a2V5' } })).status).toBe(401);
      expect((await shopApi.fetch(`${DOUBLE_PATH}/qr`)).status).toBe(200);
    } finally {
      await shopApi.close();
      if (was === undefined) delete process.env.CURLEC_DOUBLE;
      else process.env.CURLEC_DOUBLE = was;
    }
  });

  test('a link’s page is on the host the customer opened the shop on (its callback_url’s), not the server’s own address', async () => {
    const was = process.env.CURLEC_DOUBLE;
    process.env.CURLEC_DOUBLE = '1';
    const shopApi = await startApi();
    try {
      const demo = `Basic ${Buffer.from(`${DOUBLE_KEYS.keyId}:${DOUBLE_KEYS.keySecret}`).toString('base64')}`;
      const create = (callback_url: string) =>
        shopApi.fetch(`${DOUBLE_PATH}/v1/payment_links`, {
          method: 'POST',
          headers: { authorization: demo, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 2_000, currency: 'MYR', reference_id: `lan-${callback_url.length}-${Date.now()}`, callback_url, callback_method: 'get', notes: { orderNo: 'SA1', paymentId: 'p' } }),
        });
      // A phone on the LAN opened the shop at 192.168.1.20: its browser goes there, never to 127.0.0.1.
      const onLan = (await (await create('http://192.168.1.20:3000/pc/pages?orderNo=SA1')).json()) as { id: string; short_url: string };
      expect(onLan.short_url).toBe(`http://192.168.1.20:3000${DOUBLE_PATH}/i/${onLan.id}`);
      const onPublic = (await (await create('https://staging.servauto.my/pc/ms/pages?orderNo=SA1')).json()) as { id: string; short_url: string };
      expect(onPublic.short_url).toBe(`https://staging.servauto.my${DOUBLE_PATH}/i/${onPublic.id}`);
      // The shop serves that page itself.
      expect((await shopApi.fetch(new URL(onLan.short_url).pathname)).status).toBe(200);
    } finally {
      await shopApi.close();
      if (was === undefined) delete process.env.CURLEC_DOUBLE;
      else process.env.CURLEC_DOUBLE = was;
    }
  });

  test('without CURLEC_DOUBLE the shop serves no double', async () => {
    const was = process.env.CURLEC_DOUBLE;
    delete process.env.CURLEC_DOUBLE;
    const shopApi = await startApi();
    try {
      expect((await shopApi.fetch(`${DOUBLE_PATH}/qr`)).status).toBe(404);
    } finally {
      await shopApi.close();
      if (was !== undefined) process.env.CURLEC_DOUBLE = was;
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two processes on one PostgreSQL (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  test('a link is paid once, and refunds never pass what the payment can return, whichever process is asked', async () => {
    const one = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
    const two = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
    await migrateDoubles(one.db);
    try {
      const keys = { keyId: 'rzp_test_DoubleKey0001', keySecret: 'k', webhookSecret: 'w', webhookUrl: 'http://127.0.0.1:9/none', refundMs: null };
      const doubles = [createCurlecDouble({ db: one.db, ...keys }), createCurlecDouble({ db: two.db, ...keys })];
      const authorization = `Basic ${Buffer.from('rzp_test_DoubleKey0001:k').toString('base64')}`;
      const call = (i: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
        doubles[i % 2]!.app.request(path, { method: 'POST', headers: { authorization, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const link = (await (await call(0, '/v1/payment_links', { amount: 15_900, currency: 'MYR', reference_id: `race-${Date.now()}` })).json()) as { id: string };
      const pays = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => doubles[i % 2]!.pay(link.id)));
      expect(pays.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
      const paymentId = (pays.find((p) => p.status === 'fulfilled') as PromiseFulfilledResult<{ paymentId: string }>).value.paymentId;

      const sameKey = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i, `/v1/payments/${paymentId}/refund`, { amount: 1_000 }, { 'x-refund-idempotency': 'race_same_key' })));
      const sameIds = new Set(await Promise.all(sameKey.map(async (r) => ((await r.json()) as { id: string }).id)));
      expect(sameIds.size).toBe(1);
      const distinct = await Promise.all(Array.from({ length: 8 }, (_, i) => call(i, `/v1/payments/${paymentId}/refund`, { amount: 5_000 }, { 'x-refund-idempotency': `race_key_${i}_0000` })));
      // 15,900 less 1,000: room for two of 5,000 and no more.
      expect(distinct.filter((r) => r.status === 200)).toHaveLength(2);
      expect(distinct.filter((r) => r.status === 400)).toHaveLength(6);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

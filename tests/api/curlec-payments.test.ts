import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type CurlecDouble, type DoubleMethod } from './curlec-double.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';
import type { TestApi } from './harness.ts';
import { linkOf, startCurlecShop, type CurlecShop } from './curlec-shop.ts';
import { CANCEL, REFUND } from './my-orders-fixtures.ts';
import { ADD, FIND, installOrder, mailOrder, PAY, PAY_STATUS, pickupOrder, rows } from './order-fixtures.ts';

/**
 * Paying through Razorpay Curlec, against the Curlec double: the shop's calls, Curlec's signed
 * webhooks at /api/payment/curlec/webhook, the customer's signed return, the time-out, refunds
 * and reconciliation, all through the ledger's rules.
 */

const METHODS = '/api/app/order/vehicle/order/app/pay/methods';
const INVOICE = '/api/app/order/vehicle/order/app/invoice';

let double: CurlecDouble;
let api: TestApi;
let k: Keys;

let shop: CurlecShop;

beforeAll(async () => {
  shop = await startCurlecShop();
  ({ double, api } = shop);
});
afterAll(() => shop?.close());
beforeEach(async () => {
  await double.reset();
  await api.reset();
  k = await staffKeys(api);
});

const find = async (orderNo: string) => (await api.request(FIND, { orderNo }, { userKey: k.customer })).data;
const requestsFor = async (linkId: string) => (await double.requests.all()).filter((r) => r.path.startsWith(`/v1/payment_links/${linkId}`)).map((r) => `${r.method} ${r.path}`);

async function place(body: Record<string, unknown> = pickupOrder()): Promise<string> {
  const placed = await api.request(ADD, body, { userKey: k.customer });
  expect(placed.code, placed.msg).toBe(200);
  return placed.data.orderNo;
}

async function pay(orderNo: string, payMethod = 'fpx'): Promise<string> {
  const asked = await api.request(PAY, { orderNo, payMethod, ...(payMethod === 'fpx' ? { bankCode: 'maybank2u' } : {}) }, { userKey: k.customer });
  expect(asked.code, asked.msg).toBe(200);
  return linkOf(asked.data.redirectUrl);
}

/** The customer pays the link on Curlec's page and Curlec's webhooks reach the shop. */
async function paidOnPage(linkId: string, how?: DoubleMethod) {
  const { webhooks } = await double.pay(linkId, how);
  for (const hook of webhooks) expect((await shop.deliver(hook)).status).toBe(200);
}

async function paidOrder(body?: Record<string, unknown>): Promise<string> {
  const orderNo = await place(body);
  await paidOnPage(await pay(orderNo));
  expect((await find(orderNo)).status).toBe('UPCOMING');
  return orderNo;
}

/** Everything the shop keeps about money and orders, to tell that nothing changed. */
const books = () =>
  rows(
    api,
    sql`select (select coalesce(string_agg(p::text, '|' order by p.id), '') from payments p) as payments,
               (select coalesce(string_agg(o.status || o.updated_at::text, '|' order by o.id), '') from orders o) as orders,
               (select count(*)::int from payment_returns) as returns`,
  );


describe('the methods offered', () => {
  test('are Curlec’s, Atome among them, with the FPX banks, to anyone', async () => {
    const answer = await api.request(METHODS, {});
    expect(answer.code).toBe(200);
    expect(answer.data.methods).toEqual(['card', 'fpx', 'tng', 'grabpay', 'shopeepay', 'boost', 'duitnow', 'atome']);
    expect(answer.data.banks).toContainEqual({ code: 'maybank2u', name: 'Maybank2u' });
  });
});

describe('paying by payment link', () => {
  test('the link names the order, the amount in sen and the customer, and sends the customer back to the shop', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    const created = (await double.requests.all()).find((r) => r.method === 'POST' && r.path === '/v1/payment_links')!;
    expect(created.body).toMatchObject({ currency: 'MYR', customer: { name: 'Nur Aisyah', contact: '+60123456789' }, notes: { orderNo }, callback_method: 'get' });
    expect(created.body!.amount).toBe((await find(orderNo)).totals.totalSen);
    expect(await double.links.get(linkId)).toBeDefined();
  });

  test.each([
    ['FPX from Public Bank', { method: 'fpx', bank: 'PBB0233' } as DoubleMethod, { method: 'fpx', bank: { code: 'public_bank', name: 'Public Bank' }, cardType: null }, 'FPX online banking (Public Bank)'],
    ['Touch ’n Go eWallet', { method: 'wallet', wallet: 'touchngo' } as DoubleMethod, { method: 'tng', bank: null, cardType: null }, "Touch 'n Go eWallet"],
    ['GrabPay', { method: 'wallet', wallet: 'grabpay' } as DoubleMethod, { method: 'grabpay', bank: null }, 'GrabPay e-wallet'],
    ['ShopeePay', { method: 'wallet', wallet: 'shopeepay' } as DoubleMethod, { method: 'shopeepay', bank: null }, 'ShopeePay e-wallet'],
    ['Boost', { method: 'wallet', wallet: 'boost' } as DoubleMethod, { method: 'boost', bank: null }, 'Boost e-wallet'],
    // Curlec's payment carries the card's type (the double's page defaults to a credit card).
    ['a card', { method: 'card' } as DoubleMethod, { method: 'card', bank: null, cardType: 'credit' }, 'Credit card'],
  ])('paid with %s: the order answer and the invoice name the method used', async (_, how, named, words) => {
    const orderNo = await place();
    // The customer chose FPX at the shop, then another method on Curlec's page: the one used counts.
    await paidOnPage(await pay(orderNo, 'fpx'), how);
    const order = await find(orderNo);
    expect(order.status).toBe('UPCOMING');
    expect(order.payments).toEqual([expect.objectContaining({ ...named, state: 'succeeded' })]);
    const invoice = await api.request(INVOICE, { orderNo }, { userKey: k.customer });
    expect(invoice.code, invoice.msg).toBe(200);
    expect(invoice.data.payment.method).toBe(words);
    expect(await shop.unreconciled()).toEqual([]);
  });

  test.each([
    ['debit', 'Debit card'],
    ['credit', 'Credit card'],
  ] as const)('paid by %s card: named as such', async (type, words) => {
    const orderNo = await place();
    const linkId = await pay(orderNo, 'card');
    const { webhooks } = await double.pay(linkId, { method: 'card' });
    // Curlec's event carries the card's details.
    const paid = JSON.parse(webhooks.find((h) => h.rawBody.includes('"payment_link.paid"'))!.rawBody);
    paid.payload.payment.entity.card = { type, network: 'Visa', last4: '1111' };
    expect((await shop.deliver(double.webhook('payment_link.paid', paid.payload))).status).toBe(200);
    expect((await find(orderNo)).payments).toEqual([expect.objectContaining({ method: 'card', cardType: type })]);
    expect((await api.request(INVOICE, { orderNo }, { userKey: k.customer })).data.payment.method).toBe(words);
  });

  test('a sale above RM 10,000 paid by debit card: its own e-invoice says debit card (payment mode 05)', async () => {
    // No single cart of the demo catalogue comes to RM 10,000: the wipers cost RM 10,500 for this test.
    const wipers = api.indexes.catalog.byId.get('wiper-bosch-aerotwin') as unknown as { partsSen: number };
    const price = wipers.partsSen;
    wipers.partsSen = 1_050_000;
    const orderNo = await place(mailOrder()).finally(() => {
      wipers.partsSen = price;
    });
    const { webhooks } = await double.pay(await pay(orderNo, 'card'), { method: 'card' });
    const paid = JSON.parse(webhooks.find((h) => h.rawBody.includes('"payment_link.paid"'))!.rawBody);
    paid.payload.payment.entity.card = { type: 'debit', network: 'MasterCard', last4: '4444' };
    expect((await shop.deliver(double.webhook('payment_link.paid', paid.payload))).status).toBe(200);
    const [stored] = await rows<{ document_text: string }>(
      api,
      sql`select d.document_text from einvoice_documents d join einvoice_receipts r on r.document_id = d.id where r.order_no = ${orderNo}`,
    );
    expect(stored!.document_text).toContain('"PaymentMeansCode":[{"_":"05"}]');
    expect(stored!.document_text).toContain('Paid in full by debit card');
  });

  test('a failed attempt leaves the order payable, and the customer pays on the same link', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    for (const hook of (await double.fail(linkId)).webhooks) expect((await shop.deliver(hook)).status).toBe(200);
    expect((await find(orderNo)).status).toBe('PENDING_PAYMENT');
    await paidOnPage(linkId);
    expect((await find(orderNo)).status).toBe('UPCOMING');
  });
});

describe('Curlec’s webhooks', () => {
  test('one whose body was changed after signing: 400, nothing written', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    const { webhooks } = await double.pay(linkId);
    const before = await books();
    const events = await rows(api, sql`select count(*)::int as n from payment_events`);
    for (const hook of webhooks) {
      const tampered = { ...hook, rawBody: hook.rawBody.replace('"status":"captured"', '"status":"captured" ') };
      expect((await shop.deliver(tampered)).status).toBe(400);
      expect((await shop.deliver({ ...hook, headers: { ...hook.headers, 'x-razorpay-signature': '0'.repeat(64) } })).status).toBe(400);
    }
    expect(await books()).toEqual(before);
    expect(await rows(api, sql`select count(*)::int as n from payment_events`)).toEqual(events);
    expect((await find(orderNo)).status).toBe('PENDING_PAYMENT');
  });

  test('one sent again under the same event id: 200, nothing changed', async () => {
    const orderNo = await place();
    const { webhooks } = await double.pay(await pay(orderNo));
    for (const hook of webhooks) expect((await shop.deliver(hook)).status).toBe(200);
    const before = await books();
    const history = (await find(orderNo)).history.length;
    for (const hook of webhooks) expect((await shop.deliver(hook)).status).toBe(200);
    expect(await books()).toEqual(before);
    expect((await find(orderNo)).history).toHaveLength(history);
  });
});

describe('the customer’s return from Curlec’s page', () => {
  const returned = async (linkId: string) => Object.fromEntries(new URL(await double.returnUrl(linkId)).searchParams);

  test('signed by Curlec: answered with the order as paid', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    await double.pay(linkId);
    // The webhooks are late: the return and the link itself say paid.
    const status = await api.request(PAY_STATUS, { orderNo, providerReturn: await returned(linkId) }, { userKey: k.customer });
    expect(status.code, status.msg).toBe(200);
    expect(status.data).toMatchObject({ status: 'UPCOMING', paid: true, payment: { status: 'PAID', method: 'tng' } });
  });

  test('forged, or naming another order’s link: refused with 807 in the customer’s language, and nothing changes', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    await double.pay(linkId);
    const other = await place(pickupOrder({ idempotencyKey: 'checkout-other-order' }));
    const otherLink = await pay(other);
    await double.pay(otherLink);
    const before = await books();

    const forged = { ...(await returned(linkId)), razorpay_payment_link_status: 'paid', razorpay_signature: 'f'.repeat(64) };
    const refused = await api.request(PAY_STATUS, { orderNo, providerReturn: forged }, { userKey: k.customer });
    expect(refused).toMatchObject({ code: 807, msg: 'We could not confirm this return from the payment page. Your payment is not affected: please open the order again to see how it stands.' });
    const inMalay = await api.request(PAY_STATUS, { orderNo, providerReturn: await returned(otherLink) }, { userKey: k.customer, language: 'ms_my' });
    expect(inMalay.code).toBe(807);
    expect(inMalay.msg).toContain('Kami tidak dapat mengesahkan');
    const inChinese = await api.request(PAY_STATUS, { orderNo, providerReturn: {} }, { userKey: k.customer, language: 'zh_cn' });
    expect(inChinese.code).toBe(807);
    expect(inChinese.msg).toContain('无法确认');
    expect(await books()).toEqual(before);
  });
});

describe('one open link per order', () => {
  test('a second Pay cancels the first link at Curlec', async () => {
    const orderNo = await place();
    const first = await pay(orderNo);
    const second = await pay(orderNo, 'card');
    expect(await requestsFor(first)).toContain(`POST /v1/payment_links/${first}/cancel`);
    expect((await double.links.get(first))!.status).toBe('cancelled');
    expect((await double.links.get(second))!.status).toBe('created');
    await paidOnPage(second);
    expect((await find(orderNo)).payments.map((p: { state: string }) => p.state)).toEqual(['expired', 'succeeded']);
    expect(await shop.unreconciled()).toEqual([]);
  });

  test('a link an attempt failed on is cancelled too when the customer presses Pay again', async () => {
    const orderNo = await place();
    const first = await pay(orderNo);
    for (const hook of (await double.fail(first)).webhooks) expect((await shop.deliver(hook)).status).toBe(200);
    await pay(orderNo, 'card');
    expect(await requestsFor(first)).toContain(`POST /v1/payment_links/${first}/cancel`);
    expect((await double.links.get(first))!.status).toBe('cancelled');
  });

  test('a link paid after the order was cancelled is surplus and goes back by itself', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    // Paid on Curlec's page while the customer cancels: the webhooks come after the cancel.
    const { paymentId, webhooks } = await double.pay(linkId);
    expect((await api.request(CANCEL, { orderNo, reason: 'Found a closer workshop' }, { userKey: k.customer })).code).toBe(200);
    for (const hook of webhooks) expect((await shop.deliver(hook)).status).toBe(200);
    const total = (await find(orderNo)).totals.totalSen;
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED', money: { paidSen: total, toReturnSen: total } });

    await api.runJobs();
    const refunds = (await double.requests.all()).filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({ amount: total });
    expect(refunds[0]!.idempotencyKey).toBeTruthy();
    const refund = (await double.refunds.all()).find((r) => r.payment_id === paymentId)!;
    expect((await shop.deliver(await double.settleRefund(refund.id, 'processed'))).status).toBe(200);
    expect(await find(orderNo)).toMatchObject({ status: 'CANCELLED', money: { paidSen: total, returnedSen: total, toReturnSen: 0 } });
    expect(await shop.unreconciled()).toEqual([]);
  });
});

describe('the payment time-out', () => {
  const timeOut = async () => {
    api.advance(31 * 60);
    await api.runJobs();
  };

  test('asks the link first: a link paid without word is recorded, not cancelled', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    await double.pay(linkId, { method: 'fpx', bank: 'HLB0224' });
    await timeOut();
    expect(await requestsFor(linkId)).toContain(`GET /v1/payment_links/${linkId}`);
    expect(await requestsFor(linkId)).not.toContain(`POST /v1/payment_links/${linkId}/cancel`);
    const order = await find(orderNo);
    expect(order.status).toBe('UPCOMING');
    expect(order.payments).toEqual([expect.objectContaining({ method: 'fpx', bank: { code: 'hong_leong_bank', name: 'Hong Leong Bank' }, state: 'succeeded' })]);
  });

  test('an unpaid link is asked about, then cancelled with the order', async () => {
    const orderNo = await place();
    const linkId = await pay(orderNo);
    await timeOut();
    const asked = await requestsFor(linkId);
    expect(asked.indexOf(`GET /v1/payment_links/${linkId}`)).toBeGreaterThanOrEqual(0);
    expect(asked.indexOf(`POST /v1/payment_links/${linkId}/cancel`)).toBeGreaterThan(asked.indexOf(`GET /v1/payment_links/${linkId}`));
    expect((await find(orderNo)).status).toBe('CANCELLED');
    expect((await double.links.get(linkId))!.status).toBe('cancelled');
  });
});

describe('refunds through Curlec', () => {
  async function refunded(orderNo: string, amountSen?: number) {
    const asked = await api.request(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789', ...(amountSen ? { amountSen } : {}) }, { userKey: k.customer });
    expect(asked.code, asked.msg).toBe(200);
    const approved = await api.request(C.review, { orderNo, decision: 'approve', note: amountSen ? 'Part of it' : '', ...(amountSen ? { amountSen } : {}) }, { userKey: k.admin });
    expect(approved.code, approved.msg).toBe(200);
    await api.runJobs();
    return (await double.refunds.all()).at(-1)!;
  }

  test('processed: the refund completes and the books agree with Curlec’s', async () => {
    const orderNo = await paidOrder(installOrder());
    const refund = await refunded(orderNo, 10_000);
    expect(refund.amount).toBe(10_000);
    expect((await shop.deliver(await double.settleRefund(refund.id, 'processed'))).status).toBe(200);
    const order = await find(orderNo);
    expect(order.refunds[0].status).toBe('COMPLETED');
    expect(order.money).toMatchObject({ returnedSen: 10_000, toReturnSen: 0 });
    expect(await shop.unreconciled()).toEqual([]);
  });

  test('failed at the bank: the refund is FAILED and its money still owed', async () => {
    const orderNo = await paidOrder(installOrder());
    const total = (await find(orderNo)).totals.totalSen;
    const refund = await refunded(orderNo);
    expect(refund.amount).toBe(total);
    expect((await shop.deliver(await double.settleRefund(refund.id, 'failed'))).status).toBe(200);
    const order = await find(orderNo);
    expect(order.refunds[0].status).toBe('FAILED');
    expect(order.money).toMatchObject({ returnedSen: 0, toReturnSen: total });
  });

  test('never more than the payment can return', async () => {
    const orderNo = await paidOrder(installOrder());
    const total = (await find(orderNo)).totals.totalSen;
    const tooMuch = await api.request(REFUND, { orderNo, reason: 'Changed my mind', contact: '0123456789', amountSen: total + 100 }, { userKey: k.customer });
    expect(tooMuch.code).not.toBe(200);
    const refund = await refunded(orderNo, total - 5_000);
    expect((await shop.deliver(await double.settleRefund(refund.id, 'processed'))).status).toBe(200);
    const again = await api.request(REFUND, { orderNo, reason: 'And the rest', contact: '0123456789', amountSen: 6_000 }, { userKey: k.customer });
    expect(again.code).not.toBe(200);
    const byPayment = new Map<string, number>();
    for (const r of await double.refunds.all()) byPayment.set(r.payment_id, (byPayment.get(r.payment_id) ?? 0) + r.amount);
    for (const [paymentId, sum] of byPayment) expect(sum).toBeLessThanOrEqual((await double.payments.get(paymentId))!.amount);
    expect(await shop.unreconciled()).toEqual([]);
  });
});

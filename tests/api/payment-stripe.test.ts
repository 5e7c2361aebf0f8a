import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { PaymentRefused, PaymentUnavailable, paymentProviderFromEnv, type CheckoutRequest } from '../../server/providers/payment/index.ts';
import { stripeProvider, type StripeProvider } from '../../server/providers/payment/stripe/provider.ts';
import { startStripeDouble, type StripeDouble } from './stripe-double.ts';

/**
 * The Stripe adapter through the official package: webhooks signed by the package's own test
 * helper, and every outgoing call against a local double of Stripe's API.
 */

const WEBHOOK_SECRET = 'whsec_servauto_test';
/** Monday 2 June 2025, 10:00 in Kuala Lumpur. */
const NOW = new Date('2025-06-02T02:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const RETURN_URL = 'https://shop.test/pc/pages?orderNo=SA2506021234';

let double: StripeDouble;
let stripe: StripeProvider;

beforeAll(async () => {
  double = await startStripeDouble();
});
afterAll(async () => {
  await double?.close();
});
beforeEach(() => {
  double.requests.length = 0;
  double.refundStatus = 'succeeded';
  stripe = stripeProvider({ secretKey: 'sk_test_servauto', webhookSecret: WEBHOOK_SECRET, host: '127.0.0.1', port: double.port, protocol: 'http', now: () => NOW });
});

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    paymentId: '5d0f3a8e-7a51-4c3e-9d0b-1a2b3c4d5e6f',
    orderNo: 'SA2506021234',
    amountSen: 15_900,
    currency: 'MYR',
    payMethod: 'fpx',
    bankCode: 'maybank2u',
    description: 'Servauto order SA2506021234',
    returnUrl: RETURN_URL,
    expiresAt: new Date(NOW.getTime() + 60 * 60_000),
    locale: 'ms',
    ...overrides,
  };
}

describe('configured from the environment', () => {
  test('STRIPE_API_HOST, STRIPE_API_PORT and STRIPE_API_PROTOCOL send every call to that address', async () => {
    const env = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_from_env',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(double.port),
      STRIPE_API_PROTOCOL: 'http',
    };
    // Stripe keeps no records with the shop: it needs no database.
    const fromEnv = paymentProviderFromEnv(env, { db: undefined as unknown as Db, secret: 'unused', now: () => NOW });
    await fromEnv.createCheckout(checkout({ paymentId: 'pay-env' }));
    expect(double.requests.map((r) => [r.path, r.headers.authorization])).toEqual([['/v1/checkout/sessions', 'Bearer sk_test_from_env']]);
  });
});

describe('webhooks, verified on the raw body', () => {
  const session = {
    id: 'cs_test_a1',
    object: 'checkout.session',
    amount_total: 15_900,
    currency: 'myr',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: 'pay-1',
    metadata: { orderNo: 'SA2506021234', paymentId: 'pay-1' },
  };
  const payload = (type: string, object: object = session, id = 'evt_1Q2w3E') =>
    JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: nowSeconds, type, data: { object } }, null, 2);
  const signed = (body: string, { secret = WEBHOOK_SECRET, timestamp = nowSeconds } = {}) =>
    new Headers({ 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) });

  test('a signed checkout.session.completed, paid, is a payment of the order', async () => {
    const body = payload('checkout.session.completed');
    expect(await stripe.verifyCallback(body, signed(body))).toEqual({
      ok: true,
      event: { eventId: 'evt_1Q2w3E', kind: 'payment.succeeded', providerRef: 'cs_test_a1', paymentId: 'pay-1', orderNo: 'SA2506021234', amountSen: 15_900, currency: 'MYR' },
    });
  });

  test('a tampered body is refused', async () => {
    const body = payload('checkout.session.completed');
    const tampered = body.replace('15900', '100');
    expect(tampered).not.toBe(body);
    expect(await stripe.verifyCallback(tampered, signed(body))).toMatchObject({ ok: false, reason: expect.stringMatching(/signature/i) });
  });

  test('the same body re-serialised is refused: the signature covers the bytes, not the JSON', async () => {
    const body = payload('checkout.session.completed');
    expect(await stripe.verifyCallback(JSON.stringify(JSON.parse(body)), signed(body))).toMatchObject({ ok: false });
  });

  test('a signature made with another secret is refused', async () => {
    const body = payload('checkout.session.completed');
    expect(await stripe.verifyCallback(body, signed(body, { secret: 'whsec_someone_else' }))).toMatchObject({ ok: false });
  });

  test('a stale timestamp is refused; one inside the five minutes is taken', async () => {
    const body = payload('checkout.session.completed');
    expect(await stripe.verifyCallback(body, signed(body, { timestamp: nowSeconds - 301 }))).toMatchObject({ ok: false, reason: expect.stringMatching(/tolerance/i) });
    expect(await stripe.verifyCallback(body, signed(body, { timestamp: nowSeconds - 240 }))).toMatchObject({ ok: true });
  });

  test('no Stripe-Signature header, or a garbled one, is refused without throwing', async () => {
    const body = payload('checkout.session.completed');
    expect(await stripe.verifyCallback(body, new Headers())).toEqual({ ok: false, reason: 'no Stripe-Signature header' });
    expect(await stripe.verifyCallback(body, new Headers({ 'Stripe-Signature': 'garbage' }))).toMatchObject({ ok: false });
    expect(await stripe.verifyCallback('not json', signed('not json'))).toMatchObject({ ok: false });
  });

  test('an event type the shop does not act on is valid, with no event', async () => {
    const body = payload('customer.created', { id: 'cus_1', object: 'customer' });
    expect(await stripe.verifyCallback(body, signed(body))).toEqual({ ok: true, event: null });
  });

  test('a signed event whose object is not what its type says is refused, not thrown', async () => {
    const body = payload('checkout.session.completed', { id: 'cs_test_a1' });
    expect(await stripe.verifyCallback(body, signed(body))).toMatchObject({ ok: false });
  });

  test.each([
    ['checkout.session.async_payment_succeeded', 'payment.succeeded'],
    ['checkout.session.async_payment_failed', 'payment.failed'],
    ['checkout.session.expired', 'payment.expired'],
  ])('%s becomes %s', async (type, kind) => {
    const body = payload(type, { ...session, payment_status: 'unpaid' });
    expect(await stripe.verifyCallback(body, signed(body))).toMatchObject({ ok: true, event: { kind, providerRef: 'cs_test_a1' } });
  });

  test('a refund that succeeded names our refund and its payment', async () => {
    const refund = {
      id: 're_1',
      object: 'refund',
      amount: 5_000,
      currency: 'myr',
      status: 'succeeded',
      payment_intent: 'pi_1',
      metadata: { refundId: 'refund-7', checkoutSession: 'cs_test_a1', paymentId: 'pay-1', orderNo: 'SA2506021234' },
    };
    const body = payload('refund.updated', refund, 'evt_r1');
    expect(await stripe.verifyCallback(body, signed(body))).toEqual({
      ok: true,
      event: { eventId: 'evt_r1', kind: 'refund.succeeded', providerRef: 'cs_test_a1', paymentId: 'pay-1', orderNo: 'SA2506021234', refundId: 'refund-7', amountSen: 5_000, currency: 'MYR' },
    });
    const charge = { id: 'ch_1', object: 'charge', amount_refunded: 5_000, refunds: { object: 'list', data: [refund] } };
    const chargeBody = payload('charge.refunded', charge, 'evt_c1');
    expect(await stripe.verifyCallback(chargeBody, signed(chargeBody))).toMatchObject({ ok: true, event: { kind: 'refund.succeeded', refundId: 'refund-7' } });
  });
});

describe('creating a Checkout Session', () => {
  test('sends the amount in sen, MYR, the chosen method, our ids and a key that makes a retry harmless', async () => {
    const result = await stripe.createCheckout(checkout());
    expect(double.requests).toHaveLength(1);
    const [req] = double.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/checkout/sessions');
    expect(req!.headers.authorization).toBe('Bearer sk_test_servauto');
    expect(req!.headers['idempotency-key']).toBe('checkout-5d0f3a8e-7a51-4c3e-9d0b-1a2b3c4d5e6f');
    expect(Object.fromEntries(req!.form)).toEqual({
      mode: 'payment',
      'allowed_payment_method_types[0]': 'fpx',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'myr',
      'line_items[0][price_data][unit_amount]': '15900',
      'line_items[0][price_data][product_data][name]': 'Servauto order SA2506021234',
      client_reference_id: '5d0f3a8e-7a51-4c3e-9d0b-1a2b3c4d5e6f',
      'metadata[orderNo]': 'SA2506021234',
      'metadata[paymentId]': '5d0f3a8e-7a51-4c3e-9d0b-1a2b3c4d5e6f',
      'metadata[bankCode]': 'maybank2u',
      'payment_intent_data[description]': 'Servauto order SA2506021234',
      'payment_intent_data[metadata][orderNo]': 'SA2506021234',
      'payment_intent_data[metadata][paymentId]': '5d0f3a8e-7a51-4c3e-9d0b-1a2b3c4d5e6f',
      expires_at: String(nowSeconds + 60 * 60),
      success_url: RETURN_URL,
      cancel_url: RETURN_URL,
      locale: 'ms',
    });
    expect(result).toEqual({ providerRef: 'cs_test_' + result.providerRef.split('_').at(-1), redirectUrl: `https://checkout.stripe.com/c/pay/${result.providerRef}` });
  });

  test('GrabPay and card sessions offer that method only', async () => {
    await stripe.createCheckout(checkout({ payMethod: 'grabpay', bankCode: undefined, paymentId: 'pay-grab' }));
    await stripe.createCheckout(checkout({ payMethod: 'card', bankCode: undefined, paymentId: 'pay-card', locale: 'zh-cn' }));
    expect(double.requests.map((r) => r.form.getAll('allowed_payment_method_types[0]'))).toEqual([['grabpay'], ['card']]);
    expect(double.requests[1]!.form.get('locale')).toBe('zh');
  });

  test('a payment time under Stripe’s 30 minutes gets a session of 31 minutes', async () => {
    await stripe.createCheckout(checkout({ expiresAt: new Date(NOW.getTime() + 12 * 60_000) }));
    expect(double.requests[0]!.form.get('expires_at')).toBe(String(nowSeconds + 31 * 60));
  });

  test('Touch ’n Go is refused with the customer’s message, and Stripe is never asked', async () => {
    const refusal = await stripe.createCheckout(checkout({ payMethod: 'tng', bankCode: undefined })).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(PaymentRefused);
    expect((refusal as PaymentRefused).key).toBe('gateway.tngNotOffered');
    expect(double.requests).toEqual([]);
  });

  test('asking twice for one payment gets one session', async () => {
    const first = await stripe.createCheckout(checkout({ paymentId: 'pay-twice' }));
    const second = await stripe.createCheckout(checkout({ paymentId: 'pay-twice' }));
    expect(second.providerRef).toBe(first.providerRef);
    expect(double.sessions.size).toBeGreaterThan(0);
    expect([...double.sessions.values()].filter((s) => s.client_reference_id === 'pay-twice')).toHaveLength(1);
  });

  test('Stripe out of reach is an outage to retry, not an error of the order', async () => {
    double.answerNext(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } }, { 'Stripe-Should-Retry': 'false' });
    await expect(stripe.createCheckout(checkout({ paymentId: 'pay-outage' }))).rejects.toBeInstanceOf(PaymentUnavailable);
  });

  test('an amount Stripe will not take is refused with a message', async () => {
    double.answerNext(400, { error: { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least RM 2.00 myr' } });
    await expect(stripe.createCheckout(checkout({ paymentId: 'pay-small', amountSen: 150 }))).rejects.toMatchObject({ key: 'gateway.amountTooSmall' });
  });
});

describe('asking Stripe about a session', () => {
  test('retrieves the session with its payment intent, and reads paid', async () => {
    const { providerRef } = await stripe.createCheckout(checkout({ paymentId: 'pay-status' }));
    double.requests.length = 0;
    expect(await stripe.paymentStatus(providerRef)).toEqual({ state: 'pending', amountSen: 15_900, currency: 'MYR', eventId: null });
    double.pay(providerRef);
    expect(await stripe.paymentStatus(providerRef)).toEqual({ state: 'paid', amountSen: 15_900, currency: 'MYR', eventId: `${providerRef}:paid` });
    expect(double.requests.map((r) => [r.method, r.path, r.query.get('expand[0]')])).toEqual([
      ['GET', `/v1/checkout/sessions/${providerRef}`, 'payment_intent'],
      ['GET', `/v1/checkout/sessions/${providerRef}`, 'payment_intent'],
    ]);
  });

  test('an asynchronous payment that failed reads failed', async () => {
    const { providerRef } = await stripe.createCheckout(checkout({ paymentId: 'pay-async' }));
    double.pay(providerRef, 'requires_payment_method');
    expect((await stripe.paymentStatus(providerRef)).state).toBe('failed');
  });

  test('closing an open session expires it at Stripe; a paid one is left alone', async () => {
    const open = await stripe.createCheckout(checkout({ paymentId: 'pay-close' }));
    await stripe.expireCheckout!(open.providerRef);
    expect(double.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/checkout/sessions/${open.providerRef}/expire` });
    expect((await stripe.paymentStatus(open.providerRef)).state).toBe('expired');

    const paid = await stripe.createCheckout(checkout({ paymentId: 'pay-close-paid' }));
    double.pay(paid.providerRef);
    double.requests.length = 0;
    await stripe.expireCheckout!(paid.providerRef);
    expect(double.requests.map((r) => r.path)).toEqual([`/v1/checkout/sessions/${paid.providerRef}`]);
  });
});

describe('refunds', () => {
  async function paidSession(paymentId: string) {
    const { providerRef } = await stripe.createCheckout(checkout({ paymentId }));
    double.pay(providerRef);
    double.requests.length = 0;
    return providerRef;
  }

  test('go through Stripe’s refund API for the session’s payment, keyed by our refund id', async () => {
    const ref = await paidSession('pay-refund');
    const result = await stripe.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-7', reason: 'Wrong size fitted' });
    const post = double.requests.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/v1/refunds');
    expect(post.headers['idempotency-key']).toBe('refund-7');
    expect(Object.fromEntries(post.form)).toEqual({
      payment_intent: double.sessions.get(ref)!.payment_intent,
      amount: '5000',
      reason: 'requested_by_customer',
      'metadata[refundId]': 'refund-7',
      'metadata[checkoutSession]': ref,
      'metadata[paymentId]': 'pay-refund',
      'metadata[orderNo]': 'SA2506021234',
      'metadata[reason]': 'Wrong size fitted',
    });
    expect(result).toEqual({ providerRefundRef: expect.stringMatching(/^re_test_/), state: 'succeeded' });
  });

  test('the same refund id twice is one refund', async () => {
    const ref = await paidSession('pay-refund-twice');
    const first = await stripe.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-8' });
    const again = await stripe.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-8' });
    expect(again).toEqual(first);
  });

  test('a refund Stripe has not finished reads pending', async () => {
    double.refundStatus = 'pending';
    const ref = await paidSession('pay-refund-pending');
    expect((await stripe.refund({ providerRef: ref, amountSen: 100, refundId: 'refund-9' })).state).toBe('pending');
  });

  test('more than is left of the payment is refused with a message', async () => {
    const ref = await paidSession('pay-refund-over');
    await expect(stripe.refund({ providerRef: ref, amountSen: 20_000, refundId: 'refund-10' })).rejects.toMatchObject({ key: 'gateway.refundTooLarge' });
  });

  test('an unpaid session cannot be refunded, and Stripe is not asked to', async () => {
    const { providerRef } = await stripe.createCheckout(checkout({ paymentId: 'pay-unpaid' }));
    double.requests.length = 0;
    await expect(stripe.refund({ providerRef, amountSen: 100, refundId: 'refund-11' })).rejects.toMatchObject({ key: 'gateway.notPaid' });
    expect(double.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

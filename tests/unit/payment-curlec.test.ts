import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as RazorpayUtilsModule from 'razorpay/dist/utils/razorpay-utils';
import { describe, expect, test } from 'vitest';
import { curlecOptionsFromEnv, isTestKey } from '../../server/providers/payment/curlec/env.ts';
import { eventFromCurlec, linkExpiry, paymentLinkParams, statusFromLink, usedMethod, usedMethodOfEvent } from '../../server/providers/payment/curlec/mapping.ts';
import { CURLEC_API_BASE, curlecProvider, CurlecError, refundIdempotencyKey } from '../../server/providers/payment/curlec/provider.ts';
import { webhookSignatureHolds } from '../../server/providers/payment/curlec/signatures.ts';
import type { CheckoutRequest } from '../../server/providers/payment/types.ts';
import { paymentProviderFromEnv } from '../../server/providers/payment/index.ts';
import { createDoubles } from '../../dev/doubles/index.ts';
import { checkProduction } from '../../server/ops/production.ts';
import { paymentMode } from '../../server/providers/einvoice/ubl/document.ts';

type RazorpayUtils = typeof RazorpayUtilsModule;
const { validateWebhookSignature, validatePaymentVerification } = createRequire(import.meta.url)('razorpay/dist/utils/razorpay-utils.js') as RazorpayUtils;

/** Monday 2 June 2025, 10:00 in Kuala Lumpur. */
const NOW = new Date('2025-06-02T02:00:00Z');
const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'key-secret-for-tests';
const WEBHOOK_SECRET = 'webhook-secret-for-tests';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const ours = { orderNo: 'SA2506021234', paymentId: 'pay-1' };

const link = (fields: Record<string, unknown> = {}) => ({
  id: 'plink_Fc8lXILABzQL7M',
  entity: 'payment_link',
  amount: 15_900,
  amount_paid: 15_900,
  currency: 'MYR',
  status: 'paid',
  reference_id: 'pay-1',
  order_id: 'order_Fc8mUeDrEKf08Y',
  notes: ours,
  ...fields,
});
const payment = (fields: Record<string, unknown> = {}) => ({
  id: 'pay_Fc8mUeDrEKf08Y',
  entity: 'payment',
  amount: 15_900,
  currency: 'MYR',
  status: 'captured',
  method: 'wallet',
  wallet: 'touchngo',
  bank: null,
  order_id: 'order_Fc8mUeDrEKf08Y',
  notes: [],
  ...fields,
});
const refundEntity = (fields: Record<string, unknown> = {}) => ({
  id: 'rfnd_FS8TWyPrCsa0OB',
  entity: 'refund',
  amount: 5_000,
  currency: 'MYR',
  payment_id: 'pay_Fc8mUeDrEKf08Y',
  status: 'processed',
  notes: { refundId: 'refund-1', paymentLinkId: 'plink_Fc8lXILABzQL7M', paymentId: 'pay-1', orderNo: 'SA2506021234' },
  ...fields,
});
const webhook = (event: string, payload: Record<string, unknown>) => ({ entity: 'event', account_id: 'acc_OU2H3nkLn9jDVo', event, contains: Object.keys(payload), payload, created_at: 1749618314 });
const paidLinkEvent = () => webhook('payment_link.paid', { payment_link: { entity: link() }, payment: { entity: payment() } });

function provider(fetchImpl?: typeof fetch) {
  return curlecProvider({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: 'http://curlec.test', now: () => NOW, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

function signedHeaders(rawBody: string, eventId = 'Jp6c8W9oJ1AcGq', secret = WEBHOOK_SECRET) {
  return new Headers({ 'x-razorpay-signature': hmac(secret, rawBody), 'x-razorpay-event-id': eventId, 'content-type': 'application/json' });
}

describe('a Curlec webhook', () => {
  test('signed with the webhook secret is taken, as the razorpay package checks it', async () => {
    const raw = JSON.stringify(paidLinkEvent());
    const headers = signedHeaders(raw);
    expect(validateWebhookSignature(raw, headers.get('x-razorpay-signature')!, WEBHOOK_SECRET)).toBe(true);
    const verdict = await provider().verifyCallback(raw, headers);
    expect(verdict).toEqual({
      ok: true,
      event: { eventId: 'Jp6c8W9oJ1AcGq', kind: 'payment.succeeded', providerRef: 'plink_Fc8lXILABzQL7M', paymentId: 'pay-1', orderNo: 'SA2506021234', amountSen: 15_900, currency: 'MYR', used: { method: 'tng' } },
    });
  });

  test('holds for the razorpay package’s own published example, and not for another body', () => {
    // The body, secret and signature the razorpay package's own tests check validateWebhookSignature with.
    const body = '{"a":1,"b":2,"c":{"d":3}}';
    const signature = '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc';
    expect(webhookSignatureHolds(body, signature, '123456')).toBe(true);
    expect(webhookSignatureHolds('{"a":1,"b":2,"c":{"d":4}}', signature, '123456')).toBe(false);
    expect(webhookSignatureHolds(body, signature, '')).toBe(false);
  });

  test('whose body was changed after signing is refused', async () => {
    const raw = JSON.stringify(paidLinkEvent());
    const headers = signedHeaders(raw);
    const tampered = raw.replace('"amount":15900', '"amount":1');
    expect(tampered).not.toBe(raw);
    expect(validateWebhookSignature(tampered, headers.get('x-razorpay-signature')!, WEBHOOK_SECRET)).toBe(false);
    const verdict = await provider().verifyCallback(tampered, headers);
    expect(verdict.ok).toBe(false);
    expect(verdict).not.toHaveProperty('unusable');
  });

  test('signed with another secret, or unsigned, is refused', async () => {
    const raw = JSON.stringify(paidLinkEvent());
    expect((await provider().verifyCallback(raw, signedHeaders(raw, 'evt', KEY_SECRET))).ok).toBe(false);
    expect(await provider().verifyCallback(raw, new Headers({ 'x-razorpay-event-id': 'evt' }))).toEqual({ ok: false, reason: 'no X-Razorpay-Signature header' });
  });

  test('without its event id is refused: it could not be taken only once', async () => {
    const raw = JSON.stringify(paidLinkEvent());
    const headers = signedHeaders(raw);
    headers.delete('x-razorpay-event-id');
    expect(await provider().verifyCallback(raw, headers)).toEqual({ ok: false, reason: 'no x-razorpay-event-id header' });
  });

  test('in another currency is refused and kept for review', async () => {
    const body = webhook('payment_link.paid', { payment_link: { entity: link({ currency: 'USD' }) }, payment: { entity: payment({ currency: 'USD' }) } });
    const raw = JSON.stringify(body);
    const verdict = await provider().verifyCallback(raw, signedHeaders(raw));
    expect(verdict.ok).toBe(false);
    expect(verdict).toMatchObject({ unusable: { eventId: 'Jp6c8W9oJ1AcGq', kind: 'payment.succeeded' } });
  });
});

describe('what each Curlec event means for the shop', () => {
  test('payment_link.paid: the link is paid, by the amount the payment carries', () => {
    expect(eventFromCurlec('e1', paidLinkEvent())).toMatchObject({ ok: true, event: { kind: 'payment.succeeded', providerRef: 'plink_Fc8lXILABzQL7M', amountSen: 15_900 } });
  });

  test('payment_link.paid for a link the shop did not make: nothing to do', () => {
    const body = webhook('payment_link.paid', { payment_link: { entity: link({ notes: { policy: 'x' } }) }, payment: { entity: payment() } });
    expect(eventFromCurlec('e1', body)).toEqual({ ok: true, event: null });
  });

  test('payment.captured naming the shop’s link: paid', () => {
    const body = webhook('payment.captured', { payment: { entity: payment() }, payment_link: { entity: link() } });
    expect(eventFromCurlec('e2', body)).toMatchObject({ ok: true, event: { kind: 'payment.succeeded', providerRef: 'plink_Fc8lXILABzQL7M', paymentId: 'pay-1' } });
  });

  test('a paid event names the method the customer used on Curlec’s page', () => {
    expect(eventFromCurlec('e1', paidLinkEvent())).toMatchObject({ ok: true, event: { used: { method: 'tng' } } });
    const byCard = webhook('payment.captured', { payment: { entity: payment({ method: 'card', wallet: null, card: { type: 'debit', network: 'Visa' } }) }, payment_link: { entity: link() } });
    expect(eventFromCurlec('e2', byCard)).toMatchObject({ ok: true, event: { used: { method: 'card', cardType: 'debit' } } });
    const byFpx = webhook('payment_link.paid', { payment_link: { entity: link() }, payment: { entity: payment({ method: 'fpx', wallet: null, bank: 'PBB0233' }) } });
    expect(eventFromCurlec('e3', byFpx)).toMatchObject({ ok: true, event: { used: { method: 'fpx', bank: 'public_bank' } } });
  });

  test('payment.captured naming no link of the shop’s: left to payment_link.paid', () => {
    expect(eventFromCurlec('e2', webhook('payment.captured', { payment: { entity: payment() } }))).toEqual({ ok: true, event: null });
  });

  test('payment.failed: the attempt failed', () => {
    const body = webhook('payment.failed', { payment: { entity: payment({ status: 'failed' }) }, payment_link: { entity: link({ status: 'created', amount_paid: 0 }) } });
    expect(eventFromCurlec('e3', body)).toMatchObject({ ok: true, event: { kind: 'payment.failed', providerRef: 'plink_Fc8lXILABzQL7M' } });
  });

  test('refund.processed: the shop’s refund succeeded', () => {
    const body = webhook('refund.processed', { refund: { entity: refundEntity() }, payment: { entity: payment() } });
    expect(eventFromCurlec('e4', body)).toEqual({
      ok: true,
      event: { eventId: 'e4', kind: 'refund.succeeded', providerRef: 'plink_Fc8lXILABzQL7M', paymentId: 'pay-1', orderNo: 'SA2506021234', refundId: 'refund-1', amountSen: 5_000, currency: 'MYR' },
    });
  });

  test('refund.failed: the shop’s refund failed', () => {
    const body = webhook('refund.failed', { refund: { entity: refundEntity({ status: 'failed' }) }, payment: { entity: payment() } });
    expect(eventFromCurlec('e5', body)).toMatchObject({ ok: true, event: { kind: 'refund.failed', refundId: 'refund-1' } });
  });

  test('a refund made in Curlec’s dashboard: nothing of the shop’s', () => {
    const body = webhook('refund.processed', { refund: { entity: refundEntity({ notes: { comment: 'x' } }) } });
    expect(eventFromCurlec('e6', body)).toEqual({ ok: true, event: null });
  });

  test('an event the shop does not use, and a body that is no event', () => {
    expect(eventFromCurlec('e7', webhook('payment.authorized', { payment: { entity: payment() } }))).toEqual({ ok: true, event: null });
    expect(eventFromCurlec('e8', { hello: 'world' })).toMatchObject({ ok: false });
    expect(eventFromCurlec('e9', webhook('payment_link.paid', {}))).toEqual({ ok: false, reason: 'the event holds no payment link' });
  });

  test('the method used, in the shop’s words', () => {
    expect(usedMethodOfEvent(paidLinkEvent())).toEqual({ method: 'tng' });
    expect(usedMethod({ method: 'wallet', wallet: 'grabpay' })).toEqual({ method: 'grabpay' });
    expect(usedMethod({ method: 'wallet', wallet: 'shopeepay' })).toEqual({ method: 'shopeepay' });
    expect(usedMethod({ method: 'wallet', wallet: 'boost' })).toEqual({ method: 'boost' });
    // Curlec's FPX bank ids become the shop's bank codes; a bank the shop does not list keeps Curlec's.
    expect(usedMethod({ method: 'fpx', bank: 'MB2U0227' })).toEqual({ method: 'fpx', bank: 'maybank2u' });
    expect(usedMethod({ method: 'fpx', bank: 'BCBB0235' })).toEqual({ method: 'fpx', bank: 'cimb' });
    expect(usedMethod({ method: 'netbanking', bank: 'XYZ0999' })).toEqual({ method: 'fpx', bank: 'XYZ0999' });
    expect(usedMethod({ method: 'card' })).toEqual({ method: 'card' });
    expect(usedMethod({ method: 'card', card: { type: 'debit' } })).toEqual({ method: 'card', cardType: 'debit' });
    expect(usedMethod({ method: 'card', card: { type: 'credit' } })).toEqual({ method: 'card', cardType: 'credit' });
    expect(usedMethod({ method: 'card', card: { type: 'prepaid' } })).toEqual({ method: 'card' });
    expect(usedMethod({ method: 'wallet', wallet: 'paypal' })).toBeNull();
  });

  test('pay later is Atome: named as its provider or its wallet, or naming none (Curlec’s only one in Malaysia); another lender is not', () => {
    expect(usedMethod({ method: 'paylater', provider: 'atome' })).toEqual({ method: 'atome' });
    expect(usedMethod({ method: 'paylater', wallet: 'atome' })).toEqual({ method: 'atome' });
    expect(usedMethod({ method: 'PayLater', provider: 'Atome', wallet: null })).toEqual({ method: 'atome' });
    expect(usedMethod({ method: 'paylater' })).toEqual({ method: 'atome' });
    expect(usedMethod({ method: 'paylater', provider: '', wallet: null })).toEqual({ method: 'atome' });
    expect(usedMethod({ method: 'paylater', provider: 'getsimpl' })).toBeNull();
    expect(usedMethod({ method: 'paylater', wallet: 'lazypay' })).toBeNull();
    // Atome is never a wallet of its own: an e-wallet payment naming it is not one the shop knows.
    expect(usedMethod({ method: 'wallet', wallet: 'atome' })).toBeNull();
    // A webhook's payment says it the same way.
    expect(usedMethodOfEvent(webhook('payment_link.paid', { payment_link: { entity: link() }, payment: { entity: payment({ method: 'paylater', wallet: 'atome', provider: 'atome' }) } }))).toEqual({ method: 'atome' });
    expect(eventFromCurlec('evt_1', webhook('payment.captured', { payment_link: { entity: link() }, payment: { entity: payment({ method: 'paylater', wallet: null, provider: 'atome' }) } }))).toMatchObject({
      ok: true,
      event: { kind: 'payment.succeeded', used: { method: 'atome' } },
    });
  });
});

describe('the customer’s return from a payment link', () => {
  const query = (status = 'paid', secret = KEY_SECRET) => {
    const ids = { razorpay_payment_id: 'pay_Fc8mUeDrEKf08Y', razorpay_payment_link_id: 'plink_Fc8lXILABzQL7M', razorpay_payment_link_reference_id: 'pay-1', razorpay_payment_link_status: status };
    const signature = hmac(secret, `${ids.razorpay_payment_link_id}|${ids.razorpay_payment_link_reference_id}|${ids.razorpay_payment_link_status}|${ids.razorpay_payment_id}`);
    return new URLSearchParams({ ...ids, razorpay_signature: signature });
  };

  test('signed with the key secret is believed, as the razorpay package checks it', () => {
    const q = query();
    expect(
      validatePaymentVerification({ payment_link_id: 'plink_Fc8lXILABzQL7M', payment_link_reference_id: 'pay-1', payment_link_status: 'paid', payment_id: 'pay_Fc8mUeDrEKf08Y' }, q.get('razorpay_signature')!, KEY_SECRET),
    ).toBe(true);
    expect(provider().verifyReturn(q)).toEqual({ ok: true, link: { paymentLinkId: 'plink_Fc8lXILABzQL7M', referenceId: 'pay-1', status: 'paid', paymentId: 'pay_Fc8mUeDrEKf08Y' } });
  });

  test('with its status changed is not believed', () => {
    const q = query('partially_paid');
    q.set('razorpay_payment_link_status', 'paid');
    expect(provider().verifyReturn(q)).toEqual({ ok: false, reason: 'the return signature does not hold' });
  });

  test('signed with the webhook secret, or unsigned, is not believed', () => {
    expect(provider().verifyReturn(query('paid', WEBHOOK_SECRET)).ok).toBe(false);
    const q = query();
    q.delete('razorpay_signature');
    expect(provider().verifyReturn(q)).toEqual({ ok: false, reason: 'the return names no razorpay_signature' });
  });
});

describe('the Payment Link the shop asks for', () => {
  const request: CheckoutRequest = {
    paymentId: 'pay-1',
    orderNo: 'SA2506021234',
    amountSen: 15_900,
    currency: 'MYR',
    payMethod: 'tng',
    description: 'Servauto order SA2506021234',
    returnUrl: 'https://shop.example/pc/pages?orderNo=SA2506021234',
    expiresAt: new Date(NOW.getTime() + 45 * 60_000),
    locale: 'en',
  };

  test('in sen and MYR, under the shop’s payment id, back to the shop by GET, without Curlec’s notices', () => {
    expect(paymentLinkParams(request, NOW, { name: 'Tan Ah Kow', contact: '+60123456789' })).toEqual({
      amount: 15_900,
      currency: 'MYR',
      accept_partial: false,
      reference_id: 'pay-1',
      description: 'Servauto order SA2506021234',
      expire_by: Math.floor(request.expiresAt.getTime() / 1000),
      customer: { name: 'Tan Ah Kow', contact: '+60123456789' },
      notify: { sms: false, email: false },
      reminder_enable: false,
      callback_url: 'https://shop.example/pc/pages?orderNo=SA2506021234',
      callback_method: 'get',
      notes: { orderNo: 'SA2506021234', paymentId: 'pay-1', payMethod: 'tng' },
      options: { checkout: { prefill: { method: 'wallet', wallet: 'touchngo' } } },
    });
  });

  test('opens Curlec’s page on the method chosen at the shop: the FPX bank by Curlec’s code, the e-wallet, the card', () => {
    const prefill = (fields: Partial<CheckoutRequest>) => paymentLinkParams({ ...request, ...fields }, NOW).options?.checkout.prefill;
    expect(prefill({ payMethod: 'fpx', bankCode: 'maybank2u' })).toEqual({ method: 'fpx', bank: 'MB2U0227' });
    expect(prefill({ payMethod: 'fpx', bankCode: 'public_bank' })).toEqual({ method: 'fpx', bank: 'PBB0233' });
    expect(prefill({ payMethod: 'fpx' })).toEqual({ method: 'fpx' });
    expect(prefill({ payMethod: 'card' })).toEqual({ method: 'card' });
    expect(prefill({ payMethod: 'grabpay' })).toEqual({ method: 'wallet', wallet: 'grabpay' });
    expect(prefill({ payMethod: 'shopeepay' })).toEqual({ method: 'wallet', wallet: 'shopeepay' });
    expect(prefill({ payMethod: 'boost' })).toEqual({ method: 'wallet', wallet: 'boost' });
    // Atome: Curlec's pay later, by its provider code.
    expect(prefill({ payMethod: 'atome' })).toEqual({ method: 'paylater', provider: 'atome' });
    // With the e-mail when the order has one: Curlec preselects only for a customer with contact and e-mail.
    expect(paymentLinkParams(request, NOW, { contact: '+60123456789', email: 'tan@example.my' }).customer).toEqual({ contact: '+60123456789', email: 'tan@example.my' });
  });

  test('expiring at the pay-by time, or a quarter of an hour from now at the soonest', () => {
    expect(linkExpiry(new Date(NOW.getTime() + 5 * 60_000), NOW)).toBe(Math.floor(NOW.getTime() / 1000) + 16 * 60);
  });

  test('is created with Basic auth at the configured address; a wrong key is Curlec’s 401', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const ok = provider(async (url, init) => {
      calls.push({ url: String(url), init: init! });
      return Response.json({ ...link({ status: 'created', amount_paid: 0 }), short_url: 'https://rzp.io/i/nxrHnLJ' });
    });
    expect(await ok.createCheckout(request)).toEqual({ providerRef: 'plink_Fc8lXILABzQL7M', redirectUrl: 'https://rzp.io/i/nxrHnLJ' });
    expect(calls[0]!.url).toBe('http://curlec.test/v1/payment_links');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    const refused = provider(async () => Response.json({ error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } }, { status: 401 }));
    await expect(refused.createCheckout(request)).rejects.toBeInstanceOf(CurlecError);
  });

  test('a refund goes against the payment that paid the link, with a key so a retry cannot refund twice', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const p = provider(async (url, init) => {
      calls.push({ url: String(url), init: init! });
      if (String(url).endsWith('/refund')) return Response.json(refundEntity({ status: 'pending' }));
      return Response.json(link({ payments: [{ payment_id: 'pay_Fc8mUeDrEKf08Y', amount: 15_900, status: 'captured' }] }));
    });
    expect(await p.refund({ providerRef: 'plink_Fc8lXILABzQL7M', amountSen: 5_000, refundId: 'refund-1' })).toEqual({ providerRefundRef: 'rfnd_FS8TWyPrCsa0OB', state: 'pending' });
    expect(calls[1]!.url).toBe('http://curlec.test/v1/payments/pay_Fc8mUeDrEKf08Y/refund');
    expect(new Headers(calls[1]!.init.headers).get('x-refund-idempotency')).toBe(refundIdempotencyKey('refund-1'));
    expect(JSON.parse(String(calls[1]!.init.body))).toMatchObject({ amount: 5_000, notes: { refundId: 'refund-1', paymentLinkId: 'plink_Fc8lXILABzQL7M' } });
  });

  test('the link’s own status is the truth about it', () => {
    expect(statusFromLink(link() as never)).toEqual({ state: 'paid', amountSen: 15_900, currency: 'MYR', eventId: 'plink_Fc8lXILABzQL7M:paid' });
    expect(statusFromLink(link({ status: 'created' }) as never)).toMatchObject({ state: 'pending', eventId: null });
    expect(statusFromLink(link({ status: 'cancelled' }) as never)).toMatchObject({ state: 'expired' });
  });
});

describe('the Curlec settings', () => {
  const env = { CURLEC_KEY_ID: KEY_ID, CURLEC_KEY_SECRET: KEY_SECRET, CURLEC_WEBHOOK_SECRET: WEBHOOK_SECRET };

  test('Curlec’s own address unless another is given', () => {
    expect(curlecOptionsFromEnv(env)).toEqual({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiBase: CURLEC_API_BASE });
    expect(curlecOptionsFromEnv({ ...env, CURLEC_API_BASE: 'http://127.0.0.1:4010/' }).apiBase).toBe('http://127.0.0.1:4010');
  });

  test('a missing secret or a wrong address stops the start, naming it', () => {
    expect(() => curlecOptionsFromEnv({ CURLEC_KEY_ID: KEY_ID })).toThrow('PAYMENT_PROVIDER=curlec needs CURLEC_KEY_SECRET, CURLEC_WEBHOOK_SECRET');
    expect(() => curlecOptionsFromEnv({ ...env, CURLEC_API_BASE: 'ftp://x' })).toThrow('CURLEC_API_BASE must be an http or https address, not "ftp://x"');
  });

  test('test keys are told apart from live ones', () => {
    expect(isTestKey(KEY_ID)).toBe(true);
    expect(isTestKey('rzp_live_1DP5mmOlF5G5ag')).toBe(false);
  });
});

describe('choosing Curlec', () => {
  const env = { PAYMENT_PROVIDER: 'curlec', CURLEC_KEY_ID: KEY_ID, CURLEC_KEY_SECRET: KEY_SECRET, CURLEC_WEBHOOK_SECRET: WEBHOOK_SECRET };
  const deps = { db: null as never, secret: 'x', origin: 'http://127.0.0.1:3000' };

  test('PAYMENT_PROVIDER=curlec takes card, FPX, the e-wallets, DuitNow QR and Atome', () => {
    const p = paymentProviderFromEnv(env, deps);
    expect(p.name).toBe('curlec');
    expect(p.methods).toEqual(['card', 'fpx', 'tng', 'grabpay', 'shopeepay', 'boost', 'duitnow', 'atome']);
  });

  test('without its secrets it does not start', () => {
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'curlec', CURLEC_KEY_ID: KEY_ID }, deps)).toThrow('PAYMENT_PROVIDER=curlec needs CURLEC_KEY_SECRET, CURLEC_WEBHOOK_SECRET');
  });

  test('CURLEC_DOUBLE=1 talks to the double inside this server, on its demo keys', async () => {
    const env = { PAYMENT_PROVIDER: 'curlec', CURLEC_DOUBLE: '1' };
    // Only with the doubles handed in (npm start, the tests): a production start has none.
    expect(() => paymentProviderFromEnv(env, deps)).toThrow(/^CURLEC_DOUBLE=1 is served by a double/);
    const p = paymentProviderFromEnv(env, deps, createDoubles(env));
    expect(p.name).toBe('curlec');
    // The double's own webhook secret is the one the shop checks.
    const body = JSON.stringify(paidLinkEvent());
    const verdict = await p.verifyCallback(body, new Headers({ 'x-razorpay-signature': hmac('demo-curlec-webhook-secret-not-for-money', body), 'x-razorpay-event-id': 'evt_1' }));
    expect(verdict).toMatchObject({ ok: true });
  });
});

describe('a production start with Curlec', () => {
  const live: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'curlec',
    CURLEC_KEY_ID: 'rzp_live_1DP5mmOlF5G5ag',
    CURLEC_KEY_SECRET: 'live-key-secret-0123456789',
    CURLEC_WEBHOOK_SECRET: 'live-webhook-secret-0123456789',
  };
  const paymentLines = (env: NodeJS.ProcessEnv) => {
    const { problems, escapes } = checkProduction(env, null);
    return { problems: problems.filter((p) => /CURLEC|PAYMENT_PROVIDER/.test(p)), escapes };
  };

  test('on live keys with its three secrets: no problem', () => {
    expect(paymentLines(live)).toEqual({ problems: [], escapes: [] });
  });

  test('without its secrets: refused, naming each', () => {
    const { problems } = paymentLines({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'curlec' });
    expect(problems).toEqual([
      "CURLEC_KEY_ID is not set: Curlec payments need the account's API key id",
      "CURLEC_KEY_SECRET is not set: Curlec payments need the account's API key secret",
      "CURLEC_WEBHOOK_SECRET is not set: Curlec's webhooks are verified with the webhook's secret",
    ]);
  });

  test('on test keys: refused, unless ALLOW_TEST_PAYMENTS=1, which is announced as staging only', () => {
    const test = { ...live, CURLEC_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag' };
    expect(paymentLines(test).problems).toEqual(['CURLEC_KEY_ID is a test key (rzp_test_…), which takes no money: set the live keys (rzp_live_…) (or ALLOW_TEST_PAYMENTS=1 on a staging site)']);
    expect(paymentLines({ ...test, ALLOW_TEST_PAYMENTS: '1' })).toEqual({
      problems: [],
      escapes: ['ALLOW_TEST_PAYMENTS=1: CURLEC_KEY_ID is a test key (rzp_test_…), no money is taken; a staging site only'],
    });
  });

  test('the double is refused', () => {
    expect(paymentLines({ ...live, CURLEC_DOUBLE: '1' }).problems).toEqual(['CURLEC_DOUBLE=1 answers payments with the Curlec double, which takes no money: unset it']);
  });
});

describe('the e-invoice’s payment mode', () => {
  test('card 04, or 05 when the provider says debit; e-wallets 06; FPX and DuitNow 03', () => {
    expect(paymentMode({ method: 'card' })).toBe('04');
    expect(paymentMode({ method: 'card', cardType: 'credit' })).toBe('04');
    expect(paymentMode({ method: 'card', cardType: 'debit' })).toBe('05');
    for (const method of ['tng', 'grabpay', 'shopeepay', 'boost'] as const) expect(paymentMode({ method })).toBe('06');
    expect(paymentMode({ method: 'fpx' })).toBe('03');
    expect(paymentMode({ method: 'duitnow' })).toBe('03');
  });
});

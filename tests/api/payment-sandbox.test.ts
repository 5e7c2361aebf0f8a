import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { PaymentRefused, paymentProviderFromEnv, sandboxPages, type CheckoutRequest, type ProviderEvent, type SandboxProvider } from '../../server/providers/payment/index.ts';
import { sandboxProvider } from '../../server/providers/payment/sandbox/provider.ts';
import { sandboxKey, signToken } from '../../server/providers/payment/sandbox/signing.ts';

/**
 * The sandbox gateway end to end: its hosted page mounted as the server mounts it, Pay and
 * Fail delivering signed callbacks over HTTP (app.request) to a callback route that checks
 * them with verifyCallback, and the sandbox's own records in the database.
 */

const SECRET = 'servauto-test-secret';
/** Monday 2 June 2025, 10:00 in Kuala Lumpur. */
const START = new Date('2025-06-02T02:00:00Z');
const onPostgres = Boolean(process.env.DATABASE_URL);
const RETURN_URL = 'http://shop.test/pc/pages?orderNo=SA2506021234';

interface Received {
  body: string;
  signature: string | null;
  verdict: Awaited<ReturnType<SandboxProvider['verifyCallback']>>;
}

let database: Database;
let clock: number;
let received: Received[];
/** What the shop's callback route answers next (500: the shop is having trouble). */
let callbackStatus: number[];
let provider: SandboxProvider;
let app: Hono;
let counter = 0;

function build(key = sandboxKey(undefined, SECRET)) {
  const shop = new Hono();
  const built = sandboxProvider({
    db: database.db,
    key,
    callbackUrl: 'http://shop.test/api/pay/callback/sandbox',
    now: () => new Date(clock),
    retryDelaysMs: [5, 5],
    log: () => {},
    deliver: (url, body, headers) => shop.request(url, { method: 'POST', body, headers }),
  });
  // What the orders side mounts: the page outside /api, the callback route inside.
  shop.route('/pay/sandbox', sandboxPages(built));
  shop.post('/api/pay/callback/sandbox', async (c) => {
    const body = await c.req.text();
    const verdict = await built.verifyCallback(body, c.req.raw.headers);
    received.push({ body, signature: c.req.header('x-sandbox-signature') ?? null, verdict });
    const status = callbackStatus.shift();
    if (status) return c.text('busy', status as 500);
    return built.callbackReply(verdict.ok ? 'processed' : 'refused', verdict.ok ? undefined : verdict.reason);
  });
  return { provider: built, app: shop };
}

function request(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  counter++;
  return {
    paymentId: `pay-${counter}`,
    orderNo: 'SA2506021234',
    amountSen: 15_900,
    currency: 'MYR',
    payMethod: 'fpx',
    bankCode: 'maybank2u',
    description: 'Servauto order SA2506021234',
    returnUrl: RETURN_URL,
    expiresAt: new Date(clock + 30 * 60_000),
    locale: 'en',
    ...overrides,
  };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const events = (): ProviderEvent[] => received.map((r) => (r.verdict.ok ? r.verdict.event! : null)).filter((e): e is ProviderEvent => e !== null);

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  provider?.stop();
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table sandbox_refunds, sandbox_checkouts`);
  clock = START.getTime();
  received = [];
  callbackStatus = [];
  ({ provider, app } = build());
});

describe('opening the hosted page', () => {
  test('the checkout answers a page on the shop’s own origin that shows the order, amount and time left', async () => {
    const checkout = await provider.createCheckout(request());
    expect(checkout.providerRef).toMatch(/^sbx_/);
    expect(checkout.redirectUrl).toMatch(/^\/pay\/sandbox\/[\w-]+\.[\w-]+$/);
    const res = await app.request(checkout.redirectUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('SA2506021234');
    expect(html).toContain('RM 159.00');
    expect(html).toContain('30 minutes');
    expect(html).toContain('value="fpx" checked');
    expect(html).toContain('<option value="maybank2u" selected>');
  });

  test('a token with the amount changed is refused, and so is one the shop never made', async () => {
    const checkout = await provider.createCheckout(request());
    const [, signature] = checkout.redirectUrl.split('/').at(-1)!.split('.');
    const cheaper = Buffer.from(JSON.stringify([checkout.providerRef, 100, 'MYR', clock + 30 * 60_000])).toString('base64url');
    const altered = await app.request(`/pay/sandbox/${cheaper}.${signature}`);
    expect(altered.status).toBe(404);
    expect(await altered.text()).toContain('This payment link is not valid.');

    const forged = signToken('a forger’s key', { checkout: checkout.providerRef, amountSen: 100, currency: 'MYR', expiresAt: clock + 30 * 60_000 });
    expect((await app.request(`/pay/sandbox/${forged}`)).status).toBe(404);
    expect((await app.request('/pay/sandbox/sbx_guess')).status).toBe(404);
  });

  test('a forged token cannot pay: nothing is sent and nothing changes', async () => {
    const checkout = await provider.createCheckout(request());
    const forged = signToken('a forger’s key', { checkout: checkout.providerRef, amountSen: 15_900, currency: 'MYR', expiresAt: clock + 30 * 60_000 });
    const res = await app.request(`/pay/sandbox/${forged}`, form({ outcome: 'pay', method: 'card' }));
    expect(res.status).toBe(404);
    expect(received).toEqual([]);
    expect((await provider.paymentStatus(checkout.providerRef)).state).toBe('pending');
  });

  test('the page is in the customer’s language, and another one on request', async () => {
    const zh = await provider.createCheckout(request({ locale: 'zh-cn' }));
    const zhHtml = await (await app.request(zh.redirectUrl)).text();
    expect(zhHtml).toContain('<html lang="zh-CN">');
    expect(zhHtml).toMatch(/value="pay"[^>]*>付款</);
    const ms = await provider.createCheckout(request({ locale: 'ms' }));
    const msHtml = await (await app.request(ms.redirectUrl)).text();
    expect(msHtml).toContain('Baki masa untuk membayar');
    expect(msHtml).toMatch(/value="fail"[^>]*>Gagal</);
    const asked = await (await app.request(`${ms.redirectUrl}?lang=en`)).text();
    expect(asked).toContain('Time left to pay');
  });

  test('an expired checkout’s page says so and offers no Pay; pressing Pay anyway sends nothing', async () => {
    const checkout = await provider.createCheckout(request());
    clock += 31 * 60_000;
    const html = await (await app.request(checkout.redirectUrl)).text();
    expect(html).toContain('The time to pay for this order has run out.');
    expect(html).not.toContain('value="pay"');
    const res = await app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'card' }));
    expect(res.status).toBe(409);
    expect(received).toEqual([]);
    expect(await provider.paymentStatus(checkout.providerRef)).toMatchObject({ state: 'expired', amountSen: 15_900 });
  });

  test('the page’s headers allow its own style and form only, and the way back to the shop', async () => {
    const checkout = await provider.createCheckout(request());
    const csp = (await app.request(checkout.redirectUrl)).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://shop.test");
    expect(csp).toMatch(/style-src 'sha256-[\w+/=]+'/);
  });
});

describe('Pay and Fail', () => {
  test('Pay sends one signed payment.succeeded and returns the browser to the shop', async () => {
    const checkout = await provider.createCheckout(request());
    const res = await app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(RETURN_URL);
    expect(received).toHaveLength(1);
    expect(received[0]!.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(received[0]!.verdict).toEqual({
      ok: true,
      event: {
        eventId: expect.stringMatching(/^evt_sbx_/),
        kind: 'payment.succeeded',
        providerRef: checkout.providerRef,
        paymentId: `pay-${counter}`,
        orderNo: 'SA2506021234',
        amountSen: 15_900,
        currency: 'MYR',
      },
    });
    expect(JSON.parse(received[0]!.body).data).toMatchObject({ payMethod: 'fpx', bankCode: 'cimb' });
    expect(await provider.paymentStatus(checkout.providerRef)).toEqual({ state: 'paid', amountSen: 15_900, currency: 'MYR', eventId: events()[0]!.eventId });
    expect(await (await app.request(checkout.redirectUrl)).text()).toContain('This order has been paid.');
  });

  test('Fail sends one signed payment.failed, returns to the shop, and the page still takes a payment', async () => {
    const checkout = await provider.createCheckout(request({ payMethod: 'tng', bankCode: undefined }));
    const res = await app.request(checkout.redirectUrl, form({ outcome: 'fail', method: 'tng', bank: '' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(RETURN_URL);
    expect(events().map((e) => e.kind)).toEqual(['payment.failed']);
    expect((await provider.paymentStatus(checkout.providerRef)).state).toBe('failed');
    const html = await (await app.request(checkout.redirectUrl)).text();
    expect(html).toContain('The last attempt failed. You can try again.');
    expect((await app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'tng' }))).status).toBe(303);
    expect(events().map((e) => e.kind)).toEqual(['payment.failed', 'payment.succeeded']);
    expect((await provider.paymentStatus(checkout.providerRef)).state).toBe('paid');
  });

  test('pressing Pay twice sends two events with their own ids for one payment', async () => {
    const checkout = await provider.createCheckout(request({ payMethod: 'card', bankCode: undefined }));
    const presses = await Promise.all([1, 2].map(() => app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'card' }))));
    expect(presses.map((r) => r.status)).toEqual([303, 303]);
    const [first, second] = events();
    expect(first!.eventId).not.toBe(second!.eventId);
    expect([first!.providerRef, second!.providerRef]).toEqual([checkout.providerRef, checkout.providerRef]);
    expect(first!.paymentId).toBe(second!.paymentId);
    // The status names one of them, and keeps naming it.
    const { eventId } = await provider.paymentStatus(checkout.providerRef);
    expect([first!.eventId, second!.eventId]).toContain(eventId);
    expect((await provider.paymentStatus(checkout.providerRef)).eventId).toBe(eventId);
  });

  test('Fail after the payment went through is refused and sends nothing', async () => {
    const checkout = await provider.createCheckout(request());
    await app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    const res = await app.request(checkout.redirectUrl, form({ outcome: 'fail', method: 'fpx' }));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('This order has been paid.');
    expect(events().map((e) => e.kind)).toEqual(['payment.succeeded']);
  });

  test.each([
    ['FPX without a bank', { outcome: 'pay', method: 'fpx', bank: '' }, 'Please choose your bank.'],
    ['a bank FPX does not have', { outcome: 'pay', method: 'fpx', bank: 'gringotts' }, 'Please choose your bank.'],
    ['no method', { outcome: 'pay' }, 'Please choose how to pay.'],
    ['a method nobody offers', { outcome: 'pay', method: 'cash' }, 'Please choose how to pay.'],
    ['neither Pay nor Fail', { outcome: 'refund', method: 'card' }, 'Please press Pay or Fail.'],
  ])('%s: the page says what is missing, in the customer’s language, and nothing is sent', async (_, fields, text) => {
    const checkout = await provider.createCheckout(request());
    const res = await app.request(checkout.redirectUrl, form(fields));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(text);
    expect(received).toEqual([]);
    expect((await provider.paymentStatus(checkout.providerRef)).state).toBe('pending');
  });

  test('the error comes in the language the page was showing', async () => {
    const checkout = await provider.createCheckout(request());
    const res = await app.request(`${checkout.redirectUrl}?lang=ms`, form({ outcome: 'pay', method: 'fpx' }));
    expect(await res.text()).toContain('Sila pilih bank anda.');
  });

  test('when the shop cannot take the callback, the browser still goes back and the callback comes again', async () => {
    callbackStatus = [500];
    const checkout = await provider.createCheckout(request());
    const res = await app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'rhb' }));
    expect(res.status).toBe(303);
    await provider.idle();
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    // Asked in the meantime, the sandbox already says paid.
    expect((await provider.paymentStatus(checkout.providerRef)).state).toBe('paid');
  });
});

describe('callbacks the shop receives', () => {
  async function paidCallback() {
    const checkout = await provider.createCheckout(request());
    await app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    return received[0]!;
  }

  test('verify on the raw body and signature', async () => {
    const { body, signature } = await paidCallback();
    expect(await provider.verifyCallback(body, new Headers({ 'X-Sandbox-Signature': signature! }))).toMatchObject({ ok: true });
  });

  test('a body with its amount changed does not verify', async () => {
    const { body, signature } = await paidCallback();
    const tampered = body.replace('"amountSen":15900', '"amountSen":100');
    expect(tampered).not.toBe(body);
    expect(await provider.verifyCallback(tampered, new Headers({ 'X-Sandbox-Signature': signature! }))).toEqual({ ok: false, reason: 'signature does not match the body' });
  });

  test('no signature, or one made with another key, does not verify', async () => {
    const { body } = await paidCallback();
    expect(await provider.verifyCallback(body, new Headers())).toMatchObject({ ok: false });
    const other = build('another key').provider;
    expect(await provider.verifyCallback(body, new Headers({ 'X-Sandbox-Signature': other.sign(body) }))).toMatchObject({ ok: false });
  });

  test('answers in the sandbox’s own format', async () => {
    expect(provider.callbackReply('processed').status).toBe(200);
    expect(await provider.callbackReply('duplicate').json()).toEqual({ received: true, duplicate: true });
    const refused = provider.callbackReply('refused', 'amount differs');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ received: false, reason: 'amount differs' });
  });
});

describe('creating checkouts', () => {
  test('asking again for the same payment answers the same checkout', async () => {
    const first = request();
    const again = await provider.createCheckout(first);
    expect((await provider.createCheckout(first)).providerRef).toBe(again.providerRef);
  });

  test('the same payment id for another amount is refused', async () => {
    const first = request();
    await provider.createCheckout(first);
    await expect(provider.createCheckout({ ...first, amountSen: 100 })).rejects.toThrow(/another order or amount/);
  });

  test('a payment time already over is refused with the customer’s message', async () => {
    await expect(provider.createCheckout(request({ expiresAt: new Date(clock) }))).rejects.toMatchObject({ key: 'order.paymentExpired' });
  });

  test('closing an open checkout ends its page; closing a paid one changes nothing', async () => {
    const open = await provider.createCheckout(request());
    await provider.expireCheckout!(open.providerRef);
    expect((await provider.paymentStatus(open.providerRef)).state).toBe('expired');
    expect(await (await app.request(open.redirectUrl)).text()).not.toContain('value="pay"');

    const paid = await provider.createCheckout(request());
    await app.request(paid.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    await provider.expireCheckout!(paid.providerRef);
    expect((await provider.paymentStatus(paid.providerRef)).state).toBe('paid');
  });
});

describe('refunds', () => {
  async function paid(amountSen = 15_900) {
    const checkout = await provider.createCheckout(request({ amountSen }));
    await app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    received = [];
    return checkout.providerRef;
  }

  test('succeed at once, then a signed refund.succeeded naming our refund arrives', async () => {
    const ref = await paid();
    const result = await provider.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-1', reason: 'Wrong size' });
    expect(result).toEqual({ providerRefundRef: expect.stringMatching(/^sbxr_/), state: 'succeeded' });
    await provider.idle();
    expect(received.map((r) => r.verdict)).toEqual([
      {
        ok: true,
        event: expect.objectContaining({ kind: 'refund.succeeded', providerRef: ref, refundId: 'refund-1', amountSen: 5_000, currency: 'MYR' }),
      },
    ]);
  });

  test('the same refund id again answers the same refund and sends nothing more', async () => {
    const ref = await paid();
    const first = await provider.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-1' });
    const again = await provider.refund({ providerRef: ref, amountSen: 5_000, refundId: 'refund-1' });
    expect(again).toEqual(first);
    await provider.idle();
    expect(received).toHaveLength(1);
  });

  test('never more than was paid, over several refunds', async () => {
    const ref = await paid(10_000);
    await provider.refund({ providerRef: ref, amountSen: 6_000, refundId: 'refund-1' });
    await expect(provider.refund({ providerRef: ref, amountSen: 4_001, refundId: 'refund-2' })).rejects.toMatchObject({ key: 'gateway.refundTooLarge' });
    await expect(provider.refund({ providerRef: ref, amountSen: 4_000, refundId: 'refund-3' })).resolves.toMatchObject({ state: 'succeeded' });
  });

  test.skipIf(!onPostgres)(
    'refunds at once that together pass the payment: one is made, the other refused (needs PostgreSQL: PGlite runs one transaction at a time)',
    async () => {
      const refs: string[] = [];
      for (let i = 0; i < 20; i++) refs.push(await paid(10_000));
      const outcomes = await Promise.allSettled(
        refs.flatMap((ref, i) => ['a', 'b'].map((side) => provider.refund({ providerRef: ref, amountSen: 7_000, refundId: `refund-${i}-${side}` }))),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(20);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(PaymentRefused);
      const over = await database.db.execute(sql`select checkout_id from sandbox_refunds group by checkout_id having sum(amount_sen) > 10000`);
      expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
    },
  );

  test('a checkout that was never paid cannot be refunded', async () => {
    const checkout = await provider.createCheckout(request());
    await expect(provider.refund({ providerRef: checkout.providerRef, amountSen: 100, refundId: 'refund-1' })).rejects.toMatchObject({ key: 'gateway.notPaid' });
  });
});

describe('choosing the provider from the environment', () => {
  const deps = () => ({ db: database.db, secret: SECRET });

  test('the sandbox by default, offering all four methods', () => {
    const chosen = paymentProviderFromEnv({}, deps());
    expect(chosen.name).toBe('sandbox');
    expect(chosen.methods).toEqual(['fpx', 'card', 'tng', 'grabpay']);
  });

  test('SANDBOX_PAYMENT_SECRET signs when set; else a key drawn from the server secret', () => {
    const body = '{"id":"evt_sbx_x"}';
    const fromEnv = paymentProviderFromEnv({ SANDBOX_PAYMENT_SECRET: 'env key' }, deps()) as SandboxProvider;
    const fromServer = paymentProviderFromEnv({}, deps()) as SandboxProvider;
    expect(fromEnv.sign(body)).not.toBe(fromServer.sign(body));
    expect(fromServer.sign(body)).toBe(provider.sign(body));
  });

  test('Stripe needs both of its keys, and an unknown provider stops the start', () => {
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }, deps())).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'paypal' }, deps())).toThrow(/Unknown PAYMENT_PROVIDER "paypal"/);
    expect(() => paymentProviderFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh', STRIPE_API_PORT: 'x' }, deps())).toThrow(/STRIPE_API_PORT/);
    const stripe = paymentProviderFromEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, deps());
    expect(stripe.name).toBe('stripe');
    expect(stripe.methods).toEqual(['fpx', 'card', 'grabpay']);
  });
});

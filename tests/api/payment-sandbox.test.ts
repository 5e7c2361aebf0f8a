import { describe, expect, test } from 'vitest';
import { signToken } from '../../dev/doubles/sandbox/signing.ts';
import { RETURN_URL, form, useSandbox } from './sandbox-fixture.ts';

/**
 * The sandbox's hosted page end to end: opening it, Pay and Fail delivering signed callbacks
 * over HTTP to the shop's callback route, and what that route can trust.
 */

const s = useSandbox();

describe('opening the hosted page', () => {
  test('the checkout answers a page on the shop’s own origin that shows the order, amount and time left', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    expect(checkout.providerRef).toMatch(/^sbx_/);
    expect(checkout.redirectUrl).toMatch(/^\/pay\/sandbox\/[\w-]+\.[\w-]+$/);
    const res = await s.app.request(checkout.redirectUrl);
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
    const checkout = await s.provider.createCheckout(s.request());
    const [, signature] = checkout.redirectUrl.split('/').at(-1)!.split('.');
    const cheaper = Buffer.from(JSON.stringify([checkout.providerRef, 100, 'MYR', s.clock + 30 * 60_000])).toString('base64url');
    const altered = await s.app.request(`/pay/sandbox/${cheaper}.${signature}`);
    expect(altered.status).toBe(404);
    expect(await altered.text()).toContain('This payment link is not valid.');

    const forged = signToken('a forger’s key', { checkout: checkout.providerRef, amountSen: 100, currency: 'MYR', expiresAt: s.clock + 30 * 60_000 });
    expect((await s.app.request(`/pay/sandbox/${forged}`)).status).toBe(404);
    expect((await s.app.request('/pay/sandbox/sbx_guess')).status).toBe(404);
  });

  test('a forged token cannot pay: nothing is sent and nothing changes', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    const forged = signToken('a forger’s key', { checkout: checkout.providerRef, amountSen: 15_900, currency: 'MYR', expiresAt: s.clock + 30 * 60_000 });
    const res = await s.app.request(`/pay/sandbox/${forged}`, form({ outcome: 'pay', method: 'card' }));
    expect(res.status).toBe(404);
    expect(s.received).toEqual([]);
    expect((await s.provider.paymentStatus(checkout.providerRef)).state).toBe('pending');
  });

  test('the page is in the customer’s language, and another one on request', async () => {
    const zh = await s.provider.createCheckout(s.request({ locale: 'zh-cn' }));
    const zhHtml = await (await s.app.request(zh.redirectUrl)).text();
    expect(zhHtml).toContain('<html lang="zh-CN">');
    expect(zhHtml).toMatch(/value="pay"[^>]*>付款</);
    const ms = await s.provider.createCheckout(s.request({ locale: 'ms' }));
    const msHtml = await (await s.app.request(ms.redirectUrl)).text();
    expect(msHtml).toContain('Baki masa untuk membayar');
    expect(msHtml).toMatch(/value="fail"[^>]*>Gagal</);
    const asked = await (await s.app.request(`${ms.redirectUrl}?lang=en`)).text();
    expect(asked).toContain('Time left to pay');
  });

  test('an expired checkout’s page says so and offers no Pay; pressing Pay anyway sends nothing', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    s.clock += 31 * 60_000;
    const html = await (await s.app.request(checkout.redirectUrl)).text();
    expect(html).toContain('The time to pay for this order has run out.');
    expect(html).not.toContain('value="pay"');
    const res = await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'card' }));
    expect(res.status).toBe(409);
    expect(s.received).toEqual([]);
    expect(await s.provider.paymentStatus(checkout.providerRef)).toMatchObject({ state: 'expired', amountSen: 15_900 });
  });

  test('the page’s headers allow its own style and form only, and the way back to the shop', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    const csp = (await s.app.request(checkout.redirectUrl)).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://shop.test");
    expect(csp).toMatch(/style-src 'sha256-[\w+/=]+'/);
  });
});

describe('Pay and Fail', () => {
  test('Pay sends one signed payment.succeeded and returns the browser to the shop', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    const res = await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(RETURN_URL);
    expect(s.received).toHaveLength(1);
    expect(s.received[0]!.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(s.received[0]!.verdict).toEqual({
      ok: true,
      event: {
        eventId: expect.stringMatching(/^evt_sbx_/),
        kind: 'payment.succeeded',
        providerRef: checkout.providerRef,
        paymentId: `pay-${s.counter}`,
        orderNo: 'SA2506021234',
        amountSen: 15_900,
        currency: 'MYR',
      },
    });
    expect(JSON.parse(s.received[0]!.body).data).toMatchObject({ payMethod: 'fpx', bankCode: 'cimb' });
    expect(await s.provider.paymentStatus(checkout.providerRef)).toEqual({ state: 'paid', amountSen: 15_900, currency: 'MYR', eventId: s.events()[0]!.eventId });
    expect(await (await s.app.request(checkout.redirectUrl)).text()).toContain('This order has been paid.');
  });

  test('Fail sends one signed payment.failed, returns to the shop, and the page still takes a payment', async () => {
    const checkout = await s.provider.createCheckout(s.request({ payMethod: 'tng', bankCode: undefined }));
    const res = await s.app.request(checkout.redirectUrl, form({ outcome: 'fail', method: 'tng', bank: '' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(RETURN_URL);
    expect(s.events().map((e) => e.kind)).toEqual(['payment.failed']);
    expect((await s.provider.paymentStatus(checkout.providerRef)).state).toBe('failed');
    const html = await (await s.app.request(checkout.redirectUrl)).text();
    expect(html).toContain('The last attempt failed. You can try again.');
    expect((await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'tng' }))).status).toBe(303);
    expect(s.events().map((e) => e.kind)).toEqual(['payment.failed', 'payment.succeeded']);
    expect((await s.provider.paymentStatus(checkout.providerRef)).state).toBe('paid');
  });

  test('a form over 4 KB is refused (413) and nothing is sent; the connection ends with it, its body unread', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    const res = await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb', filler: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(s.received).toHaveLength(0);
  });

  test('pressing Pay twice sends two events with their own ids for one payment', async () => {
    const checkout = await s.provider.createCheckout(s.request({ payMethod: 'card', bankCode: undefined }));
    const presses = await Promise.all([1, 2].map(() => s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'card' }))));
    expect(presses.map((r) => r.status)).toEqual([303, 303]);
    const [first, second] = s.events();
    expect(first!.eventId).not.toBe(second!.eventId);
    expect([first!.providerRef, second!.providerRef]).toEqual([checkout.providerRef, checkout.providerRef]);
    expect(first!.paymentId).toBe(second!.paymentId);
    // The status names one of them, and keeps naming it.
    const { eventId } = await s.provider.paymentStatus(checkout.providerRef);
    expect([first!.eventId, second!.eventId]).toContain(eventId);
    expect((await s.provider.paymentStatus(checkout.providerRef)).eventId).toBe(eventId);
  });

  test('Fail after the payment went through is refused and sends nothing', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    const res = await s.app.request(checkout.redirectUrl, form({ outcome: 'fail', method: 'fpx' }));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('This order has been paid.');
    expect(s.events().map((e) => e.kind)).toEqual(['payment.succeeded']);
  });

  test.each([
    ['FPX without a bank', { outcome: 'pay', method: 'fpx', bank: '' }, 'Please choose your bank.'],
    ['a bank FPX does not have', { outcome: 'pay', method: 'fpx', bank: 'gringotts' }, 'Please choose your bank.'],
    ['no method', { outcome: 'pay' }, 'Please choose how to pay.'],
    ['a method nobody offers', { outcome: 'pay', method: 'cash' }, 'Please choose how to pay.'],
    ['neither Pay nor Fail', { outcome: 'refund', method: 'card' }, 'Please press Pay or Fail.'],
  ])('%s: the page says what is missing, in the customer’s language, and nothing is sent', async (_, fields, text) => {
    const checkout = await s.provider.createCheckout(s.request());
    const res = await s.app.request(checkout.redirectUrl, form(fields));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(text);
    expect(s.received).toEqual([]);
    expect((await s.provider.paymentStatus(checkout.providerRef)).state).toBe('pending');
  });

  test('the error comes in the language the page was showing', async () => {
    const checkout = await s.provider.createCheckout(s.request());
    const res = await s.app.request(`${checkout.redirectUrl}?lang=ms`, form({ outcome: 'pay', method: 'fpx' }));
    expect(await res.text()).toContain('Sila pilih bank anda.');
  });

  test('when the shop cannot take the callback, the browser still goes back and the callback comes again', async () => {
    s.callbackStatus = [500];
    const checkout = await s.provider.createCheckout(s.request());
    const res = await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'rhb' }));
    expect(res.status).toBe(303);
    await s.provider.idle();
    expect(s.received).toHaveLength(2);
    expect(s.received[1]!.body).toBe(s.received[0]!.body);
    // Asked in the meantime, the sandbox already says paid.
    expect((await s.provider.paymentStatus(checkout.providerRef)).state).toBe('paid');
  });
});

describe('callbacks the shop receives', () => {
  async function paidCallback() {
    const checkout = await s.provider.createCheckout(s.request());
    await s.app.request(checkout.redirectUrl, form({ outcome: 'pay', method: 'fpx', bank: 'cimb' }));
    return s.received[0]!;
  }

  test('verify on the raw body and signature', async () => {
    const { body, signature } = await paidCallback();
    expect(await s.provider.verifyCallback(body, new Headers({ 'X-Sandbox-Signature': signature! }))).toMatchObject({ ok: true });
  });

  test('a body with its amount changed does not verify', async () => {
    const { body, signature } = await paidCallback();
    const tampered = body.replace('"amountSen":15900', '"amountSen":100');
    expect(tampered).not.toBe(body);
    expect(await s.provider.verifyCallback(tampered, new Headers({ 'X-Sandbox-Signature': signature! }))).toEqual({ ok: false, reason: 'signature does not match the body' });
  });

  test('no signature, or one made with another key, does not verify', async () => {
    const { body } = await paidCallback();
    expect(await s.provider.verifyCallback(body, new Headers())).toMatchObject({ ok: false });
    const other = s.build('another key').provider;
    expect(await s.provider.verifyCallback(body, new Headers({ 'X-Sandbox-Signature': other.sign(body) }))).toMatchObject({ ok: false });
  });

  test('answers in the sandbox’s own format', async () => {
    expect(s.provider.callbackReply('processed').status).toBe(200);
    expect(await s.provider.callbackReply('duplicate').json()).toEqual({ received: true, duplicate: true });
    const refused = s.provider.callbackReply('refused', 'amount differs');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ received: false, reason: 'amount differs' });
  });
});

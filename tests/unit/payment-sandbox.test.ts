import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { readSandboxEvent } from '../../dev/doubles/sandbox/events.ts';
import { klTime, renderCheckoutPage, renderInvalidPage, timeLeft, type CheckoutView } from '../../dev/doubles/sandbox/page.ts';
import { readToken, sandboxKey, signBody, signToken, signatureMatches } from '../../dev/doubles/sandbox/signing.ts';
import { pageTexts } from '../../dev/doubles/sandbox/texts.ts';

const KEY = 'sandbox-test-key';
/** Monday 2 June 2025, 10:00 in Kuala Lumpur. */
const NOW = new Date('2025-06-02T02:00:00Z');
const PAY_BEFORE = new Date('2025-06-02T02:30:00Z');

describe('callback signature: hex HMAC-SHA256 of the raw body', () => {
  const body = '{"id":"evt_sbx_abcdefgh","type":"payment.succeeded"}';

  test('is the HMAC any gateway client would compute', () => {
    expect(signBody(KEY, body)).toBe(createHmac('sha256', KEY).update(body).digest('hex'));
  });

  test('matches its own body, in either case of hex', () => {
    expect(signatureMatches(KEY, body, signBody(KEY, body))).toBe(true);
    expect(signatureMatches(KEY, body, signBody(KEY, body).toUpperCase())).toBe(true);
  });

  test('does not match a body changed by one character', () => {
    expect(signatureMatches(KEY, body.replace('succeeded', 'succeedeD'), signBody(KEY, body))).toBe(false);
  });

  test('does not match under another key, or when missing or malformed', () => {
    expect(signatureMatches(KEY, body, signBody('another key', body))).toBe(false);
    expect(signatureMatches(KEY, body, null)).toBe(false);
    expect(signatureMatches(KEY, body, 'not-hex')).toBe(false);
    expect(signatureMatches(KEY, body, signBody(KEY, body).slice(0, 62))).toBe(false);
  });

  test('the key is SANDBOX_PAYMENT_SECRET when set, else drawn from the server secret but not equal to it', () => {
    expect(sandboxKey('from-env', 'server')).toBe('from-env');
    expect(sandboxKey(undefined, 'server')).toBe(sandboxKey(undefined, 'server'));
    expect(sandboxKey(undefined, 'server')).not.toBe('server');
    expect(sandboxKey(undefined, 'server')).not.toBe(sandboxKey(undefined, 'other server'));
  });
});

describe('page token', () => {
  const claims = { checkout: 'sbx_abc', amountSen: 15_900, currency: 'MYR', expiresAt: PAY_BEFORE.getTime() };

  test('carries the checkout and its amount, URL-safe', () => {
    const token = signToken(KEY, claims);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(readToken(KEY, token)).toEqual(claims);
  });

  test('with the amount changed is refused', () => {
    const [, signature] = signToken(KEY, claims).split('.');
    const cheaper = Buffer.from(JSON.stringify(['sbx_abc', 100, 'MYR', claims.expiresAt])).toString('base64url');
    expect(readToken(KEY, `${cheaper}.${signature}`)).toBeNull();
  });

  test('signed with another key is refused', () => {
    expect(readToken(KEY, signToken('a forger', claims))).toBeNull();
  });

  test('junk is refused without throwing', () => {
    for (const junk of ['', '.', 'abc', 'a.b.c', 'sbx_abc', `${'a'.repeat(500)}.b`, '%%%.***']) expect(readToken(KEY, junk)).toBeNull();
  });

  test('the signature of a token does not sign a callback body', () => {
    const token = signToken(KEY, claims);
    const [payload, signature] = token.split('.');
    const asHex = Buffer.from(signature!, 'base64url').toString('hex');
    expect(signatureMatches(KEY, Buffer.from(payload!, 'base64url').toString(), asHex)).toBe(false);
  });
});

describe('reading a sandbox callback body', () => {
  const event = {
    id: 'evt_sbx_0123456789abcdef',
    type: 'payment.succeeded',
    created: 1_748_829_600,
    data: { checkout: 'sbx_abc', paymentId: 'pay-1', orderNo: 'SA2506021234', amountSen: 15_900, currency: 'myr', payMethod: 'fpx', bankCode: 'maybank2u' },
  };

  test('a payment event becomes the shop event, currency upper-cased', () => {
    expect(readSandboxEvent(JSON.stringify(event))).toEqual({
      ok: true,
      event: { eventId: event.id, kind: 'payment.succeeded', providerRef: 'sbx_abc', paymentId: 'pay-1', orderNo: 'SA2506021234', amountSen: 15_900, currency: 'MYR' },
    });
  });

  test('a refund event names our refund', () => {
    const refund = { ...event, type: 'refund.succeeded', data: { ...event.data, refundId: 'ref-9', refund: 'sbxr_1' } };
    const verdict = readSandboxEvent(JSON.stringify(refund));
    expect(verdict).toMatchObject({ ok: true, event: { kind: 'refund.succeeded', refundId: 'ref-9', providerRef: 'sbx_abc' } });
  });

  test('a refund event without our refund id is refused', () => {
    expect(readSandboxEvent(JSON.stringify({ ...event, type: 'refund.succeeded' }))).toMatchObject({ ok: false });
  });

  test('a type the sandbox never sends is refused, and kept under its id for review', () => {
    expect(readSandboxEvent(JSON.stringify({ ...event, type: 'payment.pending' }))).toEqual({
      ok: false,
      reason: 'unknown event type payment.pending',
      unusable: { eventId: event.id, kind: 'payment.pending', providerRef: event.data.checkout, amountSen: event.data.amountSen, currency: event.data.currency },
    });
  });

  test('an amount no order can hold, or another currency, is refused and kept with the amount as 0', () => {
    const read = (data: object) => readSandboxEvent(JSON.stringify({ ...event, data: { ...event.data, ...data } }));
    expect(read({ amountSen: 2 ** 31 })).toMatchObject({ ok: false, reason: `amount ${2 ** 31} sen is not one an order can hold (1 to 100000000 sen)`, unusable: { eventId: event.id, amountSen: 0 } });
    expect(read({ amountSen: 0 })).toMatchObject({ ok: false, unusable: { amountSen: 0 } });
    expect(read({ currency: 'usd' })).toMatchObject({ ok: false, reason: 'currency USD, expected MYR', unusable: { amountSen: event.data.amountSen } });
  });

  test('not JSON, or not an event, is refused with a reason', () => {
    expect(readSandboxEvent('{"id":')).toEqual({ ok: false, reason: 'body is not JSON' });
    expect(readSandboxEvent('[]')).toMatchObject({ ok: false });
    expect(readSandboxEvent(JSON.stringify({ ...event, data: { ...event.data, amountSen: 159.5 } }))).toMatchObject({ ok: false });
    expect(readSandboxEvent(JSON.stringify({ ...event, id: 'evt_1' }))).toMatchObject({ ok: false });
  });
});

/** The page as a customer opens it, in English, with its time just begun. */
const view: CheckoutView = {
  locale: 'en',
  token: 'tok.sig',
  orderNo: 'SA2506021234',
  amountSen: 15_900,
  expiresAt: PAY_BEFORE,
  now: NOW,
  state: 'open',
  methods: ['fpx', 'card', 'tng', 'grabpay'],
  method: 'fpx',
  bankCode: 'maybank2u',
  returnUrl: 'https://shop.example/pc/pages?orderNo=SA2506021234',
};

describe('the hosted page', () => {
  test('shows the order, the amount in ringgit and the time left', () => {
    const html = renderCheckoutPage(view);
    expect(html).toContain('SA2506021234');
    expect(html).toContain('RM 159.00');
    expect(html).toContain('30 minutes');
    expect(html).toMatch(/pay by 10:30/i);
  });

  test('is marked as a test page and needs no script', () => {
    const html = renderCheckoutPage(view);
    expect(html).toContain('Test payment page: no money is taken');
    expect(html).not.toContain('<script');
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
  });

  test('lists FPX with every bank, card, Touch ’n Go and GrabPay, the customer’s choice preselected', () => {
    const html = renderCheckoutPage({ ...view, method: 'grabpay', bankCode: null });
    for (const name of ['FPX online banking', 'Credit or debit card', 'Touch ’n Go eWallet', 'GrabPay', 'Maybank2u', 'Bank Islam', 'CIMB Clicks']) expect(html).toContain(name);
    expect(html).toContain('value="grabpay" checked');
    expect(html).not.toContain('value="fpx" checked');
    expect(renderCheckoutPage(view)).toContain('<option value="maybank2u" selected>');
  });

  test('has Pay and Fail, posting back to its own token', () => {
    const html = renderCheckoutPage(view);
    expect(html).toContain('<form class="card" method="post" action="tok.sig?lang=en">');
    expect(html).toMatch(/<button type="submit" name="outcome" value="pay"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" name="outcome" value="fail"[^>]*>Fail<\/button>/);
  });

  test('once expired says so and offers no Pay', () => {
    const html = renderCheckoutPage({ ...view, state: 'expired', now: new Date(PAY_BEFORE.getTime() + 1000) });
    expect(html).toContain('The time to pay for this order has run out.');
    expect(html).not.toContain('value="pay"');
    expect(html).not.toContain('<form');
  });

  test('once paid says so and offers no buttons', () => {
    const html = renderCheckoutPage({ ...view, state: 'paid' });
    expect(html).toContain('This order has been paid.');
    expect(html).not.toContain('<form');
  });

  test('after a failed attempt says so and still offers Pay', () => {
    const html = renderCheckoutPage({ ...view, state: 'failed' });
    expect(html).toContain('The last attempt failed. You can try again.');
    expect(html).toContain('value="pay"');
  });

  test('in Chinese and in Malay', () => {
    const zh = renderCheckoutPage({ ...view, locale: 'zh-cn' });
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('订单号');
    expect(zh).toContain('FPX 网上银行');
    expect(zh).toMatch(/value="pay"[^>]*>付款</);
    expect(zh).toContain('30 分钟（请在 10:30 前付款）');
    const ms = renderCheckoutPage({ ...view, locale: 'ms' });
    expect(ms).toContain('<html lang="ms">');
    expect(ms).toContain('Nombor pesanan');
    expect(ms).toContain('Perbankan dalam talian FPX');
    expect(ms).toMatch(/value="fail"[^>]*>Gagal</);
  });

  test('every text is really translated: Chinese and Malay repeat no English sentence', () => {
    const en = pageTexts('en');
    const same = (other: typeof en) => (Object.keys(en) as (keyof typeof en)[]).filter((k) => en[k] === other[k] && /\s/.test(en[k]));
    expect(same(pageTexts('zh-cn'))).toEqual([]);
    expect(same(pageTexts('ms'))).toEqual([]);
  });

  test('writes what it is given as text, never as markup', () => {
    const html = renderCheckoutPage({ ...view, orderNo: '<script>alert(1)</script>', returnUrl: 'https://shop.example/?a="b"' });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('href="https://shop.example/?a=&quot;b&quot;"');
  });

  test('a token that names nothing gets a page that tells nothing', () => {
    expect(renderInvalidPage('ms')).toContain('Pautan bayaran ini tidak sah.');
    expect(renderInvalidPage('en')).not.toContain('<form');
  });
});

describe('amounts and times on the page', () => {
  test('ringgit as the shop writes them, in every language', () => {
    for (const locale of ['en', 'zh-cn', 'ms'] as const) {
      expect(renderCheckoutPage({ ...view, locale, amountSen: 123_450 })).toContain('RM 1,234.50');
      expect(renderCheckoutPage({ ...view, locale, amountSen: 5 })).toContain('RM 0.05');
    }
  });

  test('whole minutes left, never more than there are', () => {
    const texts = pageTexts('en');
    expect(timeLeft(texts, PAY_BEFORE, NOW)).toBe('30 minutes');
    expect(timeLeft(texts, PAY_BEFORE, new Date(NOW.getTime() + 59_000))).toBe('29 minutes');
    expect(timeLeft(texts, PAY_BEFORE, new Date(PAY_BEFORE.getTime() - 90_000))).toBe('1 minute');
    expect(timeLeft(texts, PAY_BEFORE, new Date(PAY_BEFORE.getTime() - 30_000))).toBe('less than a minute');
  });

  test('the deadline is Kuala Lumpur time', () => {
    expect(klTime(new Date('2025-06-02T14:05:00Z'), 'zh-cn')).toBe('22:05');
  });
});

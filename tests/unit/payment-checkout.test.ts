import { describe, expect, test } from 'vitest';
import { checkCheckoutRequest } from '../../server/providers/payment/checkout-request.ts';
import { ownOrigin } from '../../server/providers/payment/index.ts';
import { createCourier } from '../../dev/doubles/sandbox/courier.ts';
import { PaymentRefused, type CheckoutRequest } from '../../server/providers/payment/types.ts';

/** What every provider checks before a checkout, and how the sandbox's callbacks travel. */

/** Monday 2 June 2025, 10:00 in Kuala Lumpur. */
const NOW = new Date('2025-06-02T02:00:00Z');
const PAY_BEFORE = new Date('2025-06-02T02:30:00Z');

describe('a checkout request', () => {
  const good: CheckoutRequest = {
    paymentId: 'pay-1',
    orderNo: 'SA2506021234',
    amountSen: 15_900,
    currency: 'MYR',
    payMethod: 'fpx',
    bankCode: 'maybank2u',
    description: 'Servauto order SA2506021234',
    returnUrl: 'https://shop.example/pc/pages?orderNo=SA2506021234',
    expiresAt: PAY_BEFORE,
    locale: 'en',
  };

  test('a good one passes', () => {
    expect(() => checkCheckoutRequest(good, NOW)).not.toThrow();
  });

  test.each([
    ['amount in fractions of a sen', { amountSen: 159.5 }, /amountSen/],
    ['nothing to pay', { amountSen: 0 }, /amountSen/],
    ['another currency', { currency: 'SGD' }, /currency/],
    ['a bank for a card', { payMethod: 'card' }, /bankCode/],
    ['a bank FPX does not have', { bankCode: 'gringotts' }, /bankCode/],
    ['a relative return address', { returnUrl: '/pc/pages' }, /returnUrl/],
    ['a javascript: return address', { returnUrl: 'javascript:alert(1)' }, /returnUrl/],
    ['an unknown language', { locale: 'fr' }, /locale/],
    ['an empty order number', { orderNo: ' ' }, /orderNo/],
  ])('refuses %s, naming the field', (_, change, field) => {
    expect(() => checkCheckoutRequest({ ...good, ...change } as CheckoutRequest, NOW)).toThrow(field);
  });

  test('after the time to pay, refuses with the customer’s message', () => {
    const refusal = (() => {
      try {
        checkCheckoutRequest({ ...good, expiresAt: NOW }, NOW);
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(PaymentRefused);
    expect((refusal as PaymentRefused).key).toBe('order.paymentExpired');
  });
});

describe('callback delivery', () => {
  test('a refused or failed delivery is tried again with the same body until it is taken', async () => {
    const answers = [500, 0, 200];
    const seen: string[] = [];
    const log: string[] = [];
    const courier = createCourier({
      url: 'http://127.0.0.1:3000/api/pay/callback/sandbox',
      retryDelaysMs: [1, 1, 1],
      log: (line) => log.push(line),
      deliver: async (_url, body) => {
        seen.push(body);
        const status = answers.shift()!;
        if (status === 0) throw new Error('connection refused');
        return new Response('', { status });
      },
    });
    expect(await courier.send('{"id":"evt_sbx_1"}', {})).toBe(false);
    await courier.idle();
    expect(seen).toEqual(['{"id":"evt_sbx_1"}', '{"id":"evt_sbx_1"}', '{"id":"evt_sbx_1"}']);
    expect(log).toHaveLength(2);
    expect(log[1]).toContain('connection refused');
  });

  test('gives up after the last try, saying so', async () => {
    const log: string[] = [];
    let tries = 0;
    const courier = createCourier({
      url: 'http://x/cb',
      retryDelaysMs: [1],
      log: (line) => log.push(line),
      deliver: async () => {
        tries++;
        return new Response('down', { status: 503 });
      },
    });
    await courier.send('{}', {});
    await courier.idle();
    expect(tries).toBe(2);
    expect(log.at(-1)).toContain('giving up');
  });
});

describe('where the sandbox calls back', () => {
  test('this server on loopback when it listens everywhere', () => {
    expect(ownOrigin({})).toBe('http://127.0.0.1:3000');
    expect(ownOrigin({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(ownOrigin({ HOST: '::', PORT: '8080' })).toBe('http://[::1]:8080');
    expect(ownOrigin({ HOST: '10.0.0.5', PORT: '80' })).toBe('http://10.0.0.5:80');
  });
});

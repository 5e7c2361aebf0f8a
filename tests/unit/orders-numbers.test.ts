import { describe, expect, test } from 'vitest';
import { canonicalJson, orderNumber, pickupCode, randomDigits, requestHash } from '../../server/modules/orders/numbers.ts';

describe('order numbers', () => {
  test('SV, the Kuala Lumpur date, six digits', () => {
    expect(orderNumber(new Date('2025-06-02T02:00:00Z'), () => '048113')).toBe('SV250602048113');
  });

  test('the date is Kuala Lumpur’s, whatever the server’s zone: 23:30 on 1 June UTC is 2 June in KL', () => {
    expect(orderNumber(new Date('2025-06-01T23:30:00Z'), () => '000001')).toBe('SV250602000001');
    expect(orderNumber(new Date('2025-06-01T15:59:59Z'), () => '000001')).toBe('SV250601000001');
  });

  test('random digits are digits, as many as asked', () => {
    for (let i = 0; i < 50; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/);
    expect(new Set(Array.from({ length: 50 }, () => orderNumber(new Date()))).size).toBeGreaterThan(45);
    expect(pickupCode()).toMatch(/^\d{6}$/);
  });
});

describe('the fingerprint of a placed request', () => {
  const order = {
    idempotencyKey: 'checkout-1',
    items: [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }],
    variantId: 'perodua-myvi-1.5-av-2022',
    carPlate: 'WXY 1234',
    method: 'install',
    notes: undefined,
  };

  test('the same order under another key, or with its fields in another order, reads the same', () => {
    const reordered = { method: 'install', carPlate: 'WXY 1234', variantId: 'perodua-myvi-1.5-av-2022', items: [{ quantity: 1, productId: 'wiper-bosch-aerotwin' }], idempotencyKey: 'other' };
    expect(requestHash(reordered)).toBe(requestHash(order));
  });

  test('any other detail reads differently', () => {
    expect(requestHash({ ...order, carPlate: 'WXY 1235' })).not.toBe(requestHash(order));
    expect(requestHash({ ...order, items: [{ productId: 'wiper-bosch-aerotwin', quantity: 2 }] })).not.toBe(requestHash(order));
    expect(requestHash({ ...order, notes: 'Call me first' })).not.toBe(requestHash(order));
  });

  test('canonical JSON: keys sorted at every depth, undefined left out, lists kept in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined, e: null } })).toBe('{"a":{"d":[2,1],"e":null},"b":1}');
    expect(canonicalJson(['x', undefined])).toBe('["x",null]');
    expect(canonicalJson('tekst "petik"')).toBe('"tekst \\"petik\\""');
  });
});

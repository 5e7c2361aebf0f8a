import { describe, expect, test } from 'vitest';
import { cartQuote } from '../../contract/cart-quote.ts';
import { paths } from '../../contract/paths.ts';
import { openApiDocument } from '../../server/http/openapi.ts';
import { describeIssue } from '../../server/http/validation.ts';

/** cart/quote takes order/app/add's fields without the key; only what prices the order is needed. */

const items = [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }];

function problem(body: unknown) {
  const result = cartQuote.request.safeParse(body, { reportInput: true });
  if (result.success) throw new Error('expected the body to be refused');
  return describeIssue(result.error.issues[0]!, 'en', cartQuote.fieldLabels);
}

describe('cart/quote', () => {
  test('lines and a method are enough: no car, plate, contact, workshop or time', () => {
    expect(cartQuote.request.safeParse({ items, method: 'install' }).success).toBe(true);
  });

  test("a mailing address may be its state alone, kept by the state's name", () => {
    const parsed = cartQuote.request.parse({ items, method: 'mail', address: { state: 'wilayah persekutuan kuala lumpur' } });
    expect(parsed.address).toEqual({ state: 'Wilayah Persekutuan Kuala Lumpur' });
  });

  test('what is given is checked as order/app/add checks it', () => {
    expect(problem({ items, method: 'mail', address: { postcode: '47300' } })).toMatchObject({ field: 'address.state' });
    expect(problem({ items, method: 'mail', address: { state: 'Selangor', postcode: '88000' } })).toEqual({ field: 'address.postcode', msg: '88000 is in Sabah, not Selangor.' });
    expect(problem({ items, method: 'install', address: { state: 'Selangor' } })).toMatchObject({ field: 'address' });
    expect(problem({ items, method: 'mail', carPlate: 'HELLO' })).toMatchObject({ field: 'carPlate' });
    expect(problem({ items, method: 'pickup', idempotencyKey: 'checkout-12345678' })).toMatchObject({ field: 'idempotencyKey' });
  });

  test('needs a logged-in customer, sits at the path of docs/contracts/orders.md and goes into the OpenAPI document', () => {
    expect(cartQuote.auth).toBe(true);
    expect(cartQuote.path).toBe(paths.cartQuote);
    expect(paths.cartQuote).toBe('/app/order/vehicle/cart/quote');
    const doc = openApiDocument([cartQuote]) as { paths: Record<string, { post: { responses: Record<string, unknown> } }> };
    expect(doc.paths['/api/app/order/vehicle/cart/quote']).toBeDefined();
  });
});

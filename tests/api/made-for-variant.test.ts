import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, contact, MATS, MYVI, newKey, pickupOrder, QUOTE, SS2 } from './order-fixtures.ts';

/**
 * Mats cut to a car's floor pattern are made for the exact variant: the bill and the order
 * wait for it, saying so, while mats trimmed to fit any car are priced without one.
 */

/** Cut to the car's floor: its fit rule says it needs the variant. */
const FLOOR_CUT = { productId: 'mat-3d-maxpider-kagu', quantity: 1 };

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

const quote = (body: Record<string, unknown>, language?: string) => api.request(QUOTE, body, { userKey, language });

describe('mats cut to the floor need the variant', () => {
  test('the bill without a variant is refused, naming the mats, in each language', async () => {
    const body = { items: [MATS, FLOOR_CUT], method: 'pickup' };
    expect(await quote(body)).toEqual({
      code: 807,
      msg: 'Choose your car’s variant first: 3D MAXpider KAGU rubber floor mats is made for your exact car.',
      data: { field: 'variantId', lineIndex: 1 },
    });
    expect((await quote(body, 'zh_cn')).msg).toBe('请先选择您的车款：3D MAXpider KAGU 橡胶脚垫按您爱车的具体车款制作。');
    expect((await quote(body, 'ms_my')).msg).toBe('Pilih varian kereta anda dahulu: Tikar lantai getah 3D MAXpider KAGU dibuat khusus untuk kereta anda.');
  });

  test('with the variant, the same bill is priced', async () => {
    const { code, data } = await quote({ items: [MATS, FLOOR_CUT], variantId: MYVI, method: 'pickup' });
    expect(code).toBe(200);
    expect(data.lines.map((l: { productId: string }) => l.productId)).toEqual([MATS.productId, FLOOR_CUT.productId]);
  });

  test('mats trimmed to fit any car are still priced without a variant', async () => {
    expect((await quote({ items: [MATS], method: 'pickup' })).code).toBe(200);
  });

  test('an order without the variant is refused in words', async () => {
    const { variantId: _, ...noVariant } = pickupOrder({ items: [FLOOR_CUT] });
    const expected = { code: 400, msg: 'Choose your car’s variant first: we check every part against it.', data: { field: 'variantId' } };
    expect(await api.request(ADD, noVariant, { userKey })).toEqual(expected);
    // As checkout sends it when the variant was skipped.
    expect(await api.request(ADD, { ...noVariant, idempotencyKey: newKey(), variantId: '' }, { userKey })).toEqual(expected);
    const placed = await api.request(ADD, { idempotencyKey: newKey(), items: [FLOOR_CUT], variantId: MYVI, carPlate: 'WXY 1234', method: 'pickup', storeId: SS2, contact }, { userKey });
    expect(placed.code).toBe(200);
  });
});

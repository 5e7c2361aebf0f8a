import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { ADD, installOrder, MYVI, pickupOrder } from './order-fixtures.ts';

const USER_INFO = '/api/app/user/info';
const CAR_ADD = '/api/export/user/vehicle/car/info/add';
const CAR_LIST = '/api/export/user/vehicle/car/info/list';

/** The Myvi of the order fixtures, as the car picker saves it to the garage. */
const myvi = { brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2022', variantId: MYVI };
const axia = { brandId: 'perodua', modelId: 'perodua-axia', yearId: 'perodua-axia:2024' };

type Saved = { modelId: string; variantId: string; plate: string };

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

const plates = async (userKey: string) => ((await api.request(CAR_LIST, {}, { userKey })).data as Saved[]).map((c) => [c.modelId, c.plate]);

describe('a checkout is remembered for the next one', () => {
  test('the name given becomes the account’s name, and the plate is kept on the garage car ordered for', async () => {
    const { userKey } = await api.login('0123456789');
    await api.request(CAR_ADD, axia, { userKey });
    await api.request(CAR_ADD, myvi, { userKey });
    expect((await api.request(USER_INFO, {}, { userKey })).data.realName).toBe('');
    expect(await plates(userKey)).toEqual([
      ['perodua-myvi', ''],
      ['perodua-axia', ''],
    ]);

    const placed = await api.request(ADD, installOrder({ contact: { name: '  Nur Aisyah ', phone: '0123456789' }, carPlate: 'wxy  1234' }), { userKey });
    expect(placed.code).toBe(200);
    expect((await api.request(USER_INFO, {}, { userKey })).data).toMatchObject({ realName: 'Nur Aisyah' });
    // Kept as the order keeps it: capitals, single spaces; the other car keeps none.
    expect(await plates(userKey)).toEqual([
      ['perodua-myvi', 'WXY 1234'],
      ['perodua-axia', ''],
    ]);
  });

  test('the latest checkout wins, and another customer’s account and garage are untouched', async () => {
    const { userKey } = await api.login('0123456789');
    const { userKey: other } = await api.login('0198765432');
    await api.request(CAR_ADD, myvi, { userKey });
    await api.request(CAR_ADD, myvi, { userKey: other });
    await api.request(ADD, pickupOrder({ carPlate: 'WXY 1234' }), { userKey });
    await api.request(ADD, pickupOrder({ carPlate: 'VBN 77', contact: { name: 'Aisyah binti Ahmad', phone: '0123456789' } }), { userKey });
    expect(await plates(userKey)).toEqual([['perodua-myvi', 'VBN 77']]);
    expect((await api.request(USER_INFO, {}, { userKey })).data.realName).toBe('Aisyah binti Ahmad');
    expect(await plates(other)).toEqual([['perodua-myvi', '']]);
    expect((await api.request(USER_INFO, {}, { userKey: other })).data.realName).toBe('');
  });

  test('a car not in the garage is ordered for as before, keeping only the name', async () => {
    const { userKey } = await api.login('0123456789');
    const placed = await api.request(ADD, pickupOrder(), { userKey });
    expect(placed.code).toBe(200);
    expect(await plates(userKey)).toEqual([]);
    expect((await api.request(USER_INFO, {}, { userKey })).data.realName).toBe('Nur Aisyah');
  });

  test('a refused order keeps nothing', async () => {
    const { userKey } = await api.login('0123456789');
    await api.request(CAR_ADD, myvi, { userKey });
    const refused = await api.request(ADD, pickupOrder({ couponCode: 'NOSUCHCODE' }), { userKey });
    expect(refused.code).not.toBe(200);
    expect(await plates(userKey)).toEqual([['perodua-myvi', '']]);
    expect((await api.request(USER_INFO, {}, { userKey })).data.realName).toBe('');
  });
});

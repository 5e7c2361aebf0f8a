import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { contact, MATS, MYVI, QUOTE, SS2, selangorAddress, WIPERS } from './order-fixtures.ts';

// What a product page is told: the oil a service names, what a self-fitted product offers,
// whether a part fits a car whose variant was skipped, and the saving it may claim.

const PAGE = '/api/app/order/vehicle/product/app/page';
const PRODUCT = '/api/app/order/vehicle/product/app/find';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.close());

async function find(body: object, language?: string) {
  const answer = await api.request(PRODUCT, body, { language });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

describe('a service package names the oil it includes, from the same data as the oil choice', () => {
  test('for a Myvi 1.3 G: the description and what is included name the Myvi’s oil, as the choice does', async () => {
    const service = await find({ id: 'service-basic', variantId: 'perodua-myvi-1.3-g-2022' });
    expect(service.oil.name).toMatch(/0W-20/);
    expect(service.description).toContain(`4 litres of ${service.oil.name}`);
    expect(service.included[0]).toContain(service.oil.name);
    expect([service.description, ...service.included].join(' ')).not.toMatch(/Syntium 3000|5W-30|\{oil\}/);
  });

  test('without a car: the package’s standard oil, in each language', async () => {
    const service = await find({ id: 'service-basic' });
    expect(service.description).toContain('Petronas Syntium 3000 5W-30');
    expect((await find({ id: 'service-basic' }, 'zh_cn')).description).toContain('加注 4 公升 Petronas Syntium 3000 5W-30');
    expect((await find({ id: 'service-basic' }, 'ms_my')).description).toContain('Minyak enjin sintetik penuh Petronas Syntium 3000 5W-30 disertakan');
  });
});

describe('mats need no fitting', () => {
  test('the product says so; other products are fitted', async () => {
    expect((await find({ id: MATS.productId, variantId: MYVI })).noFitting).toBe(true);
    expect((await find({ id: WIPERS.productId, variantId: MYVI })).noFitting).toBe(false);
  });

  describe('and the checkout offers pickup and post, never installation', () => {
    let userKey: string;
    beforeEach(async () => {
      await api.reset();
      ({ userKey } = await api.login('0123456789'));
    });
    const quote = (method: string, extra: object) => api.request(QUOTE, { items: [MATS], variantId: MYVI, carPlate: 'WXY 1234', method, contact, ...extra }, { userKey });

    test('installation is refused, naming the mats', async () => {
      const answer = await quote('install', { storeId: SS2 });
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toBe('Goodyear all-weather rubber mats cannot be installed at a workshop.');
    });

    test('pickup and post are quoted', async () => {
      expect((await quote('pickup', { storeId: SS2 })).code).toBe(200);
      expect((await quote('mail', { address: selangorAddress })).code).toBe(200);
    });
  });
});

describe('a part for a car whose variant was skipped', () => {
  test('fits none of the Myvi’s variants: it does not fit, with the sizes the Myvi takes', async () => {
    const tyre = await find({ id: 'tyre-michelin-pilot-sport-5', modelId: 'perodua-myvi' });
    expect(tyre.fit).toEqual({ status: 'noFit', reason: 'Not made in your car’s tyre size (175/65R14, 185/55R15, 195/45R16).' });
    expect((await find({ id: 'tyre-michelin-pilot-sport-5', modelId: 'perodua-myvi' }, 'ms_my')).fit.reason).toBe(
      'Tidak dibuat dalam saiz tayar kereta anda (175/65R14, 185/55R15, 195/45R16).',
    );
  });

  test('made for some of the year’s variants: the variant must be chosen', async () => {
    expect((await find({ id: 'tyre-bridgestone-ecopia-ep150', yearId: 'perodua-myvi:2023' })).fit).toEqual({ status: 'unknown', reason: '' });
  });

  test('the category’s cards say the same', async () => {
    const { data } = await api.request(PAGE, { category: 'Tires Service', modelId: 'perodua-myvi', pageSize: 48 });
    const fitOf = (id: string) => data.list.find((c: { id: string }) => c.id === id).fit;
    expect(fitOf('tyre-michelin-pilot-sport-5')).toEqual({ status: 'noFit', reason: 'Not made in your car’s tyre size (175/65R14, 185/55R15, 195/45R16).' });
    expect(fitOf('tyre-bridgestone-ecopia-ep150')).toEqual({ status: 'unknown', reason: '' });
    expect(data.list.some((c: { fit: { status: string } }) => c.fit.status === 'fits')).toBe(false);
    // Asked again, from the cache: the same; without the model, nothing is refused.
    expect((await api.request(PAGE, { category: 'Tires Service', modelId: 'perodua-myvi', pageSize: 48 })).data).toEqual(data);
    const plain = (await api.request(PAGE, { category: 'Tires Service', pageSize: 48 })).data.list;
    expect(plain.every((c: { fit: { status: string } }) => c.fit.status === 'unknown')).toBe(true);
  });

  test('the year narrows the variants: a 2013 Myvi takes only 185/55R15 or 175/65R14, never 195/45R16', async () => {
    expect((await find({ id: 'tyre-kumho-ecsta-ps71', modelId: 'perodua-myvi' })).fit.status).toBe('unknown');
    expect((await find({ id: 'tyre-kumho-ecsta-ps71', yearId: 'perodua-myvi:2013' })).fit).toEqual({
      status: 'noFit',
      reason: 'Not made in your car’s tyre size (185/55R15, 175/65R14).',
    });
  });
});

describe('the saving claimed', () => {
  type Card = { id: string; fromPrice: boolean; savingPercent: number; listPriceSen: number; price: { totalSen: number } };
  const cards = async (body: object): Promise<Card[]> => (await api.request(PAGE, { pageSize: 48, ...body })).data.list;

  test('a "from" price claims none: tyres without a car', async () => {
    const list = await cards({ category: 'Tires Service' });
    expect(list.every((c) => c.fromPrice && c.savingPercent === 0)).toBe(true);
  });

  test('the car’s own price claims its saving against the walk-in price', async () => {
    const list = await cards({ category: 'Tires Service', variantId: 'perodua-myvi-1.3-g-2022', fitsOnly: true });
    const ecopia = list.find((c) => c.id === 'tyre-bridgestone-ecopia-ep150')!;
    expect(ecopia.fromPrice).toBe(false);
    expect(ecopia.savingPercent).toBe(Math.floor(((ecopia.listPriceSen - ecopia.price.totalSen) * 100) / ecopia.listPriceSen));
    expect(ecopia.savingPercent).toBeGreaterThan(0);
  });

  test('mats cost every car the same: their saving holds without a car', async () => {
    const mats = (await cards({ category: 'Car Mats' })).find((c) => c.id === MATS.productId)!;
    expect(mats).toMatchObject({ fromPrice: false, savingPercent: 25 });
  });
});

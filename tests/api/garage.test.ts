import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const ADD = '/api/export/user/vehicle/car/info/add';
const LIST = '/api/export/user/vehicle/car/info/list';
const CURRENT = '/api/export/user/vehicle/car/info/current';
const DEL = '/api/export/user/vehicle/car/info/del';

const EXPIRED = { code: 708, msg: 'Invalid session, or session has expired, please log in again.', data: null };
const UNKNOWN_CAR = { code: 404, msg: 'That car is not one we know, or not in your garage.', data: null };

/** Aminah's 2023 Perodua Myvi 1.5 AV (3rd generation, facelift). */
const myvi = { brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023', variantId: 'perodua-myvi-1.5-av-2022' };
/** Her husband's Proton X50, year and variant skipped. */
const x50 = { brandId: 'proton', modelId: 'proton-x50' };
const saga = { brandId: 'proton', modelId: 'proton-saga', yearId: 'proton-saga:2020' };
const city = { brandId: 'honda', modelId: 'honda-city', variantId: 'honda-city-1.5-s-2020' };
const vios = { brandId: 'toyota', modelId: 'toyota-vios', yearId: 'toyota-vios:2024', variantId: 'toyota-vios-1.5-g-2023' };
const axia = { brandId: 'perodua', modelId: 'perodua-axia', yearId: 'perodua-axia:2024' };
const hilux = { brandId: 'toyota', modelId: 'toyota-hilux' };

type Saved = { id: string; modelId: string; current: boolean; variant: string; year: string };

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
beforeEach(() => api.reset());
afterAll(() => api.close());

async function aminah() {
  const { userKey } = await api.login('0123456789');
  return userKey;
}

describe('the garage needs a login', () => {
  test.each([
    ['add', ADD, myvi],
    ['list', LIST, {}],
    ['current', CURRENT, { id: '00000000-0000-4000-8000-000000000000' }],
    ['del', DEL, { id: '00000000-0000-4000-8000-000000000000' }],
  ])('%s without a key: 708', async (_name, path, body) => {
    expect(await api.request(path, body)).toEqual(EXPIRED);
  });

  test('an unknown key: 708', async () => {
    expect(await api.request(LIST, {}, { userKey: 'q7Wm2Kx9Lp4Rt8Yb1Nc6Vd3Hf5Gj0Za' })).toEqual(EXPIRED);
  });
});

describe('saving a car', () => {
  test('an empty garage lists nothing', async () => {
    const userKey = await aminah();
    expect(await api.request(LIST, {}, { userKey })).toEqual({ code: 200, msg: 'OK', data: [] });
  });

  test('adds the car with every carInfo field, and makes it current', async () => {
    const userKey = await aminah();
    const answer = await api.request(ADD, myvi, { userKey });
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual([
      {
        id: expect.any(String),
        brand: 'Perodua',
        model: 'Myvi',
        year: '2023',
        variant: '1.5 AV',
        brandId: 'perodua',
        modelId: 'perodua-myvi',
        yearId: 'perodua-myvi:2023',
        variantId: 'perodua-myvi-1.5-av-2022',
        noYear: false,
        noBt: false,
        bodyType: 'Hatchback',
        current: true,
        plate: '',
        roadTaxExpiry: null,
        insuranceExpiry: null,
      },
    ]);
  });

  test('a car with year and variant skipped says so', async () => {
    const userKey = await aminah();
    const answer = await api.request(ADD, x50, { userKey });
    expect(answer.data[0]).toMatchObject({ brand: 'Proton', model: 'X50', year: '', yearId: '', variant: '', variantId: '', noYear: true, noBt: true, bodyType: '' });
  });

  test('a car with only the year skipped keeps its variant', async () => {
    const userKey = await aminah();
    const answer = await api.request(ADD, city, { userKey });
    expect(answer.data[0]).toMatchObject({ year: '', noYear: true, variant: '1.5 S', variantId: 'honda-city-1.5-s-2020', noBt: false, bodyType: 'Sedan' });
  });

  test('a car with only the variant skipped keeps its year', async () => {
    const userKey = await aminah();
    const answer = await api.request(ADD, saga, { userKey });
    expect(answer.data[0]).toMatchObject({ year: '2020', yearId: 'proton-saga:2020', noYear: false, variant: '', noBt: true });
  });

  test('the car added last becomes current, and the one before is kept', async () => {
    const userKey = await aminah();
    await api.request(ADD, myvi, { userKey });
    const answer = await api.request(ADD, x50, { userKey });
    expect(answer.data.map((c: Saved) => [c.modelId, c.current])).toEqual([
      ['proton-x50', true],
      ['perodua-myvi', false],
    ]);
  });

  test('the list gives the same cars, current first', async () => {
    const userKey = await aminah();
    await api.request(ADD, myvi, { userKey });
    const added = await api.request(ADD, x50, { userKey });
    expect(await api.request(LIST, {}, { userKey })).toEqual({ code: 200, msg: 'OK', data: added.data });
  });

  test('the same car twice is kept once, and becomes current again', async () => {
    const userKey = await aminah();
    const first = await api.request(ADD, myvi, { userKey });
    await api.request(ADD, x50, { userKey });
    const again = await api.request(ADD, myvi, { userKey });
    expect(again.data).toHaveLength(2);
    expect(again.data[0]).toMatchObject({ id: first.data[0].id, modelId: 'perodua-myvi', current: true });
  });

  test('the same car with year and variant skipped twice is kept once', async () => {
    const userKey = await aminah();
    await api.request(ADD, x50, { userKey });
    const again = await api.request(ADD, x50, { userKey });
    expect(again.data).toHaveLength(1);
  });

  test('the same model in another year is another car', async () => {
    const userKey = await aminah();
    await api.request(ADD, myvi, { userKey });
    const answer = await api.request(ADD, { ...myvi, yearId: 'perodua-myvi:2024' }, { userKey });
    expect(answer.data.map((c: Saved) => c.year)).toEqual(['2024', '2023']);
  });

  test('a car saved without its variant is completed when the variant is chosen, not saved twice', async () => {
    const userKey = await aminah();
    const first = await api.request(ADD, saga, { userKey });
    await api.request(ADD, myvi, { userKey });
    const answer = await api.request(ADD, { ...saga, variantId: 'proton-saga-1.3-premium-2019' }, { userKey });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.map((c: Saved) => [c.modelId, c.year, c.variant, c.current])).toEqual([
      ['proton-saga', '2020', '1.3 Premium AT', true],
      ['perodua-myvi', '2023', '1.5 AV', false],
    ]);
    expect(answer.data[0].id).toBe(first.data[0].id);
  });

  test('a car saved with year and variant skipped takes both when they are chosen', async () => {
    const userKey = await aminah();
    const first = await api.request(ADD, x50, { userKey });
    const answer = await api.request(ADD, { ...x50, yearId: 'proton-x50:2022', variantId: 'proton-x50-1.5t-executive-2020' }, { userKey });
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({ id: first.data[0].id, year: '2022', variant: '1.5T Executive', noYear: false, noBt: false });
  });

  test('a variant of another year, or another variant, is another car', async () => {
    const userKey = await aminah();
    await api.request(ADD, saga, { userKey });
    const older = await api.request(ADD, { ...saga, yearId: 'proton-saga:2012', variantId: 'proton-saga-1.3-flx-2011' }, { userKey });
    expect(older.data.map((c: Saved) => [c.year, c.variant])).toEqual([
      ['2012', '1.3 FLX Executive CVT'],
      ['2020', ''],
    ]);
    await api.request(DEL, { id: older.data[0].id }, { userKey });
    await api.request(ADD, { ...saga, variantId: 'proton-saga-1.3-standard-2016' }, { userKey });
    const other = await api.request(ADD, { ...saga, variantId: 'proton-saga-1.3-premium-2019' }, { userKey });
    expect(other.data.map((c: Saved) => [c.year, c.variant])).toEqual([
      ['2020', '1.3 Premium AT'],
      ['2020', '1.3 Standard MT'],
    ]);
  });

  test('completing a car in a full garage needs no room', async () => {
    const userKey = await aminah();
    for (const car of [myvi, x50, city, vios, saga]) await api.request(ADD, car, { userKey });
    const answer = await api.request(ADD, { ...saga, variantId: 'proton-saga-1.3-standard-2016' }, { userKey });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data).toHaveLength(5);
    expect(answer.data[0]).toMatchObject({ modelId: 'proton-saga', variant: '1.3 Standard MT', current: true });
  });

  test('a car without its variant and its variant chosen at once are kept as one car', async () => {
    const userKey = await aminah();
    await api.request(ADD, saga, { userKey });
    await Promise.all([
      api.request(ADD, { ...saga, variantId: 'proton-saga-1.3-premium-2019' }, { userKey }),
      api.request(ADD, { ...saga, variantId: 'proton-saga-1.3-premium-2019' }, { userKey }),
    ]);
    const { data } = await api.request(LIST, {}, { userKey });
    expect(data.map((c: Saved) => c.variant)).toEqual(['1.3 Premium AT']);
  });

  test('the same car sent twice at once is kept once', async () => {
    const userKey = await aminah();
    await Promise.all([api.request(ADD, myvi, { userKey }), api.request(ADD, myvi, { userKey })]);
    const { data } = await api.request(LIST, {}, { userKey });
    expect(data).toHaveLength(1);
    expect(data[0].current).toBe(true);
  });

  test('exactly one car is current', async () => {
    const userKey = await aminah();
    for (const car of [myvi, x50, saga]) await api.request(ADD, car, { userKey });
    const { data } = await api.request(LIST, {}, { userKey });
    expect(data.filter((c: Saved) => c.current)).toHaveLength(1);
  });
});

describe('a full garage', () => {
  const five = [myvi, x50, saga, city, vios];

  test('holds five cars', async () => {
    const userKey = await aminah();
    for (const car of five) expect((await api.request(ADD, car, { userKey })).code).toBe(200);
    expect((await api.request(LIST, {}, { userKey })).data).toHaveLength(5);
  });

  test('a sixth car: 807 warning, and nothing changes', async () => {
    const userKey = await aminah();
    for (const car of five) await api.request(ADD, car, { userKey });
    const before = await api.request(LIST, {}, { userKey });
    expect(await api.request(ADD, axia, { userKey })).toEqual({ code: 807, msg: 'Your garage holds 5 cars. Remove one to add another.', data: null });
    expect(await api.request(LIST, {}, { userKey })).toEqual(before);
  });

  test('a car already in it can still be made current by adding it again', async () => {
    const userKey = await aminah();
    for (const car of five) await api.request(ADD, car, { userKey });
    const answer = await api.request(ADD, myvi, { userKey });
    expect(answer.code).toBe(200);
    expect(answer.data[0]).toMatchObject({ modelId: 'perodua-myvi', current: true });
  });

  test('after removing one, a new car fits', async () => {
    const userKey = await aminah();
    let garage: Saved[] = [];
    for (const car of five) garage = (await api.request(ADD, car, { userKey })).data;
    await api.request(DEL, { id: garage.at(-1)!.id }, { userKey });
    expect((await api.request(ADD, axia, { userKey })).code).toBe(200);
  });

  test('cars sent at once never take it past five', async () => {
    const userKey = await aminah();
    const answers = await Promise.all([...five, axia, hilux].map((car) => api.request(ADD, car, { userKey })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.code === 807)).toHaveLength(2);
    expect((await api.request(LIST, {}, { userKey })).data).toHaveLength(5);
  });

  test('the 807 message in Chinese', async () => {
    const userKey = await aminah();
    for (const car of five) await api.request(ADD, car, { userKey });
    expect((await api.request(ADD, axia, { userKey, language: 'zh_cn' })).msg).toBe('您的车库最多可存 5 辆车。请先删除一辆再添加。');
  });
});

describe('choosing and removing saved cars', () => {
  test('making a saved car current puts it first', async () => {
    const userKey = await aminah();
    await api.request(ADD, myvi, { userKey });
    const added = await api.request(ADD, x50, { userKey });
    const myviId = added.data.find((c: Saved) => c.modelId === 'perodua-myvi').id;
    const answer = await api.request(CURRENT, { id: myviId }, { userKey });
    expect(answer.data.map((c: Saved) => [c.modelId, c.current])).toEqual([
      ['perodua-myvi', true],
      ['proton-x50', false],
    ]);
  });

  test('removing a car leaves the others', async () => {
    const userKey = await aminah();
    await api.request(ADD, myvi, { userKey });
    const added = await api.request(ADD, x50, { userKey });
    const answer = await api.request(DEL, { id: added.data[0].id }, { userKey });
    expect(answer.data.map((c: Saved) => c.modelId)).toEqual(['perodua-myvi']);
  });

  test('removing the current car makes the most recently used other car current', async () => {
    const userKey = await aminah();
    await api.request(ADD, myvi, { userKey });
    await api.request(ADD, saga, { userKey });
    const added = await api.request(ADD, x50, { userKey });
    const answer = await api.request(DEL, { id: added.data[0].id }, { userKey });
    expect(answer.data.map((c: Saved) => [c.modelId, c.current])).toEqual([
      ['proton-saga', true],
      ['perodua-myvi', false],
    ]);
  });

  test('a removed car is gone for good', async () => {
    const userKey = await aminah();
    const added = await api.request(ADD, myvi, { userKey });
    await api.request(DEL, { id: added.data[0].id }, { userKey });
    expect(await api.request(DEL, { id: added.data[0].id }, { userKey })).toEqual(UNKNOWN_CAR);
    expect((await api.request(LIST, {}, { userKey })).data).toEqual([]);
  });

  test('a car id that is not in any garage: 404', async () => {
    const userKey = await aminah();
    expect(await api.request(CURRENT, { id: '3f1e7c2a-9b4d-4e8f-a1c6-5d2b8e9f0a7c' }, { userKey })).toEqual(UNKNOWN_CAR);
  });

  test('a car id that is not an id: 400 naming the field', async () => {
    const userKey = await aminah();
    expect(await api.request(CURRENT, { id: 'perodua-myvi' }, { userKey })).toEqual({ code: 400, msg: 'id is not valid.', data: { field: 'id' } });
  });

  test('no car id: 400 naming the field', async () => {
    const userKey = await aminah();
    expect(await api.request(DEL, {}, { userKey })).toEqual({ code: 400, msg: 'id is required.', data: { field: 'id' } });
  });
});

describe('each garage is its owner’s', () => {
  test('another customer does not see your cars', async () => {
    const aminahKey = await aminah();
    await api.request(ADD, myvi, { userKey: aminahKey });
    const { userKey: rajeshKey } = await api.login('0198765432');
    expect((await api.request(LIST, {}, { userKey: rajeshKey })).data).toEqual([]);
  });

  test('another customer cannot make your car current: 404', async () => {
    const aminahKey = await aminah();
    await api.request(ADD, myvi, { userKey: aminahKey });
    const mine = await api.request(ADD, x50, { userKey: aminahKey });
    const myviId = mine.data.find((c: Saved) => c.modelId === 'perodua-myvi').id;
    const { userKey: rajeshKey } = await api.login('0198765432');
    expect(await api.request(CURRENT, { id: myviId }, { userKey: rajeshKey })).toEqual(UNKNOWN_CAR);
    expect((await api.request(LIST, {}, { userKey: aminahKey })).data).toEqual(mine.data);
  });

  test('another customer cannot remove your car: 404', async () => {
    const aminahKey = await aminah();
    const mine = await api.request(ADD, myvi, { userKey: aminahKey });
    const { userKey: rajeshKey } = await api.login('0198765432');
    expect(await api.request(DEL, { id: mine.data[0].id }, { userKey: rajeshKey })).toEqual(UNKNOWN_CAR);
    expect((await api.request(LIST, {}, { userKey: aminahKey })).data).toEqual(mine.data);
  });

  test('two customers may save the same car, each their own', async () => {
    const aminahKey = await aminah();
    const { userKey: rajeshKey } = await api.login('0198765432');
    const hers = await api.request(ADD, myvi, { userKey: aminahKey });
    const his = await api.request(ADD, myvi, { userKey: rajeshKey });
    expect(his.data).toHaveLength(1);
    expect(his.data[0].id).not.toBe(hers.data[0].id);
  });

  test('a full garage does not stop another customer', async () => {
    const aminahKey = await aminah();
    for (const car of [myvi, x50, saga, city, vios]) await api.request(ADD, car, { userKey: aminahKey });
    const { userKey: rajeshKey } = await api.login('0198765432');
    expect((await api.request(ADD, axia, { userKey: rajeshKey })).code).toBe(200);
  });
});

describe('saving a car that is not one we know', () => {
  test.each([
    ['an unknown brand', { brandId: 'perodua-myvi', modelId: 'perodua-myvi' }],
    ['an unknown model', { brandId: 'perodua', modelId: 'perodua-nautica' }],
    ['a model of another brand', { brandId: 'proton', modelId: 'perodua-myvi' }],
    ['a year of another model', { ...myvi, yearId: 'perodua-axia:2023' }],
    ['a year the model was not sold', { ...myvi, yearId: 'perodua-myvi:2005', variantId: undefined }],
    ['a year id that is not a year', { ...myvi, yearId: 'perodua-myvi:new', variantId: undefined }],
    ['an unknown variant', { ...myvi, variantId: 'perodua-myvi-2.0-turbo' }],
    ['a variant of another model', { ...myvi, variantId: 'perodua-axia-1.0-av-2023' }],
    ['a variant not sold that year', { ...myvi, yearId: 'perodua-myvi:2019' }],
  ])('%s: 404, and nothing is saved', async (_name, car) => {
    const userKey = await aminah();
    expect(await api.request(ADD, car, { userKey })).toEqual(UNKNOWN_CAR);
    expect((await api.request(LIST, {}, { userKey })).data).toEqual([]);
  });

  test('no model: 400 naming the field', async () => {
    const userKey = await aminah();
    expect(await api.request(ADD, { brandId: 'perodua' }, { userKey })).toEqual({ code: 400, msg: 'modelId is required.', data: { field: 'modelId' } });
  });

  test('an id with capitals: 400 naming the field', async () => {
    const userKey = await aminah();
    expect(await api.request(ADD, { ...myvi, variantId: 'Perodua Myvi 1.5 AV' }, { userKey })).toEqual({
      code: 400,
      msg: 'variantId is not valid.',
      data: { field: 'variantId' },
    });
  });

  test('a field the call does not have: 400 naming it', async () => {
    const userKey = await aminah();
    expect(await api.request(ADD, { ...myvi, plate: 'WXY 1234' }, { userKey })).toEqual({
      code: 400,
      msg: 'plate is not a field of this call.',
      data: { field: 'plate' },
    });
  });
});

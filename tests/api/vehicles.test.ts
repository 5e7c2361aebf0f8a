import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const CHOSE = '/api/app/order/vehicle/car/size/chose';

const UNKNOWN_CAR = { code: 404, msg: 'We do not know that car. Please choose it again.', data: null };

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

// Nothing here writes: one database for the whole file.

describe('choosing a brand', () => {
  test('with nothing chosen, lists the brands', async () => {
    const answer = await api.request(CHOSE, {});
    expect(answer.code).toBe(200);
    expect(answer.data.level).toBe('brand');
    expect(answer.data.list).toContainEqual({ brand: 'Perodua', brandId: 'perodua', popular: true });
  });

  test('an empty body is enough', async () => {
    const answer = await api.request(CHOSE, undefined);
    expect(answer.data.level).toBe('brand');
  });

  test('Perodua, Proton, Honda and Toyota are among the popular brands', async () => {
    const { data } = await api.request(CHOSE, {});
    const popular = data.list.filter((b: { popular: boolean }) => b.popular).map((b: { brandId: string }) => b.brandId);
    expect(popular).toEqual(expect.arrayContaining(['perodua', 'proton', 'honda', 'toyota']));
  });

  test('the popular brands come first, each group A to Z', async () => {
    const { data } = await api.request(CHOSE, {});
    const list: { brand: string; popular: boolean }[] = data.list;
    const popular = list.filter((b) => b.popular).map((b) => b.brand);
    const others = list.filter((b) => !b.popular).map((b) => b.brand);
    expect(list.map((b) => b.brand)).toEqual([...popular, ...others]);
    expect(popular).toEqual([...popular].sort((a, b) => a.localeCompare(b)));
    expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b)));
  });

  test('a keyword narrows the brands, ignoring case', async () => {
    const answer = await api.request(CHOSE, { keyword: 'peRO' });
    expect(answer.data).toEqual({ level: 'brand', list: [{ brand: 'Perodua', brandId: 'perodua', popular: true }] });
  });

  test('a keyword that matches nothing gives an empty list', async () => {
    const answer = await api.request(CHOSE, { keyword: 'Lamborghini' });
    expect(answer).toEqual({ code: 200, msg: 'OK', data: { level: 'brand', list: [] } });
  });
});

describe('choosing a model', () => {
  test('a brand lists its models, A to Z', async () => {
    const answer = await api.request(CHOSE, { brandId: 'perodua' });
    expect(answer.data.level).toBe('model');
    const names = answer.data.list.map((m: { carModel: string }) => m.carModel);
    expect(names).toEqual(expect.arrayContaining(['Myvi', 'Axia', 'Bezza', 'Alza', 'Aruz', 'Ativa']));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  test('each model names its brand', async () => {
    const answer = await api.request(CHOSE, { brandId: 'perodua' });
    expect(answer.data.list).toContainEqual({ carModel: 'Myvi', modelId: 'perodua-myvi', brandId: 'perodua' });
  });

  test('a keyword ignores case, spaces and dashes: "crv" finds the CR-V', async () => {
    const answer = await api.request(CHOSE, { brandId: 'honda', keyword: 'crv' });
    expect(answer.data.list.map((m: { modelId: string }) => m.modelId)).toEqual(['honda-cr-v']);
  });

  test('"cr v" and "CR-V" find it too', async () => {
    for (const keyword of ['cr v', 'CR-V']) {
      const answer = await api.request(CHOSE, { brandId: 'honda', keyword });
      expect(answer.data.list.map((m: { modelId: string }) => m.modelId), keyword).toEqual(['honda-cr-v']);
    }
  });

  test('"x 50" finds the Proton X50', async () => {
    const answer = await api.request(CHOSE, { brandId: 'proton', keyword: 'x 50' });
    expect(answer.data.list.map((m: { modelId: string }) => m.modelId)).toEqual(['proton-x50']);
  });

  test('an unknown brand: 404', async () => {
    // A model's id where the brand's belongs, as a stale client might send.
    expect(await api.request(CHOSE, { brandId: 'perodua-myvi' })).toEqual(UNKNOWN_CAR);
  });
});

describe('choosing a year', () => {
  test('a model lists the years it was sold, newest first', async () => {
    const answer = await api.request(CHOSE, { brandId: 'perodua', modelId: 'perodua-myvi' });
    expect(answer.data.level).toBe('year');
    const years = answer.data.list.map((y: { carYear: string }) => Number(y.carYear));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(2011);
  });

  test('each year has the id of its model and year', async () => {
    const answer = await api.request(CHOSE, { modelId: 'perodua-myvi' });
    expect(answer.data.list).toContainEqual({ carYear: '2018', yearId: 'perodua-myvi:2018' });
  });

  test('a year several variants were sold is listed once', async () => {
    // The Myvi 1.3 G and 1.5 AV are both sold from 2022.
    const answer = await api.request(CHOSE, { modelId: 'perodua-myvi' });
    const years = answer.data.list.map((y: { carYear: string }) => y.carYear);
    expect(new Set(years).size).toBe(years.length);
  });

  test('a keyword narrows the years', async () => {
    const answer = await api.request(CHOSE, { modelId: 'perodua-myvi', keyword: '2019' });
    expect(answer.data.list).toEqual([{ carYear: '2019', yearId: 'perodua-myvi:2019' }]);
  });

  test('an unknown model: 404', async () => {
    expect(await api.request(CHOSE, { modelId: 'perodua-nautica' })).toEqual(UNKNOWN_CAR);
  });
});

describe('choosing a variant', () => {
  test('a year lists the variants sold that year', async () => {
    const answer = await api.request(CHOSE, { yearId: 'perodua-myvi:2023' });
    expect(answer.data.level).toBe('variant');
    expect(answer.data.list.map((v: { variantId: string }) => v.variantId).sort()).toEqual([
      'perodua-myvi-1.3-g-2022',
      'perodua-myvi-1.3-x-2022',
      'perodua-myvi-1.5-av-2022',
      'perodua-myvi-1.5-h-2022',
    ]);
  });

  test('a Myvi of 2020 offers its 1.3 and its 1.5 variants', async () => {
    const answer = await api.request(CHOSE, { yearId: 'perodua-myvi:2020' });
    const engines = answer.data.list.map((v: { engine: string }) => v.engine.slice(0, 4));
    expect(engines).toContain('1.3L');
    expect(engines).toContain('1.5L');
    expect(answer.data.list.map((v: { carVariant: string }) => v.carVariant).sort()).toEqual(['1.3 G', '1.3 X', '1.5 AV', '1.5 H']);
  });

  test('the popular models carry their common variants', async () => {
    const names = async (yearId: string) => (await api.request(CHOSE, { yearId })).data.list.map((v: { carVariant: string }) => v.carVariant).sort();
    expect(await names('proton-saga:2020')).toEqual(['1.3 Premium AT', '1.3 Standard AT', '1.3 Standard MT']);
    expect(await names('honda-city:2022')).toEqual(['1.5 E', '1.5 RS e:HEV', '1.5 S', '1.5 V']);
    expect(await names('toyota-vios:2024')).toEqual(['1.5 E', '1.5 G']);
    expect(await names('perodua-axia:2024')).toEqual(['1.0 AV', '1.0 E', '1.0 G', '1.0 SE', '1.0 X']);
  });

  test('each variant tells engine, gearbox, fuel, body, size and years', async () => {
    const answer = await api.request(CHOSE, { yearId: 'perodua-myvi:2023' });
    expect(answer.data.list).toContainEqual({
      carVariant: '1.5 AV',
      variantId: 'perodua-myvi-1.5-av-2022',
      engine: '1.5L 2NR-VE Dual VVT-i',
      transmission: 'CVT',
      fuel: 'Petrol',
      bodyType: 'Hatchback',
      sizeClass: 'S',
      years: [2022, 2025],
    });
  });

  test('the variants do not give away their fitment facts', async () => {
    const answer = await api.request(CHOSE, { yearId: 'perodua-myvi:2023' });
    for (const v of answer.data.list) expect(v).not.toHaveProperty('fitment');
  });

  test('the year the generation changed lists only that generation', async () => {
    const answer = await api.request(CHOSE, { yearId: 'perodua-myvi:2017' });
    expect(answer.data.list.map((v: { variantId: string }) => v.variantId).sort()).toEqual(['perodua-myvi-1.3-x-2015', 'perodua-myvi-1.5-se-2011']);
  });

  test('with the year skipped, level "variant" and the model list every variant of the model', async () => {
    const answer = await api.request(CHOSE, { brandId: 'perodua', modelId: 'perodua-myvi', level: 'variant' });
    expect(answer.data.level).toBe('variant');
    expect(answer.data.list.map((v: { variantId: string }) => v.variantId).sort()).toEqual([
      'perodua-myvi-1.3-ezi-2011',
      'perodua-myvi-1.3-g-2018',
      'perodua-myvi-1.3-g-2022',
      'perodua-myvi-1.3-x-2015',
      'perodua-myvi-1.3-x-2018',
      'perodua-myvi-1.3-x-2022',
      'perodua-myvi-1.5-av-2018',
      'perodua-myvi-1.5-av-2022',
      'perodua-myvi-1.5-h-2018',
      'perodua-myvi-1.5-h-2022',
      'perodua-myvi-1.5-se-2011',
    ]);
  });

  test('a keyword matches the variant name, ignoring case and spaces', async () => {
    const answer = await api.request(CHOSE, { modelId: 'perodua-myvi', level: 'variant', keyword: '1.5av' });
    expect(answer.data.list.map((v: { variantId: string }) => v.variantId).sort()).toEqual(['perodua-myvi-1.5-av-2018', 'perodua-myvi-1.5-av-2022']);
  });

  test('a keyword matches the gearbox', async () => {
    const answer = await api.request(CHOSE, { yearId: 'perodua-axia:2020', keyword: 'manual' });
    expect(answer.data.list.map((v: { variantId: string }) => v.variantId)).toEqual(['perodua-axia-1.0-e-2014']);
  });

  test('an electric car says so', async () => {
    const answer = await api.request(CHOSE, { yearId: 'proton-emas-7:2025' });
    expect(answer.data.list.every((v: { fuel: string }) => v.fuel === 'Electric')).toBe(true);
  });

  test('a year the model was not sold: 404', async () => {
    expect(await api.request(CHOSE, { yearId: 'perodua-myvi:2005' })).toEqual(UNKNOWN_CAR);
  });

  test('a year id that is not a year: 404', async () => {
    expect(await api.request(CHOSE, { yearId: 'perodua-myvi:new' })).toEqual(UNKNOWN_CAR);
  });

  test('a year of an unknown model: 404', async () => {
    expect(await api.request(CHOSE, { yearId: 'perodua-nautica:2023' })).toEqual(UNKNOWN_CAR);
  });

  test('all variants of an unknown model: 404', async () => {
    expect(await api.request(CHOSE, { modelId: 'perodua-nautica', level: 'variant' })).toEqual(UNKNOWN_CAR);
  });

  test('the 404 message in Malay', async () => {
    const answer = await api.request(CHOSE, { brandId: 'perodua-myvi' }, { language: 'ms_my' });
    expect(answer.msg).toBe('Kami tidak mengenali kereta itu. Sila pilih semula.');
  });
});

describe('asking the picker badly', () => {
  test('an id with capitals: 400 naming the field', async () => {
    const answer = await api.request(CHOSE, { brandId: 'Perodua' });
    expect(answer).toEqual({ code: 400, msg: 'brandId is not valid.', data: { field: 'brandId' } });
  });

  test('an id with a space: 400 naming the field', async () => {
    const answer = await api.request(CHOSE, { modelId: 'perodua myvi' });
    expect(answer).toEqual({ code: 400, msg: 'modelId is not valid.', data: { field: 'modelId' } });
  });

  test('an id that is a number: 400 saying it must be text', async () => {
    const answer = await api.request(CHOSE, { brandId: 7 });
    expect(answer).toEqual({ code: 400, msg: 'brandId must be text.', data: { field: 'brandId' } });
  });

  test('an empty id: 400', async () => {
    const answer = await api.request(CHOSE, { brandId: '' });
    expect(answer).toEqual({ code: 400, msg: 'brandId is too short.', data: { field: 'brandId' } });
  });

  test('a level the picker does not have: 400 naming the choices', async () => {
    const answer = await api.request(CHOSE, { modelId: 'perodua-myvi', level: 'engine' });
    expect(answer).toEqual({ code: 400, msg: 'level must be one of: brand, model, year, variant.', data: { field: 'level' } });
  });

  test('a keyword over 60 characters: 400', async () => {
    const answer = await api.request(CHOSE, { keyword: 'M'.repeat(61) });
    expect(answer).toEqual({ code: 400, msg: 'keyword is too long.', data: { field: 'keyword' } });
  });

  test('a field the call does not have: 400 naming it', async () => {
    const answer = await api.request(CHOSE, { carBrand: 'Perodua' });
    expect(answer).toEqual({ code: 400, msg: 'carBrand is not a field of this call.', data: { field: 'carBrand' } });
  });
});

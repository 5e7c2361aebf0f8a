import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

// What the customer can choose on a product page, and what it costs: tyre size, the pad the
// car takes, the oil of a service, tint shades, wiper lengths, quantity.

const PAGE = '/api/app/order/vehicle/product/app/page';
const FIND = '/api/app/order/vehicle/product/app/find';
const CHANGE = '/api/app/order/vehicle/product/change/list';

/** A Myvi 1.3 G: 175/65R14 tyres, size S. */
const MYVI_13 = 'perodua-myvi-1.3-g-2022';
/** A Myvi 1.5 AV: 195/45R16 tyres. */
const MYVI_15 = 'perodua-myvi-1.5-av-2022';
/** A Mercedes C 300 AMG Line: 225/45R18 and 245/40R18, size M. */
const C300 = 'mercedes-benz-c-class-c300-amg-line-2022';
const HILUX = 'toyota-hilux-2.8-rogue-2016';

const ECOPIA = 'tyre-bridgestone-ecopia-ep150';
const TURANZA = 'tyre-bridgestone-turanza-t005a';
const BREMBO_FRONT = 'brakepads-brembo-ceramic-front';

type Price = { partsSen: number; labourSen: number; serviceTaxSen: number; totalSen: number; sizeClass: string };
type Card = { id: string; price: Price; fit: { status: string; reason: string }; fromPrice: boolean; tyreSize: string | null; tyreSizes: string[] };

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function cards(body: object, language?: string): Promise<Card[]> {
  const answer = await api.request(PAGE, { pageSize: 48, ...body }, { language });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list;
}
const cardOf = (list: Card[], id: string) => list.find((c) => c.id === id) ?? expect.fail(`${id} is not listed`);
async function find(body: object, language?: string) {
  const answer = await api.request(FIND, body, { language });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

describe('tyre cards', () => {
  test('for a Myvi 1.3 G show its size, 175/65R14, priced for that size', async () => {
    const card = cardOf(await cards({ category: 'Tires Service', variantId: MYVI_13 }), ECOPIA);
    expect(card).toMatchObject({ tyreSize: '175/65R14', tyreSizes: ['175/65R14'], fromPrice: false, fit: { status: 'fits' } });
    expect(card.price).toEqual({ partsSen: 21500, labourSen: 1000, serviceTaxSen: 80, totalSen: 22580, sizeClass: 'S' });
  });

  test('for a Myvi 1.5 AV show its 16″ size, which costs more', async () => {
    const small = cardOf(await cards({ category: 'Tires Service', variantId: MYVI_13 }), 'tyre-yokohama-bluearth-es32');
    const big = cardOf(await cards({ category: 'Tires Service', variantId: MYVI_15 }), 'tyre-yokohama-bluearth-es32');
    expect(big.tyreSize).toBe('195/45R16');
    expect(big.price.partsSen).toBeGreaterThan(small.price.partsSen);
  });

  test('every fitting tyre card names a size the car takes', async () => {
    const list = (await cards({ category: 'Tires Service', variantId: MYVI_13, fitsOnly: true })).filter((c) => c.fit.status === 'fits');
    expect(list.length).toBeGreaterThan(3);
    for (const card of list) expect(card.tyreSize, card.id).toBe('175/65R14');
  });

  test('for a car on two sizes list both, priced for the first', async () => {
    const card = cardOf(await cards({ category: 'Tires Service', variantId: C300 }), TURANZA);
    expect(card.tyreSizes).toEqual(['225/45R18', '245/40R18']);
    expect(card.tyreSize).toBe('225/45R18');
  });

  test('without a car: no size, a "from" price', async () => {
    const card = cardOf(await cards({ category: 'Tires Service' }), ECOPIA);
    expect(card).toMatchObject({ tyreSize: null, tyreSizes: [], fromPrice: true });
    expect(card.price.partsSen).toBe(17000);
  });

  test('a tyre not made in the car’s size keeps its "from" price', async () => {
    const card = cardOf(await cards({ category: 'Tires Service', variantId: MYVI_13 }), 'tyre-michelin-pilot-sport-5');
    expect(card).toMatchObject({ fit: { status: 'noFit' }, fromPrice: true, tyreSize: null });
  });

  test('other products carry no tyre size', async () => {
    const card = cardOf(await cards({ category: 'Wiper Blade', variantId: MYVI_13 }), 'wiper-bosch-aerotwin');
    expect(card).toMatchObject({ tyreSize: null, tyreSizes: [], fromPrice: false });
  });
});

describe('brake pad cards', () => {
  test('are priced for the pads the car takes: a C 300’s cost more than a Myvi’s', async () => {
    const myvi = cardOf(await cards({ category: 'Brake Pads', variantId: MYVI_13 }), BREMBO_FRONT);
    const c300 = cardOf(await cards({ category: 'Brake Pads', variantId: C300 }), BREMBO_FRONT);
    expect(c300.price.partsSen).toBeGreaterThan(myvi.price.partsSen);
    expect(myvi.fromPrice).toBe(false);
    expect(c300.fromPrice).toBe(false);
  });

  test('the product page agrees with the card', async () => {
    const card = cardOf(await cards({ category: 'Brake Pads', variantId: C300 }), BREMBO_FRONT);
    expect((await find({ id: BREMBO_FRONT, variantId: C300 })).price).toEqual(card.price);
  });
});

describe('choosing on a product page', () => {
  test('a Myvi owner takes four tyres: the line total is four fitted tyres', async () => {
    const product = await find({ id: ECOPIA, variantId: MYVI_13, quantity: 4 });
    expect(product).toMatchObject({ quantity: 4, maxQuantity: 4, options: { tyreSize: '175/65R14' }, tyreChoices: [{ size: '175/65R14', partsSen: 21500 }] });
    expect(product.lineTotal).toEqual({ partsSen: 86000, labourSen: 4000, serviceTaxSen: 320, totalSen: 90320, sizeClass: 'S' });
    expect(product.price.totalSen).toBe(22580);
  });

  test('a C 300 owner picks the rear size, and the price follows', async () => {
    const front = await find({ id: TURANZA, variantId: C300 });
    const rear = await find({ id: TURANZA, variantId: C300, options: { tyreSize: '245/40R18' } });
    expect(front.tyreChoices.map((c: { size: string }) => c.size)).toEqual(['225/45R18', '245/40R18']);
    expect(rear.options).toEqual({ tyreSize: '245/40R18' });
    expect(rear.price.partsSen).toBe(front.tyreChoices[1].partsSen);
    expect(rear.price.totalSen).toBeGreaterThan(front.price.totalSen);
  });

  test('without a car every size of the line can be chosen', async () => {
    const product = await find({ id: ECOPIA, options: { tyreSize: '205/55R16' } });
    expect(product.tyreChoices.length).toBeGreaterThan(30);
    expect(product.options).toEqual({ tyreSize: '205/55R16' });
    expect(product.fromPrice).toBe(true);
  });

  test('a size the car does not take: 400 naming the field, in the request language', async () => {
    const body = { id: TURANZA, variantId: C300, options: { tyreSize: '205/55R16' } };
    expect(await api.request(FIND, body)).toEqual({ code: 400, msg: 'Your car takes 225/45R18, 245/40R18, not 205/55R16.', data: { field: 'options.tyreSize' } });
    expect((await api.request(FIND, body, { language: 'zh_cn' })).msg).toBe('您的车使用 225/45R18, 245/40R18，而不是 205/55R16。');
    expect((await api.request(FIND, body, { language: 'ms_my' })).msg).toBe('Kereta anda memakai 225/45R18, 245/40R18, bukan 205/55R16.');
  });

  test('the oil of the basic service: the price moves by the difference change/list shows', async () => {
    const standard = await find({ id: 'service-basic', variantId: MYVI_13 });
    const { data } = await api.request(CHANGE, { id: 'service-basic', variantId: MYVI_13 });
    const dearest = data.list.at(-1);
    const swapped = await find({ id: 'service-basic', variantId: MYVI_13, options: { oilId: dearest.id } });
    expect(standard.options).toEqual({ oilId: standard.oil.id });
    expect(swapped.options).toEqual({ oilId: dearest.id });
    expect(swapped.price.totalSen - standard.price.totalSen).toBe(dearest.differenceSen);
    expect(swapped.oil).toEqual(standard.oil);
  });

  test('an oil the engine does not take: 400', async () => {
    expect(await api.request(FIND, { id: 'service-basic', variantId: MYVI_13, options: { oilId: 'oil-castrol-magnatec-10w40' } })).toEqual({
      code: 400,
      msg: 'That engine oil cannot be chosen for this service and car.',
      data: { field: 'options.oilId' },
    });
  });

  test('tint offers only legal shades, and one is chosen per window group', async () => {
    const film = await find({ id: 'tint-llumar-ctx', variantId: MYVI_13 });
    expect(film.tint.front.every((v: number) => v >= 70)).toBe(true);
    expect(film.tint.sideWindows.every((v: number) => v >= 50)).toBe(true);
    expect(film.tint.rearWindscreen.every((v: number) => v >= 30)).toBe(true);
    expect(film.options.tint).toEqual({ frontPct: film.tint.front[0], rearWindscreenPct: film.tint.rearWindscreen[0], sideWindowsPct: film.tint.sideWindows[0] });
    const chosen = await find({ id: 'tint-llumar-ctx', variantId: MYVI_13, options: { tint: { frontPct: 80, rearWindscreenPct: 30, sideWindowsPct: 70 } } });
    expect(chosen.options.tint).toEqual({ frontPct: 80, rearWindscreenPct: 30, sideWindowsPct: 70 });
  });

  test('a front windscreen darker than JPJ allows: 400 telling the shades offered', async () => {
    expect(await api.request(FIND, { id: 'tint-llumar-ctx', options: { tint: { frontPct: 35, rearWindscreenPct: 30, sideWindowsPct: 50 } } })).toEqual({
      code: 400,
      msg: 'For the front windscreen this film comes in 70%, 80%, not 35%.',
      data: { field: 'options.tint.frontPct' },
    });
  });

  test('wiper blades for an unknown car: lengths chosen from those made, a rear blade added to the price', async () => {
    const set = await find({ id: 'wiper-bosch-aerotwin', options: { wiper: { driverInch: 26, passengerInch: 17 } } });
    const withRear = await find({ id: 'wiper-bosch-aerotwin', options: { wiper: { driverInch: 26, passengerInch: 17, rearInch: 14 } } });
    expect(set.wiper.choices.driver).toContain(26);
    expect(withRear.options.wiper).toEqual({ driverInch: 26, passengerInch: 17, rearInch: 14 });
    expect(withRear.price.partsSen - set.price.partsSen).toBe(set.wiper.rearBladeSen);
  });

  test('a blade length the line is not made in: 400', async () => {
    expect(await api.request(FIND, { id: 'wiper-bosch-advantage', options: { wiper: { driverInch: 28, passengerInch: 14 } } })).toEqual({
      code: 400,
      msg: 'This blade is made in 12–26″, not 28″.',
      data: { field: 'options.wiper.driverInch' },
    });
  });

  test('two basic services for one car: 400', async () => {
    expect(await api.request(FIND, { id: 'service-basic', variantId: MYVI_13, quantity: 2 })).toEqual({
      code: 400,
      msg: 'One car takes at most 1 of this product in one order.',
      data: { field: 'quantity' },
    });
  });

  test.each([
    [{ quantity: 0 }, 'quantity must be at least 1.', 'quantity'],
    [{ quantity: 5 }, 'quantity must be at most 4.', 'quantity'],
    [{ options: { tyreSize: 'big' } }, 'options.tyreSize is not valid.', 'options.tyreSize'],
    [{ options: { colour: 'red' } }, 'colour is not a field of this call.', 'colour'],
    [{ options: { tint: { frontPct: 70 } } }, 'options.tint.rearWindscreenPct is required.', 'options.tint.rearWindscreenPct'],
    [{ options: { oilId: 'oil-mobil-1-0w20' } }, 'options.oilId cannot be chosen for this product.', 'options.oilId'],
  ])('%j: 400 naming the field', async (body, msg, field) => {
    expect(await api.request(FIND, { id: ECOPIA, variantId: MYVI_13, ...body })).toEqual({ code: 400, msg, data: { field } });
  });

  test('without choices the answer is as before: one unit, what the car settles', async () => {
    const product = await find({ id: 'service-basic', variantId: MYVI_13 });
    expect(product.price.totalSen).toBe(15900);
    expect(product.lineTotal).toEqual(product.price);
    expect(product.quantity).toBe(1);
  });
});

describe('body types in fit reasons', () => {
  test('are named in the request language', async () => {
    const trunk = 'mat-3m-nomad-trunk';
    expect(cardOf(await cards({ category: 'Car Mats', variantId: HILUX }, 'zh_cn'), trunk).fit.reason).toBe('不适用于皮卡车型。');
    expect(cardOf(await cards({ category: 'Car Mats', variantId: HILUX }, 'ms_my'), trunk).fit.reason).toBe('Tidak dipotong untuk Pikap.');
    expect(cardOf(await cards({ category: 'Car Mats', variantId: HILUX }), trunk).fit.reason).toBe('Not cut for a Pickup.');
  });
});

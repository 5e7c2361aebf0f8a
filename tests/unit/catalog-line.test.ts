import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { line, TINT_MIN_PCT } from '../../contract/line.ts';
import { loadCatalog, type ProductContent } from '../../server/modules/catalog/content.ts';
import { orderLine, quoteLine, type PricedCar, type ProductLookup } from '../../server/modules/catalog/line.ts';
import { loadVehicles } from '../../server/modules/vehicles/content.ts';
import { indexCars } from '../../server/modules/vehicles/index-of-cars.ts';

// The shop's real catalogue and cars are the fixtures: a Perodua Myvi, a Mercedes C 300 on two tyre sizes.
const contentDir = fileURLToPath(new URL('../../content', import.meta.url));

let lookup: ProductLookup;
let cars: ReturnType<typeof indexCars>;
beforeAll(async () => {
  const list = await loadCatalog(contentDir);
  lookup = { list, byId: new Map(list.map((p) => [p.id, p])) };
  cars = indexCars(await loadVehicles(contentDir));
});

const product = (id: string): ProductContent => lookup.byId.get(id) ?? expect.fail(`${id} is not in the catalogue`);
function car(variantId: string): PricedCar {
  const v = cars.variant(variantId) ?? expect.fail(`${variantId} is not a variant`);
  return { bodyType: v.bodyType, fitment: v.fitment, name: v.carVariant, sizeClass: v.sizeClass };
}
function quote(id: string, variantId: string | null, request: Parameters<typeof quoteLine>[1] = {}) {
  const outcome = quoteLine(product(id), request, variantId ? car(variantId) : null, lookup);
  if (!outcome.ok) expect.fail(`${id}: ${outcome.problem.key} (${outcome.problem.field})`);
  return outcome.value;
}
function problem(id: string, variantId: string | null, request: Parameters<typeof quoteLine>[1]) {
  const outcome = quoteLine(product(id), request, variantId ? car(variantId) : null, lookup);
  if (outcome.ok) expect.fail(`${id}: expected a problem, got ${JSON.stringify(outcome.value.options)}`);
  return outcome.problem;
}

/** A 2022–2025 Myvi 1.3 G: size S, 175/65R14 tyres, PER-MYVI3-F front pads, drums at the rear, 0W-20 oil. */
const MYVI_13 = 'perodua-myvi-1.3-g-2022';
/** A Myvi 1.5 AV: 195/45R16 tyres. */
const MYVI_15 = 'perodua-myvi-1.5-av-2022';
/** A Mercedes-Benz C 300 AMG Line: size M, 225/45R18 in front and 245/40R18 at the rear, no rear wiper. */
const C300 = 'mercedes-benz-c-class-c300-amg-line-2022';

const ECOPIA = 'tyre-bridgestone-ecopia-ep150';
const ES32 = 'tyre-yokohama-bluearth-es32';
const TURANZA = 'tyre-bridgestone-turanza-t005a';

describe('tyres', () => {
  test('a Myvi 1.3 G is priced for its own size, 175/65R14, with labour for size S and 8 % tax on it', () => {
    const q = quote(ECOPIA, MYVI_13);
    expect(q.options).toEqual({ tyreSize: '175/65R14' });
    expect(q.unit).toEqual({ partsSen: 21500, labourSen: 1000, serviceTaxSen: 80, totalSen: 22580, sizeClass: 'S' });
    expect(q.fromPrice).toBe(false);
    expect(q.choices.tyreSizes).toEqual([{ size: '175/65R14', partsSen: 21500 }]);
  });

  test('a line costs more in 18″ than in 14″', () => {
    const prices = Object.fromEntries(quote(ES32, null).choices.tyreSizes!.map((s) => [s.size, s.partsSen]));
    expect(prices['225/45R18']).toBeGreaterThan(prices['185/65R14']! * 1.3);
  });

  test('the bigger wheels of a Myvi 1.5 AV cost more than the 1.3 G’s', () => {
    expect(quote(ES32, MYVI_15).unit.partsSen).toBeGreaterThan(quote(ES32, MYVI_13).unit.partsSen);
  });

  test('a car on two sizes may choose either: the first is priced unless the customer picks the other', () => {
    const first = quote(TURANZA, C300);
    expect(first.choices.tyreSizes!.map((s) => s.size)).toEqual(['225/45R18', '245/40R18']);
    expect(first.options.tyreSize).toBe('225/45R18');
    const rear = quote(TURANZA, C300, { options: { tyreSize: '245/40R18' } });
    expect(rear.options.tyreSize).toBe('245/40R18');
    expect(rear.unit.partsSen).toBe(first.choices.tyreSizes![1]!.partsSen);
    expect(rear.unit.partsSen).toBeGreaterThan(first.unit.partsSen);
    expect(rear.unit.sizeClass).toBe('M');
  });

  test('without a car every size can be chosen, and the price is a "from" price until the car is known', () => {
    const q = quote(ECOPIA, null);
    expect(q.fromPrice).toBe(true);
    expect(q.options).toEqual({});
    expect(q.unit.partsSen).toBe(Math.min(...q.choices.tyreSizes!.map((s) => s.partsSen)));
    const chosen = quote(ECOPIA, null, { options: { tyreSize: '205/55R16' } });
    expect(chosen.unit.partsSen).toBe(q.choices.tyreSizes!.find((s) => s.size === '205/55R16')!.partsSen);
  });

  test('four tyres cost four times one, tax included', () => {
    const q = quote(ECOPIA, MYVI_13, { quantity: 4 });
    expect(q.total).toEqual({ partsSen: 86000, labourSen: 4000, serviceTaxSen: 320, totalSen: 90320, sizeClass: 'S' });
  });

  test('a size the car does not take is refused, naming the car’s', () => {
    expect(problem(TURANZA, C300, { options: { tyreSize: '205/55R16' } })).toEqual({
      key: 'line.tyreSizeNotYourCar',
      field: 'options.tyreSize',
      params: { size: '205/55R16', sizes: '225/45R18, 245/40R18' },
    });
  });

  test('a size the line is not made in is refused', () => {
    expect(problem(ECOPIA, null, { options: { tyreSize: '275/40R21' } })).toEqual({
      key: 'line.tyreSizeNotMade',
      field: 'options.tyreSize',
      params: { size: '275/40R21' },
    });
  });

  test('a line not made in the car’s size keeps its "from" price and offers no size', () => {
    const q = quote('tyre-michelin-pilot-sport-4-suv', MYVI_13);
    expect(q.fromPrice).toBe(true);
    expect(q.choices.tyreSizes).toEqual([]);
    expect(q.options.tyreSize).toBeUndefined();
  });

  test('a fifth tyre is too many', () => {
    expect(problem(ECOPIA, MYVI_13, { quantity: 5 })).toMatchObject({ key: 'line.quantityMax', field: 'quantity', params: { max: 4 } });
  });
});

describe('brake pads', () => {
  test('are priced for the pad the car takes: a Myvi’s front pads cost less than a C 300’s', () => {
    const myvi = quote('brakepads-brembo-ceramic-front', MYVI_13);
    const c300 = quote('brakepads-brembo-ceramic-front', C300);
    const codes = (product('brakepads-brembo-ceramic-front').fit as { codes: Record<string, number> }).codes;
    expect(myvi.unit.partsSen).toBe(codes['PER-MYVI3-F']);
    expect(c300.unit.partsSen).toBe(codes['MER-W206-F']);
    expect(c300.unit.partsSen).toBeGreaterThan(myvi.unit.partsSen);
    expect(myvi.fromPrice).toBe(false);
  });

  test('rear pads follow the rear code', () => {
    const codes = (product('brakepads-trw-cotec-rear').fit as { codes: Record<string, number> }).codes;
    expect(quote('brakepads-trw-cotec-rear', C300).unit.partsSen).toBe(codes['MER-W206-R']);
  });

  test('without a car: the lowest price, as a "from" price', () => {
    const q = quote('brakepads-brembo-ceramic-front', null);
    expect(q.fromPrice).toBe(true);
    expect(q.unit.partsSen).toBe(product('brakepads-brembo-ceramic-front').partsSen);
  });

  test('sold per axle set: two sets for one car are refused', () => {
    expect(problem('brakepads-brembo-ceramic-front', MYVI_13, { quantity: 2 })).toMatchObject({ key: 'line.quantityMax', params: { max: 1 } });
  });
});

describe('the engine oil of a service package', () => {
  test('comes with the oil included for the car, at RM 159.00 for a Myvi', () => {
    const q = quote('service-basic', MYVI_13);
    expect(product(q.options.oilId!).name.en).toMatch(/0W-20/);
    expect(q.unit.totalSen).toBe(15900);
  });

  test('another oil the engine takes changes the price by the difference', () => {
    const base = quote('service-basic', MYVI_13);
    const included = product(base.options.oilId!);
    const mobil = quote('service-basic', MYVI_13, { options: { oilId: 'oil-mobil-1-0w20' } });
    expect(mobil.options.oilId).toBe('oil-mobil-1-0w20');
    expect(mobil.unit.partsSen - base.unit.partsSen).toBe(product('oil-mobil-1-0w20').partsSen - included.partsSen);
    expect(mobil.unit.labourSen).toBe(base.unit.labourSen);
  });

  test('an oil of another grade than the Myvi takes is refused', () => {
    expect(problem('service-basic', MYVI_13, { options: { oilId: 'oil-castrol-magnatec-10w40' } })).toMatchObject({
      key: 'line.oilNotOffered',
      field: 'options.oilId',
    });
  });

  test('without a car any engine oil may be chosen; a product that is not an oil may not', () => {
    expect(quote('service-basic', null, { options: { oilId: 'oil-castrol-magnatec-10w40' } }).options.oilId).toBe('oil-castrol-magnatec-10w40');
    expect(problem('service-basic', null, { options: { oilId: ECOPIA } })).toMatchObject({ key: 'line.oilNotOffered' });
  });

  test('a product without oil has none to choose', () => {
    expect(problem(ECOPIA, MYVI_13, { options: { oilId: 'oil-mobil-1-0w20' } })).toEqual({
      key: 'line.optionNotOffered',
      field: 'options.oilId',
      params: { field: 'options.oilId' },
    });
  });
});

describe('tint', () => {
  test('every film in the catalogue offers only shades JPJ allows', () => {
    const films = lookup.list.filter((p) => p.tint);
    expect(films.length).toBeGreaterThan(5);
    for (const film of films) {
      const { tint } = quote(film.id, null).choices;
      expect(tint!.front.every((v) => v >= 70), film.id).toBe(true);
      expect(tint!.sideWindows.every((v) => v >= 50), film.id).toBe(true);
      expect(tint!.rearWindscreen.every((v) => v >= 30), film.id).toBe(true);
    }
    expect(TINT_MIN_PCT).toEqual({ front: 70, sideWindows: 50, rearWindscreen: 30 });
  });

  test('each window group takes one of the film’s shades; the first of each is the default', () => {
    const q = quote('tint-3m-crystalline', MYVI_13);
    expect(q.options.tint).toEqual({ frontPct: 70, rearWindscreenPct: 40, sideWindowsPct: 50 });
    const lighter = quote('tint-3m-crystalline', MYVI_13, { options: { tint: { frontPct: 90, rearWindscreenPct: 70, sideWindowsPct: 70 } } });
    expect(lighter.options.tint).toEqual({ frontPct: 90, rearWindscreenPct: 70, sideWindowsPct: 70 });
    expect(lighter.unit).toEqual(q.unit);
  });

  test.each([
    [{ frontPct: 50, rearWindscreenPct: 40, sideWindowsPct: 50 }, 'line.tintFront', 'options.tint.frontPct', '70%, 90%'],
    [{ frontPct: 70, rearWindscreenPct: 30, sideWindowsPct: 50 }, 'line.tintRearWindscreen', 'options.tint.rearWindscreenPct', '40%, 50%, 70%'],
    [{ frontPct: 70, rearWindscreenPct: 40, sideWindowsPct: 35 }, 'line.tintSideWindows', 'options.tint.sideWindowsPct', '50%, 70%'],
  ])('a shade the film is not fitted at is refused: %j', (tint, key, field, choices) => {
    expect(problem('tint-3m-crystalline', MYVI_13, { options: { tint } })).toMatchObject({ key, field, params: { choices } });
  });
});

describe('wiper blades', () => {
  test('for a known car: its own lengths, as the order carries them', () => {
    expect(quote('wiper-bosch-aerotwin', MYVI_13).options).toEqual({ wiper: { driverInch: 24, passengerInch: 14 } });
  });

  test('without a car: lengths the line is made in, and a rear blade priced on top', () => {
    const set = quote('wiper-bosch-aerotwin', null, { options: { wiper: { driverInch: 26, passengerInch: 16 } } });
    const withRear = quote('wiper-bosch-aerotwin', null, { options: { wiper: { driverInch: 26, passengerInch: 16, rearInch: 12 } } });
    expect(set.options.wiper).toEqual({ driverInch: 26, passengerInch: 16 });
    expect(withRear.options.wiper).toEqual({ driverInch: 26, passengerInch: 16, rearInch: 12 });
    expect(withRear.unit.partsSen - set.unit.partsSen).toBe(product('wiper-bosch-aerotwin').rearBladeSen);
  });

  test('fitted free on every car, a set’s price needs no car to be final', () => {
    expect(quote('wiper-bosch-aerotwin', null).fromPrice).toBe(false);
  });

  test('a length the line is not made in is refused, telling the lengths made', () => {
    expect(problem('wiper-bosch-advantage', null, { options: { wiper: { driverInch: 28, passengerInch: 14 } } })).toEqual({
      key: 'line.wiperLength',
      field: 'options.wiper.driverInch',
      params: { inch: 28, made: '12–26″' },
    });
  });

  test('other lengths than a known car’s are refused', () => {
    expect(problem('wiper-bosch-aerotwin', MYVI_13, { options: { wiper: { driverInch: 26, passengerInch: 14 } } })).toMatchObject({
      key: 'line.wiperNotYourCar',
      params: { needed: '24″ + 14″' },
    });
  });

  test('a rear blade for a car without a rear wiper is refused', () => {
    expect(problem('wiper-bosch-aerotwin', C300, { options: { wiper: { driverInch: 24, passengerInch: 20, rearInch: 12 } } })).toMatchObject({
      key: 'line.noRearWiper',
      field: 'options.wiper.rearInch',
    });
  });

  test('the Myvi’s 12″ rear blade can be added', () => {
    const q = quote('wiper-bosch-aerotwin', MYVI_13, { options: { wiper: { driverInch: 24, passengerInch: 14, rearInch: 12 } } });
    expect(q.choices.wiper!.rear).toEqual([12]);
    expect(q.unit.partsSen).toBe(product('wiper-bosch-aerotwin').partsSen + product('wiper-bosch-aerotwin').rearBladeSen!);
  });
});

describe('choices a product does not have', () => {
  test.each([
    ['a tyre size for a wiper blade', 'wiper-bosch-aerotwin', { tyreSize: '175/65R14' }, 'options.tyreSize'],
    ['tint for a tyre', ECOPIA, { tint: { frontPct: 70, rearWindscreenPct: 50, sideWindowsPct: 50 } }, 'options.tint'],
    ['wiper lengths for a dash cam', 'dashcam-70mai-m300', { wiper: { driverInch: 24, passengerInch: 14 } }, 'options.wiper'],
  ])('%s is refused', (_what, id, options, field) => {
    expect(problem(id, MYVI_13, { options })).toMatchObject({ key: 'line.optionNotOffered', field });
  });
});

describe('a line as an order takes it', () => {
  test('needs the variant', () => {
    const outcome = orderLine(product(ECOPIA), { productId: ECOPIA, quantity: 2 }, null, lookup);
    expect(outcome).toEqual({ ok: false, problem: { key: 'line.variantNeeded', field: 'variantId', params: {} } });
  });

  test('refuses a product that does not fit, with the reason', () => {
    const outcome = orderLine(product('brakepads-trw-cotec-rear'), { productId: 'brakepads-trw-cotec-rear', quantity: 1 }, car(MYVI_13), lookup);
    expect(outcome).toEqual({ ok: false, problem: { key: 'fit.noRearDisc', field: 'productId', params: {} } });
    const tyre = orderLine(product('tyre-michelin-pilot-sport-4-suv'), { productId: 'tyre-michelin-pilot-sport-4-suv', quantity: 4 }, car(MYVI_13), lookup);
    expect(tyre).toMatchObject({ ok: false, problem: { key: 'fit.tyreSize', params: { needed: '175/65R14' } } });
  });

  test('settles every choice and prices it: four Ecopias on a Myvi', () => {
    const outcome = orderLine(product(ECOPIA), { productId: ECOPIA, quantity: 4 }, car(MYVI_13), lookup);
    expect(outcome).toMatchObject({ ok: true, value: { quantity: 4, options: { tyreSize: '175/65R14' }, fromPrice: false, total: { totalSen: 90320 } } });
  });
});

describe('the line contract', () => {
  test('takes a product, a quantity of 1 to 4 and the options of docs/contracts/orders.md', () => {
    expect(line.parse({ productId: ECOPIA, quantity: 4, options: { tyreSize: '175/65R14' } })).toEqual({
      productId: ECOPIA,
      quantity: 4,
      options: { tyreSize: '175/65R14' },
    });
    expect(line.safeParse({ productId: 'service-basic', quantity: 1, options: { oilId: 'oil-mobil-1-0w20' } }).success).toBe(true);
    expect(line.safeParse({ productId: 'tint-llumar-ctx', quantity: 1, options: { tint: { frontPct: 70, rearWindscreenPct: 30, sideWindowsPct: 50 } } }).success).toBe(true);
    expect(line.safeParse({ productId: 'wiper-valeo-first', quantity: 1, options: { wiper: { driverInch: 24, passengerInch: 14, rearInch: 12 } } }).success).toBe(true);
  });

  test.each([
    [{ productId: ECOPIA, quantity: 0 }, 'quantity'],
    [{ productId: ECOPIA, quantity: 5 }, 'quantity'],
    [{ productId: ECOPIA, quantity: 1.5 }, 'quantity'],
    [{ productId: ECOPIA }, 'quantity'],
    [{ productId: ECOPIA, quantity: 1, options: { tyreSize: '175-65-14' } }, 'options.tyreSize'],
    [{ productId: ECOPIA, quantity: 1, options: { colour: 'red' } }, 'options'],
    [{ productId: ECOPIA, quantity: 1, priceSen: 100 }, ''],
    [{ productId: 'Tyre X', quantity: 1 }, 'productId'],
  ])('refuses %j', (input, path) => {
    const parsed = line.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path.join('.')).toBe(path);
  });
});

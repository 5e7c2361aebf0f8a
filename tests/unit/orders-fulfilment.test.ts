import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { categories } from '../../contract/rules/categories.ts';
import { checkFulfilment, deliveryFile, fulfilmentFile, loadDelivery, loadFulfilment, loadPayments, type FulfilmentRules } from '../../server/modules/orders/content.ts';
import { deliveryFee } from '../../server/modules/orders/delivery.ts';
import { cartFittingMinutes, cartMethods, checkMethod, checkWorkshopFits, lineFittingMinutes, productFulfilment, type CartLine } from '../../server/modules/orders/fulfilment.ts';
import { jobUnits } from '../../server/modules/booking/slots.ts';

const contentDir = path.join(import.meta.dirname, '../../content');

/** Rules shaped like the shop's, written out here so the tests do not move when the content does. */
const rules: FulfilmentRules = fulfilmentFile.parse({
  categories: {
    Maintenance: { methods: ['install'], fittingMinutes: 30 },
    'Tires Service': { methods: ['install'], fittingMinutes: 30, eachMoreMinutes: 15 },
    'Tinting Films': { methods: ['install'], fittingMinutes: 180 },
    'Wiper Blade': { methods: ['install', 'pickup', 'mail'], fittingMinutes: 15 },
    'Dash Cams': { methods: ['install', 'pickup', 'mail'], fittingMinutes: 60 },
    'Brake Pads': { methods: ['install'], fittingMinutes: 60 },
    'Car Mats': { methods: ['install', 'pickup', 'mail'], fittingMinutes: 15, eachMoreMinutes: 0 },
  },
  products: {
    'service-basic': { fittingMinutes: 60 },
    'service-major': { fittingMinutes: 150 },
    'battery-amaron-hi-life-pro': { methods: ['install', 'pickup'] },
  },
});

const line = (productId: string, category: CartLine['category'], quantity = 1): CartLine => ({ productId, category, quantity });
const wipers = line('wiper-bosch-aerotwin', 'Wiper Blade');
const basicService = line('service-basic', 'Maintenance');
const tyres = (n: number) => line('tyre-bridgestone-ecopia-ep150', 'Tires Service', n);
const dashCam = line('dashcam-70mai-m300', 'Dash Cams');
const mats = line('mat-3m-nomad-coil', 'Car Mats');
const battery = line('battery-amaron-hi-life-pro', 'Maintenance');

describe('the methods a cart allows', () => {
  test('wiper blades, mats and dash cams: installation, pickup or mailing', () => {
    expect(cartMethods(rules, [wipers, mats, dashCam])).toEqual(['install', 'pickup', 'mail']);
  });

  test('a basic service is installed only, and so is a cart that holds one', () => {
    expect(cartMethods(rules, [basicService])).toEqual(['install']);
    expect(cartMethods(rules, [wipers, basicService])).toEqual(['install']);
  });

  test('tyres, tint and brake pads are installed only', () => {
    expect(cartMethods(rules, [tyres(4)])).toEqual(['install']);
    expect(cartMethods(rules, [line('tint-llumar-irx', 'Tinting Films')])).toEqual(['install']);
    expect(cartMethods(rules, [line('brakepads-perodua-genuine-front', 'Brake Pads')])).toEqual(['install']);
  });

  test("a product's own rule wins over its category: a battery may be collected but not posted", () => {
    expect(cartMethods(rules, [battery])).toEqual(['install', 'pickup']);
    expect(cartMethods(rules, [battery, wipers])).toEqual(['install', 'pickup']);
  });

  test('an empty cart allows nothing', () => {
    expect(cartMethods(rules, [])).toEqual([]);
  });
});

describe('choosing a method for the cart', () => {
  test('every line allows it', () => {
    expect(checkMethod(rules, [wipers, dashCam], 'mail')).toEqual({ ok: true });
  });

  test('names the first line that does not', () => {
    expect(checkMethod(rules, [wipers, basicService, tyres(4)], 'mail')).toEqual({
      ok: false,
      key: 'fulfilment.notMail',
      lineIndex: 1,
      productId: 'service-basic',
    });
    expect(checkMethod(rules, [wipers, battery], 'mail')).toMatchObject({ ok: false, lineIndex: 1, productId: 'battery-amaron-hi-life-pro' });
  });

  test('with a message for each method', () => {
    expect(checkMethod(rules, [basicService], 'pickup')).toMatchObject({ ok: false, key: 'fulfilment.notPickup' });
    expect(checkMethod(fulfilmentFile.parse({ ...rules, products: { 'service-basic': { methods: ['mail'] } } }), [basicService], 'install')).toMatchObject({
      ok: false,
      key: 'fulfilment.notInstall',
    });
  });

  test('an empty cart cannot be ordered', () => {
    expect(checkMethod(rules, [], 'install')).toMatchObject({ ok: false, key: 'fulfilment.emptyCart' });
  });
});

describe('a workshop for the cart', () => {
  /** Bengkel Kereta Maju Jaya in Segambut: no tyres, no tint. */
  const segambut = ['Maintenance', 'Wiper Blade', 'Brake Pads', 'Car Mats'];

  test('handles every line', () => {
    expect(checkWorkshopFits(segambut, [basicService, wipers])).toEqual({ ok: true });
  });

  test('names the first line it does not', () => {
    expect(checkWorkshopFits(segambut, [wipers, tyres(4), dashCam])).toEqual({
      ok: false,
      key: 'fulfilment.workshopCannotFit',
      lineIndex: 1,
      productId: 'tyre-bridgestone-ecopia-ep150',
    });
  });
});

describe('fitting time', () => {
  test('four tyres take longer than one, but not four times as long', () => {
    expect(lineFittingMinutes(rules, tyres(1))).toBe(30);
    expect(lineFittingMinutes(rules, tyres(4))).toBe(75);
    expect(jobUnits(lineFittingMinutes(rules, tyres(4)))).toBe(3);
  });

  test('a second set of mats adds no time: they are laid in together', () => {
    expect(lineFittingMinutes(rules, { ...mats, quantity: 2 })).toBe(15);
  });

  test('a product sets its own time: a major service takes 2½ hours', () => {
    expect(lineFittingMinutes(rules, line('service-major', 'Maintenance'))).toBe(150);
  });

  test('without a pace of its own, each unit takes as long as the first', () => {
    expect(lineFittingMinutes(rules, { ...dashCam, quantity: 2 })).toBe(120);
  });

  test('lines are fitted one after another: a Myvi basic service and wiper blades take 75 minutes', () => {
    expect(cartFittingMinutes(rules, [basicService, wipers])).toBe(75);
  });

  test('a line needs a whole number of units', () => {
    expect(() => lineFittingMinutes(rules, tyres(0))).toThrow(RangeError);
  });

  test('overrides are merged, not replaced', () => {
    expect(productFulfilment(rules, battery)).toEqual({ methods: ['install', 'pickup'], fittingMinutes: 30, eachMoreMinutes: 30 });
  });
});

describe('delivery fees', () => {
  const delivery = deliveryFile.parse({ west: { feeSen: 800, freeFromSen: 15000 }, east: { feeSen: 1800, freeFromSen: 30000 } });

  test('West Malaysia: RM 8.00 to Petaling Jaya', () => {
    expect(deliveryFee(delivery, 'Selangor', 8900)).toEqual({ region: 'west', feeSen: 800, freeFromSen: 15000, moreForFreeSen: 6100 });
  });

  test.each(['Sabah', 'Sarawak', 'Labuan'])('East Malaysia: RM 18.00 to %s', (state) => {
    expect(deliveryFee(delivery, state, 8900)).toMatchObject({ region: 'east', feeSen: 1800 });
  });

  test('free from the threshold, the threshold included', () => {
    expect(deliveryFee(delivery, 'Johor', 14999)!.feeSen).toBe(800);
    expect(deliveryFee(delivery, 'Johor', 15000)).toEqual({ region: 'west', feeSen: 0, freeFromSen: 15000, moreForFreeSen: 0 });
    expect(deliveryFee(delivery, 'Sarawak', 15000)!.feeSen).toBe(1800);
  });

  test('a region with no threshold always pays', () => {
    const never = deliveryFile.parse({ west: { feeSen: 800, freeFromSen: null }, east: { feeSen: 1800, freeFromSen: null } });
    expect(deliveryFee(never, 'Selangor', 1_000_000)).toEqual({ region: 'west', feeSen: 800, freeFromSen: null, moreForFreeSen: 0 });
  });

  test('an unknown state has no fee', () => {
    expect(deliveryFee(delivery, 'Singapore', 8900)).toBeNull();
  });
});

describe('the content files', () => {
  const productIds = new Set(
    readdirSync(path.join(contentDir, 'catalog'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map((f) => path.basename(f, '.json')),
  );

  test('fulfilment.json covers every category and names only real products', async () => {
    const loaded = await loadFulfilment(contentDir, productIds);
    expect(Object.keys(loaded.categories).sort()).toEqual(categories.map((c) => c.className).sort());
  });

  test('in the shop: services and tyres installed, at a workshop or at the customer\'s place; wipers and dash cams also picked up or posted', async () => {
    const loaded = await loadFulfilment(contentDir, productIds);
    expect(cartMethods(loaded, [basicService])).toEqual(['install', 'mobile']);
    expect(cartMethods(loaded, [tyres(4)])).toEqual(['install', 'mobile']);
    expect(cartMethods(loaded, [wipers, dashCam])).toEqual(['install', 'pickup', 'mail', 'mobile']);
  });

  test('in the shop: mats need no fitting, so they are collected or posted, never installed', async () => {
    const loaded = await loadFulfilment(contentDir, productIds);
    expect(cartMethods(loaded, [mats])).toEqual(['pickup', 'mail']);
    expect(cartMethods(loaded, [wipers, mats, dashCam])).toEqual(['pickup', 'mail']);
    expect(checkMethod(loaded, [wipers, mats], 'install')).toMatchObject({ ok: false, key: 'fulfilment.notInstall', lineIndex: 1, productId: 'mat-3m-nomad-coil' });
  });

  test('a product that needs no fitting but may be installed stops the start, naming it', () => {
    expect(() => checkFulfilment(rules, productIds, [{ id: 'mat-3m-nomad-coil', category: 'Car Mats' }])).toThrow(/mat-3m-nomad-coil needs no fitting/);
    const collected = { ...rules, products: { ...rules.products, 'mat-3m-nomad-coil': { methods: ['pickup' as const, 'mail' as const] } } };
    expect(checkFulfilment(collected, productIds, [{ id: 'mat-3m-nomad-coil', category: 'Car Mats' }])).toBe(collected);
  });

  test('an override for a product that does not exist stops the start, naming it', () => {
    expect(() => checkFulfilment({ ...rules, products: { 'wiper-no-such-blade': { fittingMinutes: 20 } } }, productIds)).toThrow(/wiper-no-such-blade/);
  });

  test('a category without rules is refused', () => {
    const { 'Car Mats': _, ...rest } = rules.categories;
    expect(fulfilmentFile.safeParse({ categories: rest, products: {} }).success).toBe(false);
  });

  test('an override that changes nothing, or a method twice, is refused', () => {
    expect(fulfilmentFile.safeParse({ ...rules, products: { 'service-basic': {} } }).success).toBe(false);
    expect(fulfilmentFile.safeParse({ ...rules, products: { 'service-basic': { methods: ['install', 'install'] } } }).success).toBe(false);
  });

  test('delivery.json: East Malaysia costs more than West', async () => {
    const loaded = await loadDelivery(contentDir);
    expect(loaded.east.feeSen).toBeGreaterThan(loaded.west.feeSen);
  });
});

describe('payments.json: Atome’s minimum', () => {
  /** A content folder holding only this payments.json. */
  const folderWith = (json: unknown) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'servauto-payments-'));
    mkdirSync(path.join(dir, 'orders'));
    writeFileSync(path.join(dir, 'orders/payments.json'), JSON.stringify(json));
    return dir;
  };

  test('the shipped one: RM 10.00', async () => {
    expect(await loadPayments(contentDir)).toEqual({ atomeMinSen: 1000 });
  });

  test('below what Curlec takes, a fraction of a sen, or a field unknown: the start stops, naming the file and the field', async () => {
    await expect(loadPayments(folderWith({ atomeMinSen: 999 }))).rejects.toThrow(/orders\/payments\.json: atomeMinSen: at least 1000 sen \(RM 10\.00\)/);
    await expect(loadPayments(folderWith({ atomeMinSen: 1000.5 }))).rejects.toThrow(/orders\/payments\.json: atomeMinSen: a whole number of sen/);
    await expect(loadPayments(folderWith({ atomeMinSen: 1000, atomeMin: 10 }))).rejects.toThrow(/orders\/payments\.json/);
    expect(await loadPayments(folderWith({ atomeMinSen: 2500 }))).toEqual({ atomeMinSen: 2500 });
  });
});

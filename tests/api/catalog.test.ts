import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const TYPES = '/api/app/order/vehicle/type/list';
const PAGE = '/api/app/order/vehicle/product/app/page';
const FIND = '/api/app/order/vehicle/product/app/find';
const CHANGE = '/api/app/order/vehicle/product/change/list';

/** A 2022–2025 Perodua Myvi 1.5 AV: size S, 24″ + 14″ wipers, 0W-20 oil, hatchback. */
const MYVI = 'perodua-myvi-1.5-av-2022';
/** A Perodua Alza 1.5 AV: an MPV, size L. */
const ALZA = 'perodua-alza-1.5-av-2022';
/** A Toyota Alphard 2.5 (AH40): size XL, with a long 28″ driver’s blade. */
const ALPHARD = 'toyota-alphard-2.5-2023';
/** A Proton e.MAS 7: electric. */
const EMAS7 = 'proton-emas-7-premium-2024';

const BASIC_SERVICE = 'service-basic';
const BASIC_SERVICE_OIL = 'oil-petronas-syntium-3000-5w30';
/** Made in 12–28″: fits the Myvi and the Alphard. */
const AEROTWIN = 'wiper-bosch-aerotwin';
/** Made only up to 26″: too short for the Alphard’s driver side. */
const BOSCH_ADVANTAGE = 'wiper-bosch-advantage';
const DASH_CAM = 'dashcam-70mai-m300';
const TINT = 'tint-3m-crystalline';

const UNKNOWN_CAR = { code: 404, msg: 'We do not know that car. Please choose it again.', data: null };
const UNKNOWN_PRODUCT = { code: 404, msg: 'We do not have that product.', data: null };

type Price = { partsSen: number; labourSen: number; serviceTaxSen: number; totalSen: number; sizeClass: string };
type Card = {
  id: string;
  category: string;
  categorySlug: string;
  brand: string;
  name: string;
  price: Price;
  listPriceSen: number;
  savingPercent: number;
  fit: { status: 'fits' | 'noFit' | 'unknown'; reason: string };
};

/** The catalogue as the content files hold it, for what the answers do not show (popularity, fit rules). */
type ProductFile = { id: string; category: string; popularity: number; slot?: string; fit: { kind: string; axle?: string; bodyTypes?: string[] } };
const catalogDir = fileURLToPath(new URL('../../content/catalog', import.meta.url));
function readCatalog(): ProductFile[] {
  return readdirSync(catalogDir).flatMap((folder) =>
    readdirSync(`${catalogDir}/${folder}`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(`${catalogDir}/${folder}/${f}`, 'utf8')) as ProductFile),
  );
}

let api: TestApi;
let catalog: ProductFile[];
beforeAll(async () => {
  catalog = readCatalog();
  api = await startApi();
});
afterAll(() => api.close());

// Nothing here writes: one database for the whole file.

async function page(body: object, language?: string): Promise<{ list: Card[]; total: number; page: number; pageSize: number; car: { name: string; sizeClass: string } | null }> {
  const answer = await api.request(PAGE, body, { language });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}
async function find(id: string, variantId?: string, language?: string) {
  const answer = await api.request(FIND, { id, variantId }, { language });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}
const ids = (cards: Card[]) => cards.map((c) => c.id);
const cardOf = (cards: Card[], id: string) => {
  const found = cards.find((c) => c.id === id);
  if (!found) throw new Error(`${id} is not in the list`);
  return found;
};

describe('the categories', () => {
  test('are the seven of the site, in the footer’s order', async () => {
    const answer = await api.request(TYPES, {});
    expect(answer.code).toBe(200);
    expect(answer.data.map((c: { className: string; slug: string }) => [c.className, c.slug])).toEqual([
      ['Maintenance', 'auto-maintenance'],
      ['Tires Service', 'auto-tires-service'],
      ['Tinting Films', 'auto-tinting-films'],
      ['Wiper Blade', 'auto-wiper-blade'],
      ['Dash Cams', 'auto-dash-cams'],
      ['Brake Pads', 'auto-brake-pads'],
      ['Car Mats', 'auto-car-mats'],
    ]);
  });

  test('are named in the request language', async () => {
    const en = await api.request(TYPES, {});
    const zh = await api.request(TYPES, {}, { language: 'zh_cn' });
    const ms = await api.request(TYPES, {}, { language: 'ms_my' });
    expect(en.data[3].name).toBe('Wiper Blades');
    expect(zh.data[3].name).toBe('雨刮');
    expect(ms.data[3].name).toBe('Bilah Pengelap');
  });

  test('each counts its products, as the product list does', async () => {
    const { data } = await api.request(TYPES, {});
    for (const c of data) {
      expect(c.count, c.className).toBeGreaterThan(0);
      expect((await page({ category: c.className })).total, c.className).toBe(c.count);
    }
  });
});

describe('the product list of a category', () => {
  test('by className gives only that category', async () => {
    const { list } = await page({ category: 'Wiper Blade' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.category === 'Wiper Blade' && c.categorySlug === 'auto-wiper-blade')).toBe(true);
  });

  test('by route slug gives the same', async () => {
    expect(await page({ category: 'auto-wiper-blade' })).toEqual(await page({ category: 'Wiper Blade' }));
  });

  test('the className is not case-sensitive', async () => {
    expect(await page({ category: 'wiper blade' })).toEqual(await page({ category: 'Wiper Blade' }));
  });

  test('without a category gives every product', async () => {
    const { data } = await api.request(TYPES, {});
    const all = data.reduce((sum: number, c: { count: number }) => sum + c.count, 0);
    expect((await page({})).total).toBe(all);
  });

  test('gives 12 products a page unless asked otherwise', async () => {
    const first = await page({});
    expect(first).toMatchObject({ page: 1, pageSize: 12 });
    expect(first.list).toHaveLength(12);
  });

  test('without a car, prices for a compact car and says so', async () => {
    const { list, car } = await page({ category: 'Maintenance' });
    expect(car).toBeNull();
    expect(list.every((c) => c.price.sizeClass === 'S')).toBe(true);
  });

  test('an unknown category: 404 naming it', async () => {
    expect(await api.request(PAGE, { category: 'Spoilers' })).toEqual({ code: 404, msg: 'There is no category called Spoilers.', data: null });
  });

  test('an unknown car: 404', async () => {
    expect(await api.request(PAGE, { category: 'Wiper Blade', variantId: 'perodua-myvi-2.0-turbo' })).toEqual(UNKNOWN_CAR);
  });
});

describe('the product list for a chosen car', () => {
  test('names the car and its size class', async () => {
    expect((await page({ category: 'Wiper Blade', variantId: MYVI })).car).toEqual({ name: 'Perodua Myvi 1.5 AV', sizeClass: 'S' });
  });

  test('prices labour for the car’s size: an Alphard pays XL labour', async () => {
    const myvi = cardOf((await page({ category: 'Maintenance', variantId: MYVI, pageSize: 48 })).list, BASIC_SERVICE);
    const alphard = cardOf((await page({ category: 'Maintenance', variantId: ALPHARD, pageSize: 48 })).list, BASIC_SERVICE);
    expect(myvi.price.sizeClass).toBe('S');
    expect(alphard.price.sizeClass).toBe('XL');
    expect(alphard.price.labourSen).toBeGreaterThan(myvi.price.labourSen);
    expect(alphard.price.partsSen).toBe(myvi.price.partsSen);
  });

  test('shows what does not fit, with the reason', async () => {
    const card = cardOf((await page({ category: 'Wiper Blade', variantId: ALPHARD })).list, BOSCH_ADVANTAGE);
    expect(card.fit).toEqual({ status: 'noFit', reason: 'Your car takes 28″ + 14″ blades; this one is made in 12–26″.' });
  });

  test('a product that fits has no reason', async () => {
    const card = cardOf((await page({ category: 'Wiper Blade', variantId: ALPHARD })).list, AEROTWIN);
    expect(card.fit).toEqual({ status: 'fits', reason: '' });
  });

  test('gives the reason in Chinese for zh_cn', async () => {
    const card = cardOf((await page({ category: 'Wiper Blade', variantId: ALPHARD }, 'zh_cn')).list, BOSCH_ADVANTAGE);
    expect(card.fit.reason).toBe('您的车需要 28″ + 14″ 的雨刮；此款尺寸为 12–26″。');
  });

  test('gives the reason in Malay for ms_my', async () => {
    const card = cardOf((await page({ category: 'Wiper Blade', variantId: ALPHARD }, 'ms_my')).list, BOSCH_ADVANTAGE);
    expect(card.fit.reason).toBe('Kereta anda memerlukan bilah 28″ + 14″; yang ini dibuat dalam saiz 12–26″.');
  });

  test('fitsOnly leaves out what does not fit', async () => {
    const all = await page({ category: 'Wiper Blade', variantId: ALPHARD });
    const fitting = await page({ category: 'Wiper Blade', variantId: ALPHARD, fitsOnly: true });
    expect(ids(fitting.list)).not.toContain(BOSCH_ADVANTAGE);
    expect(ids(fitting.list)).toContain(AEROTWIN);
    expect(fitting.list.every((c) => c.fit.status === 'fits')).toBe(true);
    expect(fitting.total).toBe(all.list.filter((c) => c.fit.status !== 'noFit').length);
  });

  test('fitsOnly for a Myvi keeps only engine oils of the grade it takes', async () => {
    const { list } = await page({ category: 'Maintenance', variantId: MYVI, fitsOnly: true, pageSize: 48 });
    const oils = catalog.filter((p) => p.slot === 'engineOil').map((p) => p.id);
    const shown = list.filter((c) => oils.includes(c.id));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((c) => c.name.includes('0W-20'))).toBe(true);
  });

  test('a product cut for other bodies does not fit: mats for a Hilux', async () => {
    const trunkLiners = catalog.filter((p) => p.category === 'Car Mats' && p.fit.bodyTypes && !p.fit.bodyTypes.includes('Pickup'));
    expect(trunkLiners.length).toBeGreaterThan(0);
    const { list } = await page({ category: 'Car Mats', variantId: 'toyota-hilux-2.8-rogue-2016' });
    expect(cardOf(list, trunkLiners[0]!.id).fit).toEqual({ status: 'noFit', reason: 'Not cut for a Pickup.' });
  });

  test('without a car, fitsOnly keeps what may fit: the customer must check', async () => {
    const all = await page({ category: 'Wiper Blade' });
    const fitting = await page({ category: 'Wiper Blade', fitsOnly: true });
    expect(fitting).toEqual(all);
    expect(all.list.every((c) => c.fit.status === 'unknown')).toBe(true);
  });

  test('without a car, a dash cam fits any car', async () => {
    expect(cardOf((await page({ category: 'Dash Cams' })).list, DASH_CAM).fit.status).toBe('fits');
  });
});

describe('searching the products', () => {
  test('a keyword finds products by brand', async () => {
    const { list } = await page({ category: 'Wiper Blade', keyword: 'bosch' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.brand === 'Bosch')).toBe(true);
  });

  test('ignores case and spaces: "Aero Twin" finds the AeroTwin', async () => {
    expect(ids((await page({ keyword: 'Aero Twin' })).list)).toEqual([AEROTWIN]);
  });

  test('finds by the Chinese name', async () => {
    const { list } = await page({ keyword: '雨刮' });
    expect(ids(list)).toContain(AEROTWIN);
    expect(list.every((c) => c.category === 'Wiper Blade')).toBe(true);
  });

  test('finds by the Malay name', async () => {
    expect(ids((await page({ keyword: 'bilah pengelap', pageSize: 48 })).list)).toContain(AEROTWIN);
  });

  test('a keyword that matches nothing gives an empty list', async () => {
    expect(await page({ keyword: 'flux capacitor' })).toMatchObject({ list: [], total: 0 });
  });
});

describe('sorting the products', () => {
  test('by popularity unless asked otherwise, most popular first', async () => {
    const { list } = await page({ category: 'Maintenance', pageSize: 48 });
    const popularity = new Map(catalog.map((p) => [p.id, p.popularity]));
    const shown = list.map((c) => popularity.get(c.id)!);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(await page({ category: 'Maintenance', pageSize: 48, sort: 'popular' })).toEqual(await page({ category: 'Maintenance', pageSize: 48 }));
  });

  test('by price, cheapest first, on the car’s fitted price', async () => {
    const { list } = await page({ category: 'Tires Service', variantId: ALPHARD, sort: 'priceAsc', pageSize: 48 });
    const totals = list.map((c) => c.price.totalSen);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  test('by price, dearest first', async () => {
    const { list } = await page({ category: 'Tinting Films', sort: 'priceDesc', pageSize: 48 });
    const totals = list.map((c) => c.price.totalSen);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  test('by saving, biggest first', async () => {
    const { list } = await page({ category: 'Dash Cams', sort: 'saving', pageSize: 48 });
    const savings = list.map((c) => c.savingPercent);
    expect(savings).toEqual([...savings].sort((a, b) => b - a));
  });

  test('an unknown sort: 400 naming the choices', async () => {
    expect(await api.request(PAGE, { sort: 'newest' })).toEqual({
      code: 400,
      msg: 'sort must be one of: popular, priceAsc, priceDesc, saving.',
      data: { field: 'sort' },
    });
  });
});

describe('paging through the products', () => {
  test('pages follow on, each product once', async () => {
    const all = await page({ category: 'Tires Service', sort: 'priceAsc', pageSize: 48 });
    const pages: Card[] = [];
    for (let n = 1; n <= Math.ceil(all.total / 5); n++) {
      const one = await page({ category: 'Tires Service', sort: 'priceAsc', page: n, pageSize: 5 });
      expect(one).toMatchObject({ page: n, pageSize: 5, total: all.total });
      pages.push(...one.list);
    }
    expect(ids(pages)).toEqual(ids(all.list));
  });

  test('the last page holds what is left', async () => {
    const { total } = await page({ category: 'Wiper Blade' });
    const last = await page({ category: 'Wiper Blade', page: Math.ceil(total / 4), pageSize: 4 });
    expect(last.list).toHaveLength(total % 4 || 4);
  });

  test('a page past the end is empty, with the right total', async () => {
    const { total } = await page({ category: 'Wiper Blade' });
    expect(await page({ category: 'Wiper Blade', page: 50, pageSize: 12 })).toEqual({ list: [], total, page: 50, pageSize: 12, car: null });
  });

  test.each([
    [{ page: 0 }, 'page must be at least 1.', 'page'],
    [{ page: -1 }, 'page must be at least 1.', 'page'],
    [{ page: 10_001 }, 'page must be at most 10000.', 'page'],
    [{ page: 1.5 }, 'page must be a whole number.', 'page'],
    [{ page: '2' }, 'page must be a number.', 'page'],
    [{ pageSize: 0 }, 'pageSize must be at least 1.', 'pageSize'],
    [{ pageSize: 49 }, 'pageSize must be at most 48.', 'pageSize'],
    [{ pageSize: 1000 }, 'pageSize must be at most 48.', 'pageSize'],
  ])('%j: 400 naming the field', async (body, msg, field) => {
    expect(await api.request(PAGE, { category: 'Wiper Blade', ...body })).toEqual({ code: 400, msg, data: { field } });
  });

  test('the largest page, 48, is allowed', async () => {
    expect((await page({ pageSize: 48 })).list).toHaveLength(48);
  });
});

describe('asking for the list badly', () => {
  test('fitsOnly as text: 400', async () => {
    expect(await api.request(PAGE, { fitsOnly: 'yes' })).toEqual({ code: 400, msg: 'fitsOnly must be true or false.', data: { field: 'fitsOnly' } });
  });

  test('a car id with capitals: 400', async () => {
    expect(await api.request(PAGE, { variantId: 'Myvi 1.5 AV' })).toEqual({ code: 400, msg: 'variantId is not valid.', data: { field: 'variantId' } });
  });

  test('a field the call does not have: 400 naming it', async () => {
    expect(await api.request(PAGE, { categoryId: 3 })).toEqual({ code: 400, msg: 'categoryId is not a field of this call.', data: { field: 'categoryId' } });
  });
});

describe('one product', () => {
  test('the basic service for a size-S car such as a Myvi costs RM 159.00', async () => {
    const product = await find(BASIC_SERVICE, MYVI);
    expect(product.price).toEqual({ partsSen: 13200, labourSen: 2500, serviceTaxSen: 200, totalSen: 15900, sizeClass: 'S' });
    expect(product.fit).toEqual({ status: 'fits', reason: '' });
  });

  test('the basic service costs RM 159.00 before a car is chosen, and may fit', async () => {
    const product = await find(BASIC_SERVICE);
    expect(product.price.totalSen).toBe(15900);
    expect(product.fit.status).toBe('unknown');
  });

  test('the total is parts, labour and 8 % service tax on labour: a size-L Alza', async () => {
    const { price } = await find(BASIC_SERVICE, ALZA);
    expect(price.sizeClass).toBe('L');
    // 8 % rounded half up, in whole sen
    expect(price.serviceTaxSen).toBe(Math.floor((price.labourSen * 8 + 50) / 100));
    expect(price.totalSen).toBe(price.partsSen + price.labourSen + price.serviceTaxSen);
  });

  test('the walk-in price and the saving', async () => {
    const product = await find(BASIC_SERVICE, MYVI);
    expect(product.listPriceSen).toBeGreaterThan(product.price.totalSen);
    expect(product.savingPercent).toBe(Math.floor(((product.listPriceSen - 15900) * 100) / product.listPriceSen));
  });

  test('a service names the engine oil it comes with and what it includes', async () => {
    const product = await find(BASIC_SERVICE);
    expect(product.oil).toEqual({ id: BASIC_SERVICE_OIL, name: expect.stringContaining('Petronas Syntium 3000') });
    expect(product.included.length).toBeGreaterThan(0);
    expect(product).toMatchObject({ wiper: null, tint: null });
  });

  test('the basic service does not fit an electric car, and says why', async () => {
    expect((await find(BASIC_SERVICE, EMAS7)).fit).toEqual({ status: 'noFit', reason: 'Your car is electric: it takes no engine oil.' });
  });

  test('wiper blades give the lengths made and the lengths the Myvi takes', async () => {
    const product = await find(AEROTWIN, MYVI);
    expect(product.fit.status).toBe('fits');
    expect(product.wiper.car).toEqual({ driver: 24, passenger: 14, rear: 12 });
    expect(product.wiper.lengths).toEqual(expect.arrayContaining([14, 24]));
  });

  test('wiper blades too short for an Alphard do not fit, and say why', async () => {
    const product = await find(BOSCH_ADVANTAGE, ALPHARD);
    expect(product.fit).toEqual({ status: 'noFit', reason: 'Your car takes 28″ + 14″ blades; this one is made in 12–26″.' });
    expect(product.wiper.car).toMatchObject({ driver: 28, passenger: 14 });
    expect(product.wiper.lengths).not.toContain(28);
  });

  test('wiper blades without a car: the lengths made, fit unknown', async () => {
    const product = await find(AEROTWIN);
    expect(product.wiper).toMatchObject({ lengths: expect.any(Array), car: null });
    expect(product.fit).toEqual({ status: 'unknown', reason: '' });
  });

  test('tinting film gives its shade choices per window', async () => {
    const product = await find(TINT, MYVI);
    expect(product.tint).toEqual({ front: expect.any(Array), rearWindscreen: expect.any(Array), sideWindows: expect.any(Array) });
    for (const shades of Object.values(product.tint as Record<string, number[]>)) {
      expect(shades.length).toBeGreaterThan(0);
      expect(shades.every((s) => s >= 5 && s <= 90)).toBe(true);
    }
    expect(product.wiper).toBeNull();
  });

  test('is described in the request language', async () => {
    expect((await find(BASIC_SERVICE, undefined, 'zh_cn')).name).toBe('基本保养');
    expect((await find(BASIC_SERVICE, undefined, 'ms_my')).name).toBe('Servis asas');
  });

  test('an unknown product: 404', async () => {
    expect(await api.request(FIND, { id: 'wiper-bosch-unobtainium' })).toEqual(UNKNOWN_PRODUCT);
  });

  test('an unknown car: 404', async () => {
    expect(await api.request(FIND, { id: BASIC_SERVICE, variantId: 'perodua-myvi-2.0-turbo' })).toEqual(UNKNOWN_CAR);
  });

  test('no product id: 400 naming the field', async () => {
    expect(await api.request(FIND, {})).toEqual({ code: 400, msg: 'id is required.', data: { field: 'id' } });
  });

  test('a product id with capitals: 400 naming the field', async () => {
    expect(await api.request(FIND, { id: 'Service Basic' })).toEqual({ code: 400, msg: 'id is not valid.', data: { field: 'id' } });
  });
});

describe('changing the engine oil of the basic service', () => {
  test('offers the other oils, saying which one the service comes with', async () => {
    const answer = await api.request(CHANGE, { id: BASIC_SERVICE });
    expect(answer.code).toBe(200);
    expect(answer.data.slot).toBe('engineOil');
    expect(answer.data.current).toBe(BASIC_SERVICE_OIL);
    expect(ids(answer.data.list)).not.toContain(BASIC_SERVICE_OIL);
  });

  test('without a car, offers every other engine oil', async () => {
    const { data } = await api.request(CHANGE, { id: BASIC_SERVICE });
    const oils = catalog.filter((p) => p.slot === 'engineOil' && p.id !== BASIC_SERVICE_OIL).map((p) => p.id);
    expect(ids(data.list).sort()).toEqual(oils.sort());
  });

  test('each with its price difference against the oil included for that car', async () => {
    const { data } = await api.request(CHANGE, { id: BASIC_SERVICE, variantId: MYVI });
    const service = await api.request(FIND, { id: BASIC_SERVICE, variantId: MYVI });
    const included = await find(service.data.oil.id);
    expect(data.current).toBe(service.data.oil.id);
    for (const oil of data.list) expect(oil.differenceSen, oil.id).toBe(oil.price.partsSen - included.price.partsSen);
  });

  test('a Myvi’s basic service comes with a 0W-20 oil its engine takes, still at RM 159.00', async () => {
    const { data } = await api.request(FIND, { id: BASIC_SERVICE, variantId: MYVI });
    expect(data.oil.name).toMatch(/0W-20/);
    expect(data.fit.status).toBe('fits');
    expect(data.price.totalSen).toBe(15900);
    const oil = await api.request(FIND, { id: data.oil.id, variantId: MYVI });
    expect(oil.data.fit.status).toBe('fits');
  });

  test('without a car the service names its standard oil', async () => {
    const { data } = await api.request(FIND, { id: BASIC_SERVICE });
    expect(data.oil.id).toBe(BASIC_SERVICE_OIL);
  });

  test('cheapest change first', async () => {
    const { data } = await api.request(CHANGE, { id: BASIC_SERVICE });
    const differences = data.list.map((o: { differenceSen: number }) => o.differenceSen);
    expect(differences).toEqual([...differences].sort((a, b) => a - b));
  });

  test('for a Myvi, only oils of the grade its engine takes', async () => {
    const { data } = await api.request(CHANGE, { id: BASIC_SERVICE, variantId: MYVI });
    expect(data.list.length).toBeGreaterThan(0);
    expect(data.list.every((o: Card) => o.fit.status === 'fits' && o.name.includes('0W-20'))).toBe(true);
  });

  test('a product with nothing to change: 404', async () => {
    expect(await api.request(CHANGE, { id: AEROTWIN })).toEqual({ code: 404, msg: 'This product has no parts to change.', data: null });
  });

  test('an engine oil itself has nothing to change: 404', async () => {
    expect((await api.request(CHANGE, { id: BASIC_SERVICE_OIL })).code).toBe(404);
  });

  test('an unknown product: 404', async () => {
    expect(await api.request(CHANGE, { id: 'service-unobtainium' })).toEqual(UNKNOWN_PRODUCT);
  });

  test('an unknown car: 404', async () => {
    expect(await api.request(CHANGE, { id: BASIC_SERVICE, variantId: 'perodua-myvi-2.0-turbo' })).toEqual(UNKNOWN_CAR);
  });
});

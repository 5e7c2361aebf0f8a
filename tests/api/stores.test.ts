import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { START, startApi, type TestApi } from './harness.ts';

const STORES = '/api/app/order/vehicle/door/store/list';
const CLIENT_STORE = '/api/app/order/vehicle/order/client-store';

type Workshop = {
  id: string;
  name: string;
  city: string;
  services: string[];
  hours: Record<string, { open: string; close: string } | null>;
  openNow: boolean;
  distanceKm: number | null;
  nextOpenDate: string | null;
};

/** SS2 in Petaling Jaya, where the customer stands. */
const SS2 = { lat: 3.11804, lng: 101.62113 };

/** A moment given as Kuala Lumpur wall-clock time (UTC+8). */
const kl = (local: string) => new Date(`${local}+08:00`);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

// Nothing here writes; only the clock moves, and it goes back to START after each test.
function setClock(at: Date) {
  api.advance((at.getTime() - api.now().getTime()) / 1000);
}
afterEach(() => setClock(START));

async function list(body: object = {}): Promise<Workshop[]> {
  const answer = await api.request(STORES, body);
  expect(answer.code).toBe(200);
  return answer.data;
}
const byId = (workshops: Workshop[], id: string) => {
  const found = workshops.find((w) => w.id === id);
  if (!found) throw new Error(`no workshop ${id} in the answer`);
  return found;
};

describe('the workshop list', () => {
  test('lists more than 50 partner workshops, as the site promises', async () => {
    expect((await list()).length).toBeGreaterThan(50);
  });

  test('gives each workshop’s address, hours, services and map links', async () => {
    const ss2 = byId(await list(), 'petaling-jaya-ss2-tyre-auto');
    expect(ss2).toMatchObject({
      city: 'petaling-jaya',
      state: 'Selangor',
      postcode: expect.stringMatching(/^\d{5}$/),
      phone: expect.stringMatching(/^\+60 /),
      services: expect.arrayContaining(['Maintenance', 'Tires Service']),
      hours: { mon: { open: '08:30', close: '18:30' }, sun: null },
      wazeUrl: expect.stringContaining('waze.com'),
      googleMapsUrl: expect.stringContaining('google.com/maps'),
    });
  });

  test('keeps its own bookkeeping to itself', async () => {
    for (const w of await list()) {
      expect(w).not.toHaveProperty('closedOn');
      expect(w).not.toHaveProperty('active');
    }
  });

  test('without a position, gives no distance and sorts by city, then name', async () => {
    const workshops = await list();
    expect(workshops.every((w) => w.distanceKm === null)).toBe(true);
    const keys = workshops.map((w) => [w.city, w.name] as const);
    const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
    expect(keys).toEqual(sorted);
  });
});

describe('by city', () => {
  test('Petaling Jaya gives only its workshops', async () => {
    const workshops = await list({ city: 'petaling-jaya' });
    expect(workshops.length).toBeGreaterThan(0);
    expect(workshops.every((w) => w.city === 'petaling-jaya')).toBe(true);
    expect(workshops.map((w) => w.id)).toContain('petaling-jaya-ss2-tyre-auto');
  });

  test('the city value is not case-sensitive', async () => {
    expect(await list({ city: 'Petaling-Jaya' })).toEqual(await list({ city: 'petaling-jaya' }));
  });

  test('a city with no partner workshop gives an empty list', async () => {
    expect(await list({ city: 'bentong' })).toEqual([]);
  });
});

describe('by service', () => {
  test('only workshops that fit tinting films', async () => {
    const workshops = await list({ service: 'Tinting Films' });
    expect(workshops.length).toBeGreaterThan(0);
    expect(workshops.every((w) => w.services.includes('Tinting Films'))).toBe(true);
  });

  test('leaves out a workshop that does not offer it', async () => {
    const ids = (await list({ service: 'Tinting Films' })).map((w) => w.id);
    expect(ids).not.toContain('petaling-jaya-ss2-tyre-auto');
  });

  test('by city and service together', async () => {
    const workshops = await list({ city: 'kuala-lumpur', service: 'Dash Cams' });
    expect(workshops.length).toBeGreaterThan(0);
    expect(workshops.every((w) => w.city === 'kuala-lumpur' && w.services.includes('Dash Cams'))).toBe(true);
  });
});

describe('nearest first', () => {
  test('with a position, gives each workshop’s distance', async () => {
    const workshops = await list(SS2);
    expect(workshops.every((w) => typeof w.distanceKm === 'number')).toBe(true);
  });

  test('the workshop where the customer stands comes first, 0 km away', async () => {
    const [first] = await list(SS2);
    expect(first).toMatchObject({ id: 'petaling-jaya-ss2-tyre-auto', distanceKm: 0 });
  });

  test('the rest follow by distance', async () => {
    const distances = (await list(SS2)).map((w) => w.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  test('Kota Kinabalu is far from Petaling Jaya', async () => {
    const workshops = await list(SS2);
    expect(byId(workshops, 'kota-kinabalu-kolam-tyre').distanceKm).toBeGreaterThan(1500);
    expect(workshops.at(-1)!.city).toMatch(/kota-kinabalu|kuching/);
  });

  test('with a city too, the city’s workshops nearest first', async () => {
    const workshops = await list({ ...SS2, city: 'kuala-lumpur' });
    expect(workshops.every((w) => w.city === 'kuala-lumpur')).toBe(true);
    const distances = workshops.map((w) => w.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });
});

describe('open now, in Kuala Lumpur time', () => {
  test('at 10 a.m. on Monday 2 June, a workshop opening at 08:30 is open', async () => {
    expect(byId(await list(), 'petaling-jaya-ss2-tyre-auto').openNow).toBe(true);
  });

  test('a workshop that opens at 10:00 is open from 10:00', async () => {
    expect(byId(await list(), 'petaling-jaya-51a-tint-dashcam').openNow).toBe(true);
  });

  test('at 09:59 it is not open yet', async () => {
    setClock(kl('2025-06-02T09:59:00'));
    expect(byId(await list(), 'petaling-jaya-51a-tint-dashcam').openNow).toBe(false);
  });

  test('at 18:45 a workshop closing at 18:30 is closed, one closing at 19:00 is open', async () => {
    setClock(kl('2025-06-02T18:45:00'));
    const workshops = await list({ city: 'petaling-jaya' });
    expect(byId(workshops, 'petaling-jaya-ss2-tyre-auto').openNow).toBe(false);
    expect(byId(workshops, 'petaling-jaya-seksyen-19-soon-huat-tyre').openNow).toBe(true);
  });

  test('on Sunday a workshop closed on Sundays is closed, one with Sunday hours is open', async () => {
    setClock(kl('2025-06-08T11:00:00'));
    const workshops = await list({ city: 'petaling-jaya' });
    expect(byId(workshops, 'petaling-jaya-ss2-tyre-auto').openNow).toBe(false);
    expect(byId(workshops, 'petaling-jaya-seksyen-19-soon-huat-tyre').openNow).toBe(true);
  });

  test('on Friday a Kota Bharu workshop keeps the Kelantan weekend and is closed', async () => {
    setClock(kl('2025-06-06T11:00:00'));
    expect(byId(await list({ city: 'kota-bharu' }), 'kota-bharu-kubang-kerian-motor').openNow).toBe(false);
  });

  test('goes by the KL clock: 01:30 UTC is 09:30 in KL, when SS2 is open', async () => {
    setClock(new Date('2025-06-02T01:30:00Z'));
    expect(byId(await list(), 'petaling-jaya-ss2-tyre-auto').openNow).toBe(true);
  });

  test('goes by the KL clock: 11:00 UTC is 19:00 in KL, when SS2 is closed', async () => {
    setClock(new Date('2025-06-02T11:00:00Z'));
    expect(byId(await list(), 'petaling-jaya-ss2-tyre-auto').openNow).toBe(false);
  });
});

describe('the next date a workshop takes appointments', () => {
  test('is two days ahead at the earliest', async () => {
    // Monday 2 June: Wednesday 4 June is the first date offered.
    for (const w of await list()) expect(w.nextOpenDate! >= '2025-06-04', w.id).toBe(true);
  });

  test('is Wednesday 4 June for a workshop open on weekdays, seen on Monday 2 June', async () => {
    expect(byId(await list(), 'petaling-jaya-ss2-tyre-auto').nextOpenDate).toBe('2025-06-04');
  });

  test('is never a Sunday, even for a workshop open on Sundays', async () => {
    setClock(kl('2025-06-06T10:00:00')); // Friday: two days ahead is Sunday 8 June
    const workshops = await list();
    for (const w of workshops) expect(weekday(w.nextOpenDate!), w.id).not.toBe(0);
    expect(byId(workshops, 'petaling-jaya-seksyen-19-soon-huat-tyre').nextOpenDate).toBe('2025-06-09');
  });

  test('passes over the day a workshop is closed: Friday in Kota Bharu', async () => {
    setClock(kl('2025-06-04T10:00:00')); // Wednesday: two days ahead is Friday 6 June
    expect(byId(await list({ city: 'kota-bharu' }), 'kota-bharu-kubang-kerian-motor').nextOpenDate).toBe('2025-06-07');
  });

  test('counts from the KL date late at night', async () => {
    setClock(kl('2025-06-03T00:30:00')); // Tuesday in KL, still Monday in UTC
    expect(byId(await list(), 'petaling-jaya-ss2-tyre-auto').nextOpenDate).toBe('2025-06-05');
  });
});

describe('asking for workshops badly', () => {
  test('a latitude off the globe: 400 naming the field', async () => {
    expect(await api.request(STORES, { lat: 91, lng: 101.6 })).toEqual({ code: 400, msg: 'lat must be at most 90.', data: { field: 'lat' } });
  });

  test('a position given as text: 400 naming the field', async () => {
    expect(await api.request(STORES, { lat: '3.118', lng: 101.6 })).toEqual({ code: 400, msg: 'lat must be a number.', data: { field: 'lat' } });
  });

  test('a city name over 40 characters: 400', async () => {
    expect(await api.request(STORES, { city: 'k'.repeat(41) })).toEqual({ code: 400, msg: 'city is too long.', data: { field: 'city' } });
  });

  test('a field the call does not have: 400 naming it', async () => {
    expect(await api.request(STORES, { cityId: 3 })).toEqual({ code: 400, msg: 'cityId is not a field of this call.', data: { field: 'cityId' } });
  });
});

describe('the workshops that can fit a product', () => {
  test('a dash cam goes to workshops that fit dash cams', async () => {
    const answer = await api.request(CLIENT_STORE, { productId: 'dashcam-70mai-m300' });
    expect(answer.code).toBe(200);
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.every((w: Workshop) => w.services.includes('Dash Cams'))).toBe(true);
  });

  test('every workshop that fits the category is offered', async () => {
    const forProduct = await api.request(CLIENT_STORE, { productId: 'tint-3m-crystalline' });
    const offering = await list({ service: 'Tinting Films' });
    expect(forProduct.data.map((w: Workshop) => w.id).sort()).toEqual(offering.map((w) => w.id).sort());
  });

  test('the basic service does not go to a workshop that only fits tint and dash cams', async () => {
    const answer = await api.request(CLIENT_STORE, { productId: 'service-basic' });
    expect(answer.data.map((w: Workshop) => w.id)).not.toContain('kuala-lumpur-wangsa-maju-tint-dashcam');
  });

  test('in one city, nearest first, each with its first appointment date', async () => {
    const answer = await api.request(CLIENT_STORE, { productId: 'service-basic', city: 'petaling-jaya', ...SS2 });
    const workshops: Workshop[] = answer.data;
    expect(workshops[0]!.id).toBe('petaling-jaya-ss2-tyre-auto');
    expect(workshops.every((w) => w.city === 'petaling-jaya')).toBe(true);
    const distances = workshops.map((w) => w.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const w of workshops) expect(w.nextOpenDate! >= '2025-06-04' && weekday(w.nextOpenDate!) !== 0, w.id).toBe(true);
  });

  test('an unknown product: 404', async () => {
    expect(await api.request(CLIENT_STORE, { productId: 'wiper-bosch-unobtainium' })).toEqual({ code: 404, msg: 'We do not have that product.', data: null });
  });

  test('the 404 message in Chinese', async () => {
    expect((await api.request(CLIENT_STORE, { productId: 'wiper-bosch-unobtainium' }, { language: 'zh_cn' })).msg).toBe('我们没有该商品。');
  });

  test('no product: 400 naming the field', async () => {
    expect(await api.request(CLIENT_STORE, {})).toEqual({ code: 400, msg: 'productId is required.', data: { field: 'productId' } });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const ADD = '/api/export/user/vehicle/car/info/add';
const LIST = '/api/export/user/vehicle/car/info/list';
const CURRENT = '/api/export/user/vehicle/car/info/current';
const DEL = '/api/export/user/vehicle/car/info/del';

const myvi = { brandId: 'perodua', modelId: 'perodua-myvi', yearId: 'perodua-myvi:2023', variantId: 'perodua-myvi-1.5-av-2022' };
const x50 = { brandId: 'proton', modelId: 'proton-x50' };
const city = { brandId: 'honda', modelId: 'honda-city', variantId: 'honda-city-1.5-s-2020' };
const vios = { brandId: 'toyota', modelId: 'toyota-vios', yearId: 'toyota-vios:2024', variantId: 'toyota-vios-1.5-g-2023' };
const saga = { brandId: 'proton', modelId: 'proton-saga', yearId: 'proton-saga:2020' };

type Saved = { id: string; modelId: string; current: boolean };

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('one current car under concurrent garage calls (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  let a: TestApi;
  let b: TestApi;
  let userKey: string;
  let userId: string;

  beforeAll(async () => {
    a = await startApi();
    b = await startApi();
    ({ userKey, user: { id: userId } } = await a.login('0123456789'));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** Current cars as the database holds them, whatever the answers said. */
  async function currentCount() {
    const result = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from user_cars where user_id = ${userId} and current`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  async function garage(...cars: object[]): Promise<Saved[]> {
    for (const car of (await a.request<Saved[]>(LIST, {}, { userKey })).data) await a.request(DEL, { id: car.id }, { userKey });
    let saved: Saved[] = [];
    for (const car of cars) saved = (await a.request<Saved[]>(ADD, car, { userKey })).data;
    return saved;
  }

  test('two "make current" calls at once for different cars: never a 500, always exactly one current car', async () => {
    const saved = await garage(myvi, x50, city);
    const [first, second, third] = ['perodua-myvi', 'proton-x50', 'honda-city'].map((m) => saved.find((c) => c.modelId === m)!.id);
    const failures: string[] = [];
    for (let trial = 0; trial < 100; trial++) {
      await a.request(CURRENT, { id: first }, { userKey });
      const answers = await Promise.all([
        a.request<Saved[]>(CURRENT, { id: second }, { userKey }),
        b.request<Saved[]>(CURRENT, { id: third }, { userKey }),
      ]);
      const codes = answers.map((r) => r.code);
      const current = await currentCount();
      if (codes.some((c) => c !== 200) || current !== 1) failures.push(`trial ${trial}: codes ${codes.join('/')}, ${current} current`);
    }
    expect(failures).toEqual([]);
  });

  test('the variant chosen at once from two processes for a car saved without one completes that car, never a second', async () => {
    const failures: string[] = [];
    for (let trial = 0; trial < 30; trial++) {
      const [before] = await garage(saga);
      const premium = { ...saga, variantId: 'proton-saga-1.3-premium-2019' };
      const codes = (await Promise.all([a.request(ADD, premium, { userKey }), b.request(ADD, premium, { userKey })])).map((r) => r.code);
      const listed = (await a.request<(Saved & { variant: string })[]>(LIST, {}, { userKey })).data;
      const one = listed.length === 1 && listed[0]!.id === before!.id && listed[0]!.variant === '1.3 Premium AT' && listed[0]!.current;
      if (codes.some((c) => c !== 200) || !one) failures.push(`trial ${trial}: codes ${codes.join('/')}, listed ${listed.map((c) => `${c.modelId} ${c.variant}`).join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  test('add, delete and "make current" racing each other keep exactly one current car', async () => {
    const failures: string[] = [];
    for (let trial = 0; trial < 30; trial++) {
      const saved = await garage(myvi, x50, city);
      const byModel = (m: string) => saved.find((c) => c.modelId === m)!.id;
      const answers = await Promise.all([
        a.request<Saved[]>(ADD, vios, { userKey }),
        b.request<Saved[]>(DEL, { id: byModel('honda-city') }, { userKey }),
        a.request<Saved[]>(CURRENT, { id: byModel('proton-x50') }, { userKey }),
        b.request<Saved[]>(DEL, { id: byModel('perodua-myvi') }, { userKey }),
        b.request<Saved[]>(CURRENT, { id: byModel('perodua-myvi') }, { userKey }),
      ]);
      const codes = answers.map((r) => r.code);
      const current = await currentCount();
      const listed = (await a.request<Saved[]>(LIST, {}, { userKey })).data;
      // "Make current" for a car deleted a moment before may fairly answer that it is not in the garage.
      const fair = codes.slice(0, 4).every((c) => c === 200) && [200, 404].includes(codes[4]!);
      if (!fair || current !== 1 || listed.filter((c) => c.current).length !== 1) {
        failures.push(`trial ${trial}: codes ${codes.join('/')}, ${current} current, listed ${listed.map((c) => `${c.modelId}${c.current ? '*' : ''}`).join(' ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

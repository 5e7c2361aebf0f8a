import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { syncContent } from '../../server/db/sync.ts';
import { START, startApi, type TestApi } from './harness.ts';

/** The rows of a query (drizzle's answer differs by driver). */
async function select<T>(api: TestApi, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await api.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const counts = async (api: TestApi) => {
  const rows = await select<{ levels: number; units: number; movements: number }>(
    api,
    sql`select (select count(*)::int from stock_levels) levels, (select coalesce(sum(on_hand), 0)::int from stock_levels) units, (select count(*)::int from stock_movements) movements`,
  );
  return rows[0]!;
};
const level = async (api: TestApi, location: string, sku: string) =>
  select<{ dot: string; on_hand: number }>(api, sql`select dot, on_hand from stock_levels where location = ${location} and sku = ${sku} order by dot`);

describe('demo stock (DEMO_DATA)', () => {
  let demo: TestApi;
  let plain: TestApi | null;
  // One after the other: on PostgreSQL both use the same database.
  beforeAll(async () => {
    plain = await startApi({ demoData: false });
  }, 60_000);
  afterAll(async () => {
    await demo?.close();
    await plain?.close();
  });

  test('off: no stock at all', async () => {
    expect(await counts(plain!)).toEqual({ levels: 0, units: 0, movements: 0 });
    await plain!.close();
    plain = null;
    demo = await startApi();
  }, 60_000);

  test('on: every workshop stocks something, the warehouse every sku deep; one size out everywhere, some short, one batch aged', async () => {
    const perPlace = await select<{ location: string; units: number }>(demo, sql`select location, sum(on_hand)::int units from stock_levels group by location`);
    const workshops = (await select<{ id: string }>(demo, sql`select id from workshops where active`)).map((w) => w.id);
    expect(workshops.filter((id) => !perPlace.some((p) => p.location === id && p.units > 0))).toEqual([]);
    expect(perPlace.find((p) => p.location === 'warehouse')!.units).toBeGreaterThan(30_000);
    expect(await select(demo, sql`select 1 from stock_levels where sku = 'tyre-michelin-energy-xm2-plus@205/55R16'`)).toEqual([]);
    expect(await level(demo, 'kuala-lumpur-kepong-tyre-battery', 'tyre-michelin-energy-xm2-plus@185/55R15')).toEqual([{ dot: '0125', on_hand: 2 }]);
    // 15 months before the tests' day (2 June 2025): week 9 of 2024, older than the 12 promised.
    expect(await level(demo, 'petaling-jaya-ss2-tyre-auto', 'tyre-michelin-energy-xm2-plus@185/60R15')).toEqual([{ dot: '0924', on_hand: 4 }]);
    expect(await level(demo, 'warehouse', 'tyre-michelin-energy-xm2-plus@185/55R15')).toEqual([
      { dot: '0525', on_hand: 20 },
      { dot: '1825', on_hand: 20 },
    ]);
    expect(await select(demo, sql`select 1 from stock_levels where sku like 'tint-%' or sku like 'service-%'`)).toEqual([]);
  });

  test('a restart seeds nothing again, and keeps what was counted since', async () => {
    const before = await counts(demo);
    await demo.db.execute(sql`update stock_levels set on_hand = 0 where location = 'kuala-lumpur-kepong-tyre-battery' and sku = 'tyre-michelin-energy-xm2-plus@185/55R15'`);
    await syncContent(demo.db, 'content', { demoData: true, now: START });
    expect(await counts(demo)).toEqual({ ...before, units: before.units - 2 });
    expect(await level(demo, 'kuala-lumpur-kepong-tyre-battery', 'tyre-michelin-energy-xm2-plus@185/55R15')).toEqual([{ dot: '0125', on_hand: 0 }]);
  });
});

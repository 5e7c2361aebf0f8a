import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';
import { SLOTS, SS15, SS2, WIPERS } from './order-fixtures.ts';

// A workshop's times may be answered from memory (on PGlite): whatever writes its units or
// closures, in whatever SQL, the very next answer shows the write.

let api: TestApi;
let userKey: string;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  await api.reset();
  ({ userKey } = await api.login('0123456789'));
});

type Day = { date: string; available: boolean; times: { time: string; available: boolean }[] };
const WED = '2025-06-04';
const THU = '2025-06-05';
const dates = async (storeId: string): Promise<Day[]> => (await api.request(SLOTS, { storeId, items: [WIPERS] }, { userKey })).data.dates;
const freeAt = async (storeId: string, date: string) => (await dates(storeId)).find((d) => d.date === date)!.times.filter((t) => t.available).map((t) => t.time);
/** A closed day is not among the dates offered. */
const offered = async (storeId: string, date: string) => (await dates(storeId)).some((d) => d.date === date && d.available);

/** SS15 has 3 bays: held all at 10:00 (unit 20) on `date` by another order. */
const holdAll = (date: string, order = randomUUID()) =>
  api.db.execute(sql`insert into booked_units (workshop_id, date, unit, bay, holder, holder_id, state, created_at)
    select ${SS15}, ${date}, 20, bay, 'order', ${order}, 'held', now() from generate_series(1, 3) as bay`);

describe('slots after a write in SQL', () => {
  test('an insert, an update, a delete and a truncate of units each show at once', async () => {
    expect(await freeAt(SS15, WED)).toContain('10:00');
    await holdAll(WED);
    expect(await freeAt(SS15, WED)).not.toContain('10:00');
    await api.db.execute(sql`update booked_units set date = ${THU} where workshop_id = ${SS15}`);
    expect(await freeAt(SS15, WED)).toContain('10:00');
    expect(await freeAt(SS15, THU)).not.toContain('10:00');
    await api.db.execute(sql`delete from booked_units where workshop_id = ${SS15} and bay = 2`);
    expect(await freeAt(SS15, THU)).toContain('10:00');
    await holdAll(WED);
    expect(await freeAt(SS15, WED)).not.toContain('10:00');
    await api.db.execute(sql`truncate booked_units`);
    expect(await freeAt(SS15, WED)).toContain('10:00');
  });

  test('a write to one workshop leaves another’s times as they were, and theirs change with their own', async () => {
    expect(await freeAt(SS2, WED)).toContain('10:00');
    await holdAll(WED);
    expect(await freeAt(SS2, WED)).toContain('10:00');
    expect(await freeAt(SS15, WED)).not.toContain('10:00');
  });

  test('units moved to another workshop free the first and fill the second', async () => {
    await holdAll(WED);
    expect(await freeAt(SS15, WED)).not.toContain('10:00');
    await api.db.execute(sql`update booked_units set workshop_id = ${SS2} where workshop_id = ${SS15}`);
    expect(await freeAt(SS15, WED)).toContain('10:00');
  });

  test('a transaction’s units show once it commits, and none of a rolled-back one', async () => {
    expect(await freeAt(SS15, WED)).toContain('10:00');
    await expect(
      api.db.transaction(async (tx) => {
        await tx.execute(sql`insert into booked_units (workshop_id, date, unit, bay, holder, holder_id, state, created_at)
          select ${SS15}, ${WED}, 20, bay, 'order', ${randomUUID()}, 'held', now() from generate_series(1, 3) as bay`);
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await freeAt(SS15, WED)).toContain('10:00');
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`insert into booked_units (workshop_id, date, unit, bay, holder, holder_id, state, created_at)
        select ${SS15}, ${WED}, 20, bay, 'order', ${randomUUID()}, 'held', now() from generate_series(1, 3) as bay`);
    });
    expect(await freeAt(SS15, WED)).not.toContain('10:00');
  });

  test('a closure written in SQL, and its removal, show at once', async () => {
    expect(await offered(SS15, THU)).toBe(true);
    await api.db.execute(sql`insert into store_closures (workshop_id, date, reason, staff_id, created_at) values (${SS15}, ${THU}, 'Flood', ${randomUUID()}, now())`);
    expect(await offered(SS15, THU)).toBe(false);
    await api.db.execute(sql`delete from store_closures where workshop_id = ${SS15}`);
    expect(await offered(SS15, THU)).toBe(true);
    await api.db.execute(sql`insert into store_closures (workshop_id, date, reason, staff_id, created_at) values (${SS15}, ${THU}, 'Flood', ${randomUUID()}, now())`);
    expect(await offered(SS15, THU)).toBe(false);
    await api.db.execute(sql`truncate store_closures`);
    expect(await offered(SS15, THU)).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { scratchDataDir, pngPhoto, upload } from './my-orders-fixtures.ts';
import { count } from './order-fixtures.ts';
import { twoApiProcesses } from './harness.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('the hourly upload limit under concurrent uploads through two processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses(() => scratchDataDir());

  test('with 3 places left in the hour, 8 uploads at once through two processes: 3 are taken, 5 refused with 807 (a warning)', async () => {
    const { a, b } = apis;
    const me = (await a.login('0123456789')).userKey;
    const photo = await pngPhoto();
    for (let i = 0; i < 17; i++) expect((await upload(a, me, photo, 'p.png', 'image/png')).code).toBe(200);

    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(i % 2 ? b : a, me, photo, 'p.png', 'image/png')));
    const codes = answers.map((answer) => answer.code).sort();
    expect(codes).toEqual([200, 200, 200, 807, 807, 807, 807, 807]);
    for (const refused of answers.filter((answer) => answer.code === 807)) expect(refused.msg).toMatch(/^You can upload at most 20 photos an hour\./);
    expect(await count(a, sql`select count(*)::int as n from uploads`)).toBe(20);
  });
});

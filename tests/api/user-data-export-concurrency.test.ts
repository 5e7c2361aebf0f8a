import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { count } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const EXPORT = '/api/app/user/data/export';
const FILE = '/api/app/user/data/export.json';

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('the hourly export limit under concurrent exports through two processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses();

  test('8 exports at once, calls and files through two processes: 3 are made, 5 refused with 807, and 3 recorded', async () => {
    const { a, b } = apis;
    const me = (await a.login('0123456789')).userKey;
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const api = i % 2 ? b : a;
        if (i % 4 < 2) return (await api.request(EXPORT, {}, { userKey: me })).code;
        const file = await api.fetch(FILE, { headers: { Authorization: me } });
        return file.status === 200 ? 200 : ((await file.json()) as { code: number }).code;
      }),
    );
    expect(answers.sort()).toEqual([200, 200, 200, 807, 807, 807, 807, 807]);
    expect(await count(a, sql`select count(*)::int as n from data_exports`)).toBe(3);
  });
});

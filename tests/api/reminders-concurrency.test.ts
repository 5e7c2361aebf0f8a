import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { rows } from './order-fixtures.ts';
import { G, garageCar } from './garage-fixtures.ts';
import { CONSENT, planNow, reminderSms } from './reminder-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two app instances on two connection pools, as two API processes each running the hourly planner.
describe.skipIf(!onPostgres)('two processes plan the same hour: each reminder goes once (needs PostgreSQL)', () => {
  const apis = twoApiProcesses();
  let userKey: string;

  beforeEach(async () => {
    ({ userKey } = await apis.a.login('0123456789'));
  });

  test('both planners at once, many times over: one SMS per reminder, one row per key', async () => {
    const { a, b } = apis;
    const carId = await garageCar(a, userKey);
    expect((await a.request(G.update, { carId, plate: 'WXY 1234', roadTaxExpiry: '2025-07-02', insuranceExpiry: '2025-07-02' }, { userKey })).code).toBe(200);
    expect((await a.request(CONSENT, { expiryReminders: true }, { userKey })).code).toBe(200);

    // Each process runs its own planner job (different keys), at the same moment, five times.
    for (let round = 0; round < 5; round++) {
      await Promise.all([planNow(a, `a${round}`), planNow(b, `b${round}`)]);
    }
    const sent = [...reminderSms(a), ...reminderSms(b)];
    expect(sent).toHaveLength(2);
    expect(sent.filter((l) => l.includes('road tax'))).toHaveLength(1);
    expect(sent.filter((l) => l.includes('insurance'))).toHaveLength(1);
    const keys = await rows<{ n: number }>(a, sql`select count(*)::int as n from car_reminders`);
    expect(keys[0]!.n).toBe(2);
  });
});

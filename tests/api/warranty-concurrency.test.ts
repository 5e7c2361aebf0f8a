import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses, type TestApi } from './harness.ts';
import { ADD, installOrder, rows, SS15, WIPERS } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { ADMIN_PHONE, C } from './console-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 6;

/** A customer's completed wiper job at SS15 with an accepted warranty claim: the claim's id. */
async function acceptedClaim(api: TestApi, userKey: string, admin: string, time: string): Promise<string> {
  const orderNo = await paidOrder(api, userKey, installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-05', time } }));
  expect((await api.request(C.start, { orderNo }, { userKey: admin })).code).toBe(200);
  const done = await api.request(C.complete, { orderNo, odometerKm: 30_000 }, { userKey: admin });
  const lineId = (done.data as { lines: { lineId: string }[] }).lines[0]!.lineId;
  const opened = await api.request('/api/app/warranty/add', { orderNo, lineIds: [lineId], description: 'The wiper judders across the glass.' }, { userKey });
  const claimId = (opened.data as { claims: { claimId: string }[] }).claims[0]!.claimId;
  expect((await api.request('/api/console/warranty/accept', { claimId }, { userKey: admin })).code).toBe(200);
  return claimId;
}

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('free reworks under concurrent bookings through two API processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses(scratchDataDir);

  test(`two customers book their free rework into the last free bay at once: one gets it, never both (${ROUNDS} rounds)`, async () => {
    const admin = (await apis.a.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '60.8.0.1' })).userKey;
    const first = (await apis.a.login('0171100001', { address: '60.8.1.1' })).userKey;
    const second = (await apis.b.login('0171100002', { address: '60.8.2.1' })).userKey;
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const hour = String(9 + round).padStart(2, '0');
      const mine = await acceptedClaim(apis.a, first, admin, `${hour}:00`);
      const theirs = await acceptedClaim(apis.b, second, admin, `${hour}:30`);
      // SS15 has 3 bays: another customer's orders hold two of them at this time.
      const date = '2025-06-10';
      const time = `${String(9 + round).padStart(2, '0')}:00`;
      const filler = (await apis.a.login(`01740000${String(round).padStart(2, '0')}`, { address: `60.8.3.${round + 1}` })).userKey;
      for (let i = 0; i < 2; i++) expect((await apis.a.request(ADD, installOrder({ storeId: SS15, items: [WIPERS], appointment: { date, time } }), { userKey: filler })).code).toBe(200);

      const answers = await Promise.all([
        apis.a.request('/api/app/warranty/book', { claimId: mine, date, time }, { userKey: first }),
        apis.b.request('/api/app/warranty/book', { claimId: theirs, date, time }, { userKey: second }),
      ]);
      const codes = answers.map((r) => r.code).sort();
      if (codes.join() !== '200,807') failures.push(`round ${round}: ${codes.join('/')} ${answers.map((a) => a.msg).join(' | ')}`);
      const units = await rows<{ n: number }>(apis.a, sql`select count(*)::int as n from booked_units where workshop_id = ${SS15} and date = ${date} and unit = ${(9 + round) * 2}`);
      if (units[0]!.n !== 3) failures.push(`round ${round}: ${units[0]!.n} units at ${time}, not 3`);
    }
    expect(failures).toEqual([]);
  });
});

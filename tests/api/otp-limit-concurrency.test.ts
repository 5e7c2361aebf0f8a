import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApi, type TestApi } from './harness.ts';

const SEND = '/api/app/user/send/sms';
const ADDRESS_LIMIT = 'Too many codes were requested from this network. Please try again in 60 minutes.';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('the per-address code limit under concurrent sends (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startApi();
    b = await startApi();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  test('60 numbers asking at once from one address, through two servers: exactly 20 codes go out', async () => {
    const phones = Array.from({ length: 60 }, (_, i) => `0172${String(i).padStart(6, '0')}`);
    const answers = await Promise.all(
      phones.map((phone, i) => (i % 2 ? a : b).request(SEND, { phone, type: 'login' }, { address: '60.53.7.7' })),
    );
    const codes = answers.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.code !== 200)).toEqual(Array.from({ length: 40 }, () => ({ code: 807, msg: ADDRESS_LIMIT, data: null })));
    expect(a.smsLines.length + b.smsLines.length).toBe(20);
    const stored = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from otp_codes where client_address = '60.53.7.7'`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(20);
  });
});

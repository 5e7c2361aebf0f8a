import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { rows } from './order-fixtures.ts';
import { scratchDataDir } from './my-orders-fixtures.ts';
import { completedInstall, R, WIPERS_ID } from './review-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 10;

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('Reviews under concurrent requests through two API processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses(scratchDataDir);

  test(`the same review sent twice at once through two servers: exactly one is taken, the other is refused as a second one (${ROUNDS} rounds)`, async () => {
    const me = (await apis.a.login('0123456789')).userKey;
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round's installation at a time of its own.
      const appointment = { date: `2025-06-0${4 + Math.floor(round / 5)}`, time: `${String(10 + (round % 5)).padStart(2, '0')}:00` };
      const orderNo = await completedInstall(apis.a, me, { appointment });
      for (const body of [
        { orderNo, target: 'product', productId: WIPERS_ID, rating: 4, text: `round ${round}` },
        { orderNo, target: 'workshop', rating: 5 },
      ]) {
        const answers = await Promise.all([apis.a.request(R.add, body, { userKey: me }), apis.b.request(R.add, { ...body, rating: 1 }, { userKey: me })]);
        const codes = answers.map((r) => r.code).sort();
        if (codes.join() !== '200,807') failures.push(`round ${round} ${body.target}: ${codes.join('/')} ${answers.map((a) => a.msg).join(' | ')}`);
        const loser = answers.find((r) => r.code !== 200);
        if (loser && loser.msg !== 'You have already reviewed this for this order. You can change your review instead.') failures.push(`round ${round}: ${loser.msg}`);
      }
      const [counted] = await rows<{ n: number }>(apis.a, sql`select count(*)::int as n from reviews where order_id = (select id from orders where order_no = ${orderNo})`);
      if (counted!.n !== 2) failures.push(`round ${round}: ${counted!.n} reviews`);
    }
    expect(failures).toEqual([]);
    const page = await apis.b.request(R.page, { productId: WIPERS_ID, pageSize: 50 });
    expect(page.data.summary.count).toBe(ROUNDS);
  });
});

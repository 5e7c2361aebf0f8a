import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { ADD, installOrder, mailOrder, rows, SS15, WIPERS } from './order-fixtures.ts';
import { CHANGE_TIME, paidOrder, REFUND, REFUND_CANCEL, scratchDataDir } from './my-orders-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 20;

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('My Orders under concurrent requests through two API processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses(scratchDataDir);

  test(`two customers move their installations into the last free bay at once: one gets it, the other keeps the old time (${ROUNDS} rounds)`, async () => {
    const first = (await apis.a.login('0171000001', { address: '60.9.1.1' })).userKey;
    const second = (await apis.b.login('0171000002', { address: '60.9.2.1' })).userKey;
    const wipersAt = (date: string, time: string) => installOrder({ storeId: SS15, items: [WIPERS], appointment: { date, time } });
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round on a date and time of its own: SS15 has 3 bays; two are taken, one is free.
      const date = `2025-06-${String(4 + Math.floor(round / 10)).padStart(2, '0')}`;
      const time = `${String(9 + (round % 10)).padStart(2, '0')}:00`;
      const from = { date: '2025-06-20', time: `${String(9 + (round % 10)).padStart(2, '0')}:${round < 10 ? '00' : '30'}` };
      const mine = await paidOrder(apis.a, first, wipersAt(from.date, from.time));
      const theirs = await paidOrder(apis.b, second, wipersAt(from.date, from.time));
      // Another customer each round holds the other two bays: a customer may leave at most 5 orders unpaid.
      const filler = (await apis.a.login(`01730000${String(round).padStart(2, '0')}`, { address: `60.9.3.${round + 1}` })).userKey;
      for (let i = 0; i < 2; i++) expect((await apis.a.request(ADD, wipersAt(date, time), { userKey: filler })).code).toBe(200);

      const answers = await Promise.all([
        apis.a.request(CHANGE_TIME, { orderNo: mine, date, time }, { userKey: first }),
        apis.b.request(CHANGE_TIME, { orderNo: theirs, date, time }, { userKey: second }),
      ]);
      const codes = answers.map((r) => r.code).sort();
      if (codes.join() !== '200,807') failures.push(`round ${round}: ${codes.join('/')}`);
      const loser = answers.findIndex((r) => r.code !== 200);
      if (loser >= 0 && answers[loser]!.msg !== 'That time was just taken, please choose another.') failures.push(`round ${round}: ${answers[loser]!.msg}`);

      const units = await rows<{ order_no: string; date: string; bay: number }>(
        apis.a,
        sql`select o.order_no, u.date::text as date, u.bay from booked_units u join orders o on o.id = u.holder_id where o.order_no in (${mine}, ${theirs}) order by o.order_no`,
      );
      // Each order holds exactly one unit: the winner at the new time, the loser still at the old one.
      const at = (orderNo: string) => units.filter((u) => u.order_no === orderNo).map((u) => u.date);
      const winner = answers[0]!.code === 200 ? mine : theirs;
      const kept = winner === mine ? theirs : mine;
      if (at(winner).join() !== date || at(kept).join() !== from.date) failures.push(`round ${round}: units ${JSON.stringify(units)}`);
      const full = await rows<{ n: number }>(apis.a, sql`select count(*)::int as n from booked_units where workshop_id = ${SS15} and date = ${date} and unit = ${(9 + (round % 10)) * 2}`);
      if (full[0]!.n !== 3) failures.push(`round ${round}: ${full[0]!.n} units at the contested time`);
    }
    expect(failures).toEqual([]);
  });

  test(`a refund request and its revoke at once end in one consistent state (${ROUNDS} rounds)`, async () => {
    const me = (await apis.a.login('0171000004', { address: '60.9.4.1' })).userKey;
    const outcomes = new Set<string>();
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const orderNo = await paidOrder(apis.a, me, mailOrder());
      // One request already open and pending: a second request races the revoke of the first.
      expect((await apis.a.request(REFUND, { orderNo, reason: 'Wrong blades', contact: '0171000004', amountSen: 1000 }, { userKey: me })).code).toBe(200);
      const [asked, revoked] = await Promise.all([
        apis.b.request(REFUND, { orderNo, reason: 'Changed my mind', contact: '0171000004', amountSen: 2000 }, { userKey: me }),
        apis.a.request(REFUND_CANCEL, { orderNo }, { userKey: me }),
      ]);
      const refunds = await rows<{ seq: number; status: string; amount_sen: number }>(
        apis.a,
        sql`select r.seq, r.status, r.amount_sen from refunds r join orders o on o.id = r.order_id where o.order_no = ${orderNo} order by r.seq`,
      );
      const open = refunds.filter((r) => ['PENDING_REVIEW', 'REVIEWED', 'PROCESSING'].includes(r.status));
      const history = await rows<{ n: number }>(
        apis.a,
        sql`select count(*)::int as n from refund_history h join refunds r on r.id = h.refund_id join orders o on o.id = r.order_id where o.order_no = ${orderNo}`,
      );
      const outcome = `${asked.code}/${revoked.code}: ${refunds.map((r) => `${r.seq}${r.status}`).join(',')}`;
      outcomes.add(outcome);
      // The revoke always wins over the first request; the second request is either in after it or refused before it.
      const ok =
        revoked.code === 200 &&
        refunds[0]!.status === 'REVOKED' &&
        open.length <= 1 &&
        ((asked.code === 200 && refunds.length === 2 && open[0]?.amount_sen === 2000) || (asked.code === 807 && refunds.length === 1)) &&
        history[0]!.n === refunds.length + 1;
      if (!ok) failures.push(`round ${round}: ${outcome}`);

      // A first request and a revoke at once: the revoke finds nothing yet (807) or revokes it.
      const fresh = await paidOrder(apis.b, me, mailOrder());
      const [first, cancel] = await Promise.all([
        apis.a.request(REFUND, { orderNo: fresh, reason: 'Wrong blades', contact: '0171000004' }, { userKey: me }),
        apis.b.request(REFUND_CANCEL, { orderNo: fresh }, { userKey: me }),
      ]);
      const [only] = await rows<{ status: string }>(apis.a, sql`select r.status from refunds r join orders o on o.id = r.order_id where o.order_no = ${fresh}`);
      const race = `${first.code}/${cancel.code}: ${only?.status}`;
      outcomes.add(race);
      if (first.code !== 200 || only?.status !== (cancel.code === 200 ? 'REVOKED' : 'PENDING_REVIEW') || ![200, 807].includes(cancel.code)) failures.push(`round ${round}: ${race}`);
    }
    expect(failures).toEqual([]);
    console.log(`refund/revoke outcomes over ${ROUNDS} rounds: ${[...outcomes].join(' | ')}`);
  });
});

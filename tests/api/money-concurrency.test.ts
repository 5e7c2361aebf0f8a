import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ledgerOf } from '../../server/modules/payments/ledger.ts';
import { twoApiProcesses, type TestApi } from './harness.ts';
import { ADD, beforeTheBankConfirms, FIND, installOrder, newKey, PAY, postCallback, pressInSandbox, rows, SS15, SS2, WIPERS } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('money under concurrent payments through two API processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses();
  const ROUNDS = 20;

  /** Both processes' job workers at once (money.back, refund.send, …) until no job is left, their callbacks delivered. */
  async function runJobsUntilQuiet() {
    for (let quiet = 0, tries = 0; quiet < 2 && tries < 30; tries++) {
      apis.a.advance(6 * 60);
      const [ranA, ranB] = await Promise.all([apis.a.runJobs(), apis.b.runJobs()]);
      const ran = ranA + ranB;
      await Promise.all([apis.a.payments.idle(), apis.b.payments.idle()]);
      quiet = ran === 0 ? quiet + 1 : 0;
    }
  }

  /**
   * Round `i`: the customer pays in tab 1 and in tab 2, both confirmations held back; then both
   * callbacks arrive at once, one through each process (which through which alternates), while
   * the time-out job runs, with the bank answering "paid" or (every other pair of rounds)
   * "pending" when the time-out asks, which then cancels unless a callback came first. In every
   * fifth round the time-out has cancelled the order already and its time was taken meanwhile
   * (SS15's three bays): both payments arrive late, at once, and both must go back.
   */
  async function round(i: number, userKey: string, others: string[]) {
    const [first, second] = i % 2 ? [apis.b, apis.a] : [apis.a, apis.b];
    const timeout: TestApi = i % 4 < 2 ? second : first;
    const gone = i % 5 === 4;
    const bankSlow = i % 4 >= 2;
    const order = gone
      ? installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-06', time: `${9 + Math.floor(i / 5)}:00`.padStart(5, '0') } })
      : installOrder({ storeId: SS2, items: [WIPERS], appointment: { date: i < ROUNDS / 2 ? '2025-06-04' : '2025-06-05', time: `${String(9 + Math.floor((i % 10) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}` } });
    const placed = await apis.a.request(ADD, order, { userKey });
    expect(placed.code, placed.msg).toBe(200);
    const orderNo = placed.data.orderNo as string;

    apis.a.loseCallbacks(true);
    for (const payMethod of ['card', 'grabpay']) {
      const pay = await apis.a.request(PAY, { orderNo, payMethod }, { userKey });
      expect(pay.code, pay.msg).toBe(200);
      await pressInSandbox(apis.a, pay.data.redirectUrl, 'pay', payMethod);
    }
    apis.a.loseCallbacks(false);
    const held = apis.a.lostCallbacks.splice(0);
    expect(held).toHaveLength(2);
    // Tab 1's callback or tab 2's sent first, through either process.
    const [one, two] = Math.floor(i / 2) % 2 ? [held[1]!, held[0]!] : [held[0]!, held[1]!];
    apis.a.advance(31 * 60);
    if (gone) {
      await beforeTheBankConfirms(first, () => first.runJobs());
      expect((await apis.a.request(FIND, { orderNo }, { userKey })).data.status).toBe('CANCELLED');
      for (const theirs of others) {
        const taken = await second.request(ADD, { ...order, idempotencyKey: newKey() }, { userKey: theirs });
        expect(taken.code, taken.msg).toBe(200);
      }
    }

    // While the bank is slow the callbacks also come a little after the time-out started (0–60 ms),
    // so that it sometimes cancels first and they arrive as late payments.
    const lag = bankSlow ? (Math.floor(i / 4) % 5) * 15 : 0;
    const later = <T>(send: () => Promise<T>) => new Promise<T>((done, fail) => setTimeout(() => send().then(done, fail), lag));
    const race = () =>
      Promise.all([
        later(() => postCallback(first, one.body, one.headers['X-Sandbox-Signature'])),
        later(() => postCallback(second, two.body, two.headers['X-Sandbox-Signature'])),
        timeout.runJobs(),
      ]);
    const [replyOne, replyTwo] = bankSlow ? await beforeTheBankConfirms(timeout, race) : await race();
    expect([replyOne.status, replyTwo.status]).toEqual([200, 200]);
    await Promise.all([apis.a.payments.idle(), apis.b.payments.idle()]);
    await runJobsUntilQuiet();
    return orderNo;
  }

  async function balances(orderNo: string, userKey: string): Promise<string[]> {
    const wrong: string[] = [];
    const order = (await apis.a.request(FIND, { orderNo }, { userKey })).data;
    const [placed] = await rows<{ id: string }>(apis.a, sql`select id from orders where order_no = ${orderNo}`);
    const ledger = await ledgerOf(apis.a.db, placed!.id);
    const total = order.totals.totalSen as number;
    const kept = order.status === 'UPCOMING';
    if (!kept && order.status !== 'CANCELLED') wrong.push(`status ${order.status}`);
    if (ledger.paidSen !== 2 * total) wrong.push(`paid ${ledger.paidSen} of two payments of ${total}`);
    if (ledger.paidSen - ledger.returnedSen !== (kept ? total : 0)) wrong.push(`${order.status}: paid ${ledger.paidSen} − returned ${ledger.returnedSen} ≠ ${kept ? total : 0}`);
    if (ledger.toReturnSen !== 0) wrong.push(`${ledger.toReturnSen} still to return`);
    if ((['paidSen', 'usedSen', 'returnedSen', 'toReturnSen'] as const).some((f) => order.money[f] !== ledger[f])) wrong.push(`the order page shows ${JSON.stringify(order.money)}`);

    const payments = await rows<{ id: string; provider_ref: string; amount_sen: number; returned: number; keys: number; returns: number }>(
      apis.a,
      sql`select p.id, p.provider_ref, p.amount_sen,
                 coalesce(sum(r.amount_sen) filter (where r.state = 'succeeded'), 0)::int as returned,
                 count(distinct r.idempotency_key)::int as keys, count(r.id)::int as returns
          from payments p left join payment_returns r on r.payment_id = p.id
          where p.order_no = ${orderNo} and p.state = 'succeeded' group by p.id`,
    );
    const atProvider = await rows<{ checkout_id: string; n: number }>(
      apis.a,
      sql`select checkout_id, sum(amount_sen)::int as n from sandbox_refunds where checkout_id in (select provider_ref from payments where order_no = ${orderNo}) group by checkout_id`,
    );
    for (const p of payments) {
      if (p.returned > p.amount_sen) wrong.push(`payment ${p.provider_ref}: ${p.returned} returned of ${p.amount_sen}`);
      if (p.keys !== p.returns) wrong.push(`payment ${p.provider_ref}: two returns with one idempotency key`);
      const sent = atProvider.find((c) => c.checkout_id === p.provider_ref)?.n ?? 0;
      if (sent !== p.returned) wrong.push(`payment ${p.provider_ref}: the provider paid back ${sent}, the ledger says ${p.returned}`);
    }
    return wrong.map((w) => `${orderNo} ${w}`);
  }

  test(`${ROUNDS} rounds of two tabs paying at once while the time-out runs: paid − returned is always the total (kept) or 0 (cancelled)`, { timeout: 240_000 }, async () => {
    const keys: string[] = [];
    for (let i = 0; i < ROUNDS + 3; i++) keys.push((await (i % 2 ? apis.b : apis.a).login(`017${String(i).padStart(7, '0')}`, { address: `61.${i}.1.1` })).userKey);
    const others = keys.slice(ROUNDS);
    const wrong: string[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const orderNo = await round(i, keys[i]!, others);
      wrong.push(...(await balances(orderNo, keys[i]!)));
      outcomes.push((await apis.a.request(FIND, { orderNo }, { userKey: keys[i] })).data.status);
    }
    expect(wrong).toEqual([]);
    // The rounds where the bank confirmed in time keep their order; those whose time was taken do not.
    expect(outcomes.filter((s, i) => i % 5 !== 4 && i % 4 < 2 && s !== 'UPCOMING')).toEqual([]);
    expect(outcomes.filter((s, i) => i % 5 === 4 && s !== 'CANCELLED')).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ledgerOf } from '../../server/modules/payments/ledger.ts';
import { curlecProvider, type CurlecProvider } from '../../server/providers/payment/curlec/provider.ts';
import { startCurlecDouble, type CurlecDouble, type CurlecWebhook } from './curlec-double.ts';
import { startApi, type TestApi } from './harness.ts';
import { ADD, FIND, installOrder, newKey, PAY, rows, SS15, SS2, WIPERS } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const WEBHOOK = '/api/payment/curlec/webhook';

/**
 * The money race of money-concurrency.test.ts with PAYMENT_PROVIDER=curlec: two app instances on
 * two connection pools over one PostgreSQL (two API processes behind a load balancer), each with
 * its own Curlec provider, both talking to one Curlec double over HTTP. Two links of one order
 * are paid (the first just before the second Pay tried to cancel it), and their webhooks arrive
 * at once through both processes while the time-out runs.
 */
describe.skipIf(!onPostgres)('money under concurrent Curlec payments through two API processes (needs PostgreSQL)', () => {
  const ROUNDS = 20;
  let double: CurlecDouble;
  let a: TestApi;
  let b: TestApi;
  const providers = new Map<TestApi, CurlecProvider>();

  beforeAll(async () => {
    double = await startCurlecDouble();
    // The shop runs on the test clock, the double on the real one: a link's expiry is moved by the difference.
    const shifted: typeof fetch = async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/v1/payment_links') && typeof init.body === 'string') {
        const body = JSON.parse(init.body) as { expire_by: number };
        body.expire_by += Math.ceil((Date.now() - a.now().getTime()) / 1000);
        return fetch(input, { ...init, body: JSON.stringify(body) });
      }
      return fetch(input, init);
    };
    const provider = () => curlecProvider({ keyId: double.keyId, keySecret: double.keySecret, webhookSecret: double.webhookSecret, apiBase: double.base, now: () => a.now(), fetch: shifted });
    const pa = provider();
    const pb = provider();
    a = await startApi({ provider: pa });
    b = await startApi({ provider: pb, beside: a });
    providers.set(a, pa).set(b, pb);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await double?.close();
  });
  beforeEach(() => a.reset());

  const deliver = (api: TestApi, hook: CurlecWebhook) => api.fetch(WEBHOOK, { method: 'POST', headers: hook.headers, body: hook.rawBody });
  const deliverAll = async (api: TestApi, hooks: CurlecWebhook[]) => {
    const replies: number[] = [];
    for (const hook of hooks) replies.push((await deliver(api, hook)).status);
    return replies;
  };

  /** Curlec says "pending" about every link while `work` runs (the bank is slow to confirm). */
  async function beforeTheBankConfirms<T>(api: TestApi, work: () => Promise<T>): Promise<T> {
    const asked = vi.spyOn(providers.get(api)!, 'paymentStatus').mockImplementation(async () => ({ state: 'pending', amountSen: 0, currency: 'MYR', eventId: null }));
    try {
      return await work();
    } finally {
      asked.mockRestore();
    }
  }

  /** Both processes' job workers until no job is left, each refund Curlec took settled by its webhook through either process. */
  async function runJobsUntilQuiet() {
    const settled = new Set<string>();
    for (let quiet = 0, tries = 0; quiet < 2 && tries < 30; tries++) {
      a.advance(6 * 60);
      const [ranA, ranB] = await Promise.all([a.runJobs(), b.runJobs()]);
      let ran = ranA + ranB;
      for (const refund of (await double.refunds.all()).filter((r) => r.status === 'pending' && !settled.has(r.id))) {
        settled.add(refund.id);
        expect((await deliver(tries % 2 ? a : b, await double.settleRefund(refund.id, 'processed'))).status).toBe(200);
        ran++;
      }
      quiet = ran === 0 ? quiet + 1 : 0;
    }
  }

  async function round(i: number, userKey: string, others: string[]) {
    const [first, second] = i % 2 ? [b, a] : [a, b];
    const timeout: TestApi = i % 4 < 2 ? second : first;
    const gone = i % 5 === 4;
    const bankSlow = i % 4 >= 2;
    const order = gone
      ? installOrder({ storeId: SS15, items: [WIPERS], appointment: { date: '2025-06-06', time: `${9 + Math.floor(i / 5)}:00`.padStart(5, '0') } })
      : installOrder({ storeId: SS2, items: [WIPERS], appointment: { date: i < ROUNDS / 2 ? '2025-06-04' : '2025-06-05', time: `${String(9 + Math.floor((i % 10) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}` } });
    const placed = await a.request(ADD, order, { userKey });
    expect(placed.code, placed.msg).toBe(200);
    const orderNo = placed.data.orderNo as string;

    // Tab 1 pays its link; tab 2's Pay finds it paid (so does not cancel it) and pays its own.
    const held: CurlecWebhook[][] = [];
    for (const [n, payMethod] of ['card', 'grabpay'].entries()) {
      const pay = await (n ? second : first).request(PAY, { orderNo, payMethod }, { userKey });
      expect(pay.code, pay.msg).toBe(200);
      held.push((await double.pay(new URL(pay.data.redirectUrl).pathname.split('/').at(-1)!, payMethod === 'card' ? { method: 'card' } : { method: 'wallet', wallet: 'grabpay' })).webhooks);
    }
    const [one, two] = Math.floor(i / 2) % 2 ? [held[1]!, held[0]!] : [held[0]!, held[1]!];
    a.advance(31 * 60);
    if (gone) {
      await beforeTheBankConfirms(first, () => first.runJobs());
      expect((await a.request(FIND, { orderNo }, { userKey })).data.status).toBe('CANCELLED');
      for (const theirs of others) {
        const taken = await second.request(ADD, { ...order, idempotencyKey: newKey() }, { userKey: theirs });
        expect(taken.code, taken.msg).toBe(200);
      }
    }
    const lag = bankSlow ? (Math.floor(i / 4) % 5) * 15 : 0;
    const later = <T>(send: () => Promise<T>) => new Promise<T>((done, fail) => setTimeout(() => send().then(done, fail), lag));
    const race = () => Promise.all([later(() => deliverAll(first, one)), later(() => deliverAll(second, two)), timeout.runJobs()]);
    const [repliesOne, repliesTwo] = bankSlow ? await beforeTheBankConfirms(timeout, race) : await race();
    expect([...repliesOne, ...repliesTwo].every((s) => s === 200)).toBe(true);
    await runJobsUntilQuiet();
    return orderNo;
  }

  async function balances(orderNo: string, userKey: string): Promise<string[]> {
    const wrong: string[] = [];
    const order = (await a.request(FIND, { orderNo }, { userKey })).data;
    const [placed] = await rows<{ id: string }>(a, sql`select id from orders where order_no = ${orderNo}`);
    const ledger = await ledgerOf(a.db, placed!.id);
    const total = order.totals.totalSen as number;
    const kept = order.status === 'UPCOMING';
    if (!kept && order.status !== 'CANCELLED') wrong.push(`status ${order.status}`);
    if (ledger.paidSen !== 2 * total) wrong.push(`paid ${ledger.paidSen} of two payments of ${total}`);
    if (ledger.paidSen - ledger.returnedSen !== (kept ? total : 0)) wrong.push(`${order.status}: paid ${ledger.paidSen} − returned ${ledger.returnedSen} ≠ ${kept ? total : 0}`);
    if (ledger.toReturnSen !== 0) wrong.push(`${ledger.toReturnSen} still to return`);
    if ((['paidSen', 'usedSen', 'returnedSen', 'toReturnSen'] as const).some((f) => order.money[f] !== ledger[f])) wrong.push(`the order page shows ${JSON.stringify(order.money)}`);
    const payments = await rows<{ provider_ref: string; amount_sen: number; returned: number; keys: number; returns: number }>(
      a,
      sql`select p.provider_ref, p.amount_sen,
                 coalesce(sum(r.amount_sen) filter (where r.state = 'succeeded'), 0)::int as returned,
                 count(distinct r.idempotency_key)::int as keys, count(r.id)::int as returns
          from payments p left join payment_returns r on r.payment_id = p.id
          where p.order_no = ${orderNo} and p.state = 'succeeded' group by p.id`,
    );
    for (const p of payments) {
      if (p.returned > p.amount_sen) wrong.push(`payment ${p.provider_ref}: ${p.returned} returned of ${p.amount_sen}`);
      if (p.keys !== p.returns) wrong.push(`payment ${p.provider_ref}: two returns with one idempotency key`);
      // What Curlec paid back against the payment that paid this link.
      const paidBy = new Set(((await double.links.get(p.provider_ref))?.payments ?? []).map((x: { payment_id: string }) => x.payment_id));
      const sent = (await double.refunds.all()).filter((r) => paidBy.has(r.payment_id) && r.status !== 'failed').reduce((s, r) => s + (r.amount as number), 0);
      if (sent !== p.returned) wrong.push(`payment ${p.provider_ref}: Curlec paid back ${sent}, the ledger says ${p.returned}`);
    }
    return wrong.map((w) => `${orderNo} ${w}`);
  }

  test(`${ROUNDS} rounds of two links paid at once while the time-out runs: paid − returned is always the total (kept) or 0 (cancelled)`, { timeout: 240_000 }, async () => {
    const keys: string[] = [];
    for (let i = 0; i < ROUNDS + 3; i++) keys.push((await (i % 2 ? b : a).login(`017${String(i).padStart(7, '0')}`, { address: `61.${i}.1.1` })).userKey);
    const others = keys.slice(ROUNDS);
    const wrong: string[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const orderNo = await round(i, keys[i]!, others);
      wrong.push(...(await balances(orderNo, keys[i]!)));
      outcomes.push((await a.request(FIND, { orderNo }, { userKey: keys[i] })).data.status);
    }
    expect(wrong).toEqual([]);
    expect(outcomes.filter((s, i) => i % 5 !== 4 && i % 4 < 2 && s !== 'UPCOMING')).toEqual([]);
    expect(outcomes.filter((s, i) => i % 5 === 4 && s !== 'CANCELLED')).toEqual([]);
  });
});

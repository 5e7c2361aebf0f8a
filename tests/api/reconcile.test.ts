import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { reconcileHandler, RECONCILE_JOB, scheduleReconcile } from '../../server/jobs/reconcile.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { DAY_MS, reconcileSince, reportText } from '../../server/modules/reconcile/service.ts';
import { startApi, type TestApi } from './harness.ts';
import { installOrder, placeAndStartPaying, postCallback, pressInSandbox, rows } from './order-fixtures.ts';
import { CANCEL, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys, type Keys } from './console-fixtures.ts';

/**
 * Reconciliation compares the shop's ledger with the sandbox's own books: a clean ledger after
 * payments, a refund and a surplus return has no difference; a ledger broken on purpose has
 * exactly the differences made.
 */

let api: TestApi;
let k: Keys;

beforeAll(async () => {
  scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  k = await staffKeys(api);
});

/** Wipers and a basic service installed at SS2. */
const TOTAL = 24_800;
const lastWeek = () => reconcileSince(api.db, api.payments, new Date(api.now().getTime() - 7 * DAY_MS));
const paymentsOf = (orderNo: string) =>
  rows<{ id: string; provider_ref: string; amount_sen: number }>(api, sql`select id, provider_ref, amount_sen from payments where order_no = ${orderNo} and state = 'succeeded' order by paid_at`);
const returnsOf = (orderNo: string) =>
  rows<{ id: string; provider_refund_ref: string; amount_sen: number }>(
    api,
    sql`select r.id, r.provider_refund_ref, r.amount_sen from payment_returns r join payments p on p.id = r.payment_id where p.order_no = ${orderNo}`,
  );

/** Three orders: paid after its cancel (returned by the job), paid and refunded in part, paid once. */
async function shopWithMoneyMoving(): Promise<{ cancelled: string; refunded: string; once: string }> {
  const late = await placeAndStartPaying(api, k.customer, installOrder());
  api.loseCallbacks(true);
  await pressInSandbox(api, late.redirectUrl);
  api.loseCallbacks(false);
  expect((await api.request(CANCEL, { orderNo: late.orderNo, reason: 'Found a closer workshop' }, { userKey: k.customer })).code).toBe(200);
  const { body, headers } = api.lostCallbacks[0]!;
  expect((await postCallback(api, body, headers['X-Sandbox-Signature'])).status).toBe(200);
  const cancelled = late.orderNo;
  await api.runJobs();
  await api.payments.idle();

  const refunded = await placeAndStartPaying(api, k.customer, installOrder({ appointment: { date: '2025-06-05', time: '10:00' } }));
  await pressInSandbox(api, refunded.redirectUrl);
  const asked = await api.request(REFUND, { orderNo: refunded.orderNo, reason: 'Changed my mind', contact: '0123456789' }, { userKey: k.customer });
  expect(asked.code, asked.msg).toBe(200);
  const approved = await api.request(C.review, { orderNo: refunded.orderNo, decision: 'approve', note: 'Part of it', amountSen: 10_000 }, { userKey: k.admin });
  expect(approved.code, approved.msg).toBe(200);
  await api.payments.idle();

  const once = await placeAndStartPaying(api, k.customer, installOrder({ appointment: { date: '2025-06-06', time: '10:00' } }));
  await pressInSandbox(api, once.redirectUrl);
  return { cancelled, refunded: refunded.orderNo, once: once.orderNo };
}

describe('reconciliation against the sandbox', () => {
  test('a clean ledger after payments, a refund and a surplus return has no difference', async () => {
    const { cancelled, refunded } = await shopWithMoneyMoving();
    expect((await returnsOf(cancelled)).map((r) => r.amount_sen)).toEqual([TOTAL]);
    expect((await returnsOf(refunded)).map((r) => r.amount_sen)).toEqual([10_000]);
    const report = await lastWeek();
    expect(report).toMatchObject({ provider: 'sandbox', payments: 3, refunds: 2, differences: [] });
  });

  test('a refund the provider failed, then sent again: both the failed request and the paid one agree with the ledger', async () => {
    const placed = await placeAndStartPaying(api, k.customer, installOrder());
    await pressInSandbox(api, placed.redirectUrl);
    const asked = await api.request(REFUND, { orderNo: placed.orderNo, reason: 'Changed my mind', contact: '0123456789' }, { userKey: k.customer });
    expect(asked.code, asked.msg).toBe(200);
    // The sandbox fails the first refund of an amount ending in 13 sen.
    const approved = await api.request(C.review, { orderNo: placed.orderNo, decision: 'approve', note: 'Part of it', amountSen: 10_013 }, { userKey: k.admin });
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    const retried = await api.request('/api/console/refunds/retry', { orderNo: placed.orderNo }, { userKey: k.admin });
    expect(retried.code, retried.msg).toBe(200);
    await api.payments.idle();
    expect((await returnsOf(placed.orderNo)).map((r) => r.amount_sen)).toEqual([10_013, 10_013]);
    expect(await lastWeek()).toMatchObject({ payments: 1, refunds: 2, differences: [] });
  });

  test('a refund the provider failed and staff paid outside it: listed as paid outside, not a difference', async () => {
    const placed = await placeAndStartPaying(api, k.customer, installOrder());
    await pressInSandbox(api, placed.redirectUrl);
    const asked = await api.request(REFUND, { orderNo: placed.orderNo, reason: 'Changed my mind', contact: '0123456789' }, { userKey: k.customer });
    expect(asked.code, asked.msg).toBe(200);
    // The sandbox fails the first refund of an amount ending in 13 sen.
    const approved = await api.request(C.review, { orderNo: placed.orderNo, decision: 'approve', note: 'Part of it', amountSen: 10_013 }, { userKey: k.admin });
    expect(approved.code, approved.msg).toBe(200);
    await api.payments.idle();
    const paid = await api.request('/api/console/refunds/manual', { orderNo: placed.orderNo, reference: 'IBG-20250602-0042', note: 'Bank transfer' }, { userKey: k.admin });
    expect(paid.code, paid.msg).toBe(200);

    const report = await lastWeek();
    expect(report).toMatchObject({ payments: 1, refunds: 1, differences: [], paidOutside: [`order ${placed.orderNo}, return IBG-20250602-0042: RM 100.13 paid outside the provider`] });
    expect(reportText(report)).toContain('no difference');
    expect(reportText(report)).toContain('paid outside the provider');
  });

  test('a ledger broken on purpose: exactly the differences made', async () => {
    const { cancelled, refunded, once } = await shopWithMoneyMoving();
    const [kept] = await paymentsOf(once);
    const [surplus] = await paymentsOf(cancelled);
    const [lost] = await returnsOf(cancelled);
    const [partRefund] = await paymentsOf(refunded);
    // A paid payment marked failed, a return deleted, an amount changed.
    await api.db.execute(sql`update payments set state = 'failed' where id = ${kept!.id}`);
    await api.db.execute(sql`delete from payment_returns where id = ${lost!.id}`);
    await api.db.execute(sql`update payments set amount_sen = 30000 where id = ${partRefund!.id}`);

    // The lost return is owed again by the ledger (the job sends it), so no order is said to keep money.
    const { differences } = await lastWeek();
    expect(differences.sort()).toEqual(
      [
        `order ${once}, payment ${kept!.provider_ref}: the provider took RM 248.00, the shop has it failed`,
        `refund ${lost!.provider_refund_ref} of payment ${surplus!.provider_ref}: the provider returned RM 248.00 the shop does not know`,
        `order ${refunded}, payment ${partRefund!.provider_ref}: the shop counts RM 300.00, the provider took RM 248.00`,
      ].sort(),
    );
  });

  test('the daily job logs the report and keeps it in the next day’s job, one job a day however many servers schedule it', async () => {
    const { once } = await shopWithMoneyMoving();
    const [kept] = await paymentsOf(once);
    await api.db.execute(sql`update payments set state = 'failed' where id = ${kept!.id}`);
    await scheduleReconcile(api.db, api.now());
    await scheduleReconcile(api.db, api.now());
    const jobsOf = () => rows<{ key: string; run_at: string; payload: Record<string, any> }>(api, sql`select key, to_char(run_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as run_at, payload from jobs where kind = ${RECONCILE_JOB} order by run_at`);
    // 10:00 in Kuala Lumpur on 2 June: the next run is 03:00 on 3 June.
    expect(await jobsOf()).toEqual([{ key: `${RECONCILE_JOB}:2025-06-03`, run_at: '2025-06-02 19:00', payload: {} }]);

    const lines: string[] = [];
    const at = new Date('2025-06-02T19:00:00Z');
    // The shop's other jobs are done; this one runs as the worker runs it, in the job's transaction: on the embedded database, with its one
    // connection, a report read on another connection inside it would wait for ever.
    await api.db.execute(sql`update jobs set done_at = now() where kind <> ${RECONCILE_JOB}`);
    expect(await runDueJobs(api.db, { [RECONCILE_JOB]: reconcileHandler({ db: api.db, payments: api.payments, log: (line) => lines.push(line) }) }, at)).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('1 difference(s)');
    expect(lines[0]).toContain(`order ${once}, payment ${kept!.provider_ref}: the provider took RM 248.00, the shop has it failed`);
    const next = (await jobsOf()).at(-1)!;
    expect(next).toMatchObject({ key: `${RECONCILE_JOB}:2025-06-04`, run_at: '2025-06-03 19:00', payload: { lastReport: { provider: 'sandbox', differences: [expect.stringContaining(kept!.provider_ref)] } } });
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { mailOrder, rows } from './order-fixtures.ts';
import { paidOrder, REFUND, scratchDataDir } from './my-orders-fixtures.ts';
import { C, staffKeys } from './console-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 20;

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('Refund review through two API processes at once (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses(scratchDataDir);

  test(`a refund approved twice at once is paid once: one provider refund, one REVIEWED (${ROUNDS} rounds)`, async () => {
    const k = await staffKeys(apis.a);
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const orderNo = await paidOrder(apis.a, k.customer, mailOrder());
      const asked = await apis.a.request(REFUND, { orderNo, reason: 'Not needed', contact: '0123456789' }, { userKey: k.customer });
      expect(asked.code, asked.msg).toBe(200);
      const answers = await Promise.all([
        apis.a.request(C.review, { orderNo, decision: 'approve', note: 'ok' }, { userKey: k.admin }),
        apis.b.request(C.review, { orderNo, decision: 'approve', note: 'ok' }, { userKey: k.admin }),
      ]);
      await Promise.all([apis.a.payments.idle(), apis.b.payments.idle()]);
      const codes = answers.map((r) => r.code).sort();
      if (codes.join() !== '200,807') failures.push(`round ${round}: ${codes.join('/')}`);
      const [facts] = await rows<{ paid: number; reviewed: number; status: string; order_status: string; audits: number }>(
        apis.a,
        sql`select
              (select count(*)::int from sandbox_refunds s join refunds r on s.refund_id = r.id::text join orders o on o.id = r.order_id where o.order_no = ${orderNo}) as paid,
              (select count(*)::int from refund_history h join refunds r on h.refund_id = r.id join orders o on o.id = r.order_id where o.order_no = ${orderNo} and h.status = 'REVIEWED') as reviewed,
              (select r.status from refunds r join orders o on o.id = r.order_id where o.order_no = ${orderNo}) as status,
              (select status from orders where order_no = ${orderNo}) as order_status,
              (select count(*)::int from audit_log where order_no = ${orderNo}) as audits`,
      );
      if (facts!.paid !== 1 || facts!.reviewed !== 1 || facts!.status !== 'COMPLETED' || facts!.order_status !== 'REFUNDED' || facts!.audits !== 1) {
        failures.push(`round ${round}: ${JSON.stringify(facts)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { mailOrder, placeAndStartPaying, postCallback, pressInSandbox, rows } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const CUSTOMERS = 10;
const ORDERS_EACH = 5;

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('invoice numbers under concurrent payments through two API processes (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses();

  test('50 payments confirmed at once, half through each process, ten of them failing after their number was taken: invoices INV-000001 … INV-000050, one per order, none missing or twice', async () => {
    const { a, b } = apis;
    // Five unpaid orders at most per customer: ten customers, each from its own network.
    const keys = await Promise.all(Array.from({ length: CUSTOMERS }, (_, i) => a.login(`01234500${String(i).padStart(2, '0')}`, { address: `10.1.0.${i + 1}` })));
    a.loseCallbacks(true);
    const orderNos: string[] = [];
    for (const { userKey } of keys) {
      for (let n = 0; n < ORDERS_EACH; n++) {
        const { orderNo, redirectUrl } = await placeAndStartPaying(a, userKey, mailOrder());
        await pressInSandbox(a, redirectUrl, 'pay');
        orderNos.push(orderNo);
      }
    }
    a.loseCallbacks(false);
    const held = a.lostCallbacks.splice(0);
    expect(held).toHaveLength(CUSTOMERS * ORDERS_EACH);

    // Every fifth payment's transaction fails at its last step, after its invoice took a number.
    const doomed = orderNos.filter((_, i) => i % 5 === 2);
    await a.db.execute(sql.raw(`
      create function invoice_test_doom() returns trigger language plpgsql as $$
      begin raise exception 'the database went away'; end $$;
      create trigger invoice_test_doom before update on payments for each row
        when (new.state = 'succeeded' and new.order_no in (${doomed.map((n) => `'${n}'`).join(', ')}))
        execute function invoice_test_doom();`));
    try {
      const answers = await Promise.all(held.map((cb, i) => postCallback(i % 2 ? b : a, cb.body, cb.headers['X-Sandbox-Signature'])));
      const failed = held.filter((cb) => doomed.some((n) => cb.body.includes(n)));
      expect(failed).toHaveLength(doomed.length);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(held.length - doomed.length);
      expect(await rows(a, sql`select count(*)::int as n from invoices`)).toEqual([{ n: held.length - doomed.length }]);
      await a.db.execute(sql`drop trigger invoice_test_doom on payments`);
      // The provider sends them again: they take the numbers the failed ones gave back.
      const again = await Promise.all(failed.map((cb, i) => postCallback(i % 2 ? a : b, cb.body, cb.headers['X-Sandbox-Signature'])));
      expect(again.map((r) => r.status)).toEqual(failed.map(() => 200));
    } finally {
      await a.db.execute(sql`drop trigger if exists invoice_test_doom on payments`);
      await a.db.execute(sql`drop function if exists invoice_test_doom()`);
    }

    const issued = await rows<{ invoice_no: string; order_no: string; status: string }>(
      a,
      sql`select i.invoice_no, i.order_no, o.status from invoices i join orders o on o.id = i.order_id order by i.invoice_no`,
    );
    expect(issued.map((r) => r.invoice_no)).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`));
    expect(issued.map((r) => r.order_no).sort()).toEqual([...orderNos].sort());
    expect(new Set(issued.map((r) => r.status))).toEqual(new Set(['UPCOMING']));
    expect(await rows(a, sql`select last from document_counters where series = 'invoice'`)).toEqual([{ last: 50 }]);
  }, 300_000);
});

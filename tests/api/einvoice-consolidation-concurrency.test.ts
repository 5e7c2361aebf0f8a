import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { ADMIN_PHONE, staffKeys } from './console-fixtures.ts';
import { consolidated, E, runConsolidationJob, submissions } from './einvoice-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { mailOrder, rows } from './order-fixtures.ts';
import { moveTo } from './reminder-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ORDERS = 10;
const BATCH = 4;

// Two app instances on two connection pools, as two API processes each running the hourly job.
describe.skipIf(!onPostgres)("a month's consolidation run by two processes at once (needs PostgreSQL: PGlite runs one transaction at a time)", () => {
  const apis = twoApiProcesses(scratchDataDir);

  async function june() {
    const { a } = apis;
    const k = await staffKeys(a);
    const orderNos: string[] = [];
    for (let i = 0; i < ORDERS; i++) orderNos.push(await paidOrder(a, k.customer, mailOrder()));
    return { k, orderNos };
  }

  async function eachOrderOnce(orderNos: string[]) {
    const covered = await rows<{ order_no: string; n: number }>(apis.a, sql`select order_no, count(*)::int as n from einvoice_receipts group by order_no order by order_no`);
    expect(covered.map((r) => r.order_no)).toEqual([...orderNos].sort());
    expect(covered.every((r) => r.n === 1)).toBe(true);
  }

  test('the job in both processes at the same moment, five times over, in batches of four: CONS-2025-06, -2 and -3 once each, each order in one of them, one submission each', async () => {
    const { a, b } = apis;
    const { orderNos } = await june();
    moveTo(a, '2025-07-01', '00:05');
    for (let round = 0; round < 5; round++) await Promise.all([runConsolidationJob(a, BATCH), runConsolidationJob(b, BATCH)]);
    const docs = await consolidated(a);
    expect(docs.map((d) => d.document_no)).toEqual(['CONS-2025-06', 'CONS-2025-06-2', 'CONS-2025-06-3']);
    expect(docs.map((d) => d.claim_key)).toEqual(['consolidated:2025-06:1', 'consolidated:2025-06:2', 'consolidated:2025-06:3']);
    const sizes = await rows<{ n: number }>(a, sql`select count(*)::int as n from einvoice_receipts group by document_id order by n desc`);
    expect(sizes.map((s) => s.n)).toEqual([4, 4, 2]);
    await eachOrderOnce(orderNos);
    expect((await submissions(a)).map((s) => s.payload.documentId).sort()).toEqual(docs.map((d) => d.id).sort());
  }, 300_000);

  test('two admins press Consolidate at once, one through each process: one document, the other told it is done', async () => {
    const { a, b } = apis;
    const { orderNos } = await june();
    moveTo(a, '2025-07-02', '10:00');
    // A month on, the admin logs in again.
    const admin = (await a.login(ADMIN_PHONE.replace(/[\s-]/g, ''), { address: '10.0.0.1' })).userKey;
    const answers = await Promise.all([a.request(E.consolidate, { month: '2025-06' }, { userKey: admin }), b.request(E.consolidate, { month: '2025-06' }, { userKey: admin })]);
    expect(answers.map((r) => r.code).sort()).toEqual([200, 807]);
    expect(answers.find((r) => r.code === 807)!.msg).toMatch(/already/);
    expect((await consolidated(a)).map((d) => d.document_no)).toEqual(['CONS-2025-06']);
    await eachOrderOnce(orderNos);
    expect(await submissions(a)).toHaveLength(1);
  }, 300_000);
});

import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { mailOrder, rows } from './order-fixtures.ts';
import { paidOrder, scratchDataDir } from './my-orders-fixtures.ts';
import { staffKeys } from './console-fixtures.ts';
import { business, individual, requestEinvoice } from './einvoice-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 10;

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('e-Invoice requests through two API processes at once (needs PostgreSQL)', () => {
  const apis = twoApiProcesses(scratchDataDir);

  test(`one order asked twice at once: one document, one submission job; the other told it exists (${ROUNDS} rounds)`, async () => {
    const k = await staffKeys(apis.a);
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const orderNo = await paidOrder(apis.a, k.customer, mailOrder());
      const answers = await Promise.all([requestEinvoice(apis.a, k.customer, orderNo, individual()), requestEinvoice(apis.b, k.customer, orderNo, business())]);
      const codes = answers.map((a) => a.code).sort();
      if (codes.join() !== '200,807') failures.push(`round ${round}: ${codes.join('/')}`);
      const [facts] = await rows<{ documents: number; jobs: number }>(
        apis.a,
        sql`select
              (select count(*)::int from einvoice_documents d join einvoice_receipts r on r.document_id = d.id where r.order_no = ${orderNo}) as documents,
              (select count(*)::int from jobs j join einvoice_documents d on j.payload->>'documentId' = d.id::text join einvoice_receipts r on r.document_id = d.id where r.order_no = ${orderNo}) as jobs`,
      );
      if (facts!.documents !== 1 || facts!.jobs !== 1) failures.push(`round ${round}: ${JSON.stringify(facts)}`);
    }
    expect(failures).toEqual([]);
  });
});

import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrations, migrationsBefore } from './migrations-before.ts';
import type { Db } from '../../server/db/client.ts';
import { issueInvoice } from '../../server/modules/invoices/service.ts';



const order = (id: string, no: string, status: string, paidAt: string | null) => `
  insert into orders (id, order_no, customer_id, status, method, car, car_plate, contact, parts_sen, labour_sen, service_tax_sen, goods_sen,
    delivery_fee_sen, discount_sen, total_sen, paid_sen, paid_at, language, idempotency_key, request_hash, created_at, updated_at)
  values ('${id}', '${no}', '00000000-0000-4000-8000-00000000000c', '${status}', 'install',
    '{"variantId":"v","brand":"Perodua","model":"Myvi","variant":"1.5","sizeClass":"B"}', 'WXY 1', '{"name":"Aminah","phone":"+60123456789"}',
    0, 10000, 800, 10800, 0, 0, 10800, ${paidAt ? 10800 : 0}, ${paidAt ? `'${paidAt}'` : 'null'}, 'en', 'key-${no}', 'hash', '2025-05-01T00:00:00Z', '2025-05-01T00:00:00Z');`;

describe('upgrading a database with orders paid and refunds completed before invoices', () => {
  const client = new PGlite();
  const db = drizzle(client);
  let before: string;
  const rows = async (query: string) => (await client.query<Record<string, unknown>>(query)).rows;
  const A = '00000000-0000-4000-8000-0000000000a1';
  const B = '00000000-0000-4000-8000-0000000000b1';
  const C = '00000000-0000-4000-8000-0000000000c1';

  beforeAll(async () => {
    before = migrationsBefore('0016_invoices');
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      ${order(A, 'SA-A', 'REFUNDED', '2025-05-02T03:00:00Z')}
      ${order(B, 'SA-B', 'COMPLETED', '2025-05-01T03:00:00Z')}
      ${order(C, 'SA-C', 'PENDING_PAYMENT', null)}
      insert into payments (id, order_id, order_no, provider, provider_ref, method, amount_sen, currency, state, refund_due, created_at, updated_at, paid_at) values
        ('00000000-0000-4000-8000-0000000000f1', '${A}', 'SA-A', 'sandbox', 'cs_1', 'card', 10800, 'MYR', 'succeeded', false, '2025-05-02T02:59:00Z', '2025-05-02T03:00:00Z', '2025-05-02T03:00:00Z'),
        ('00000000-0000-4000-8000-0000000000f2', '${A}', 'SA-A', 'sandbox', 'cs_2', 'card', 10800, 'MYR', 'succeeded', true, '2025-05-02T02:59:30Z', '2025-05-02T03:01:00Z', '2025-05-02T03:01:00Z');
      insert into refunds (order_id, seq, customer_id, status, requested_sen, amount_sen, reason, contact, created_at, updated_at, completed_at) values
        ('${A}', 1, '00000000-0000-4000-8000-00000000000c', 'COMPLETED', 1000, 1000, 'Late', '0123456789', '2025-05-03T00:00:00Z', '2025-05-04T00:00:00Z', '2025-05-04T00:00:00Z');
    `);
    await migrate(db, { migrationsFolder: migrations });
  });
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  test('each paid order gets an invoice in the order it was paid, naming its own payment; each completed refund a credit note', async () => {
    expect(await rows(`select invoice_no, order_no, payment_id, issued_at from invoices order by invoice_no`)).toEqual([
      { invoice_no: 'INV-000001', order_no: 'SA-B', payment_id: null, issued_at: new Date('2025-05-01T03:00:00Z') },
      { invoice_no: 'INV-000002', order_no: 'SA-A', payment_id: '00000000-0000-4000-8000-0000000000f1', issued_at: new Date('2025-05-02T03:00:00Z') },
    ]);
    expect(await rows(`select credit_note_no, invoice_no, refund_no, amount_sen, service_tax_sen from credit_notes`)).toEqual([
      { credit_note_no: 'CN-000001', invoice_no: 'INV-000002', refund_no: 'SA-A-R1', amount_sen: 1000, service_tax_sen: 74 },
    ]);
  });

  test('the series go on from there', async () => {
    const next = await db.transaction((tx) => issueInvoice(tx as unknown as Db, { id: C, orderNo: 'SA-C' }, null, new Date('2025-06-01T00:00:00Z')));
    expect(next.invoiceNo).toBe('INV-000003');
    expect(await rows(`select series, last from document_counters order by series`)).toEqual([
      { series: 'credit-note', last: 1 },
      { series: 'invoice', last: 3 },
    ]);
  });
});

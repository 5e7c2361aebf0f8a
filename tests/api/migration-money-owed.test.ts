import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrations, migrationsBefore } from './migrations-before.ts';
import type { Db } from '../../server/db/client.ts';
import { ledgersOf, paidAtOf } from '../../server/modules/payments/ledger.ts';
import type { StaffRow } from '../../server/modules/staff/service.ts';
import { dashboard } from '../../server/queries/dashboard.ts';
import type { ReadContext } from '../../server/queries/context.ts';



const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const customer = id(999);

/** An order as it was: its own paid moment beside its payments (`totalSen` 0: a coupon paid it all as it was placed). */
const order = (n: number, status: string, paidAt: string | null, totalSen = 10_800) => `
  insert into orders (id, order_no, customer_id, status, method, store_id, car, car_plate, contact, parts_sen, labour_sen, service_tax_sen, goods_sen,
    delivery_fee_sen, discount_sen, total_sen, paid_at, language, idempotency_key, request_hash, created_at, updated_at)
  values ('${id(n)}', 'SA-${n}', '${customer}', '${status}', 'install', 'ss2',
    '{"variantId":"v","brand":"Perodua","model":"Myvi","variant":"1.5","sizeClass":"B"}', 'WXY 1', '{"name":"Aminah","phone":"+60123456789"}',
    0, 10000, 800, 10800, 0, ${10_800 - totalSen}, ${totalSen}, ${paidAt ? `'${paidAt}'` : 'null'}, 'en', 'key-${n}', 'hash', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z');`;
const payment = (n: number, orderN: number, paidAt: string, refundDue = false) => `
  insert into payments (id, order_id, order_no, provider, provider_ref, method, amount_sen, currency, state, refund_due, created_at, updated_at, paid_at)
  values ('${id(n)}', '${id(orderN)}', 'SA-${orderN}', 'sandbox', 'cs_${n}', 'card', 10800, 'MYR', 'succeeded', ${refundDue}, '${paidAt}', '${paidAt}', '${paidAt}');`;
const refund = (n: number, orderN: number, status: string, amountSen: number, completedAt: string | null = null) => `
  insert into refunds (id, order_id, seq, customer_id, status, requested_sen, amount_sen, reason, contact, created_at, updated_at, decided_at, completed_at)
  values ('${id(n)}', '${id(orderN)}', ${n % 10}, '${customer}', '${status}', ${amountSen}, ${amountSen}, 'Changed my mind', '0123456789',
    '2026-11-05T00:00:00Z', '2026-11-06T00:00:00Z', ${status === 'PENDING_REVIEW' ? 'null' : "'2026-11-06T00:00:00Z'"}, ${completedAt ? `'${completedAt}'` : 'null'});`;
const back = (n: number, orderN: number, paymentN: number, refundN: number | null, amountSen: number, state: string, updatedAt: string) => `
  insert into payment_returns (id, order_id, payment_id, refund_id, amount_sen, state, idempotency_key, created_at, updated_at)
  values ('${id(n)}', '${id(orderN)}', '${id(paymentN)}', ${refundN ? `'${id(refundN)}'` : 'null'}, ${amountSen}, '${state}', 'key-${n}', '2026-11-07T00:00:00Z', '${updatedAt}');`;

describe('upgrading a database with paid, part-refunded, refunded and owed orders to money owed in the ledger', () => {
  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  let before: string;
  let paidBefore: Record<number, Date | null>;

  beforeAll(async () => {
    before = migrationsBefore('money_owed');
    await migrate(drizzle(client), { migrationsFolder: before });
    await client.exec(`
      -- 1 paid, with a request not yet reviewed; 2 part-refunded; 3 refunded in full (completed at 23:30 in KL,
      -- its return last touched after midnight); 4 approved and on its way back; 5 approved, its payout failed;
      -- 6 paid twice, the second payment returned unasked; 7 paid in full by a coupon; 8 not paid; 9 paid
      -- after the customer cancelled it (the money returned, the order never paid).
      ${order(1, 'COMPLETED', '2026-11-02T03:00:00Z')} ${payment(11, 1, '2026-11-02T03:00:00Z')} ${refund(101, 1, 'PENDING_REVIEW', 1000)}
      ${order(2, 'COMPLETED', '2026-11-02T04:00:00Z')} ${payment(12, 2, '2026-11-02T04:00:00Z')} ${refund(102, 2, 'COMPLETED', 3000, '2026-11-10T01:00:00Z')}
        ${back(202, 2, 12, 102, 3000, 'succeeded', '2026-11-10T01:00:00Z')}
      ${order(3, 'REFUNDED', '2026-11-03T04:00:00Z')} ${payment(13, 3, '2026-11-03T04:00:00Z')} ${refund(103, 3, 'COMPLETED', 10800, '2026-11-12T15:30:00Z')}
        ${back(203, 3, 13, 103, 10800, 'succeeded', '2026-11-12T16:30:00Z')}
      ${order(4, 'UPCOMING', '2026-11-03T05:00:00Z')} ${payment(14, 4, '2026-11-03T05:00:00Z')} ${refund(104, 4, 'PROCESSING', 4000)}
        ${back(204, 4, 14, 104, 4000, 'sending', '2026-11-07T00:00:00Z')}
      ${order(5, 'UPCOMING', '2026-11-04T05:00:00Z')} ${payment(15, 5, '2026-11-04T05:00:00Z')} ${refund(105, 5, 'FAILED', 5000)}
        ${back(205, 5, 15, 105, 5000, 'failed', '2026-11-07T00:00:00Z')}
      ${order(6, 'UPCOMING', '2026-11-04T06:00:00Z')} ${payment(16, 6, '2026-11-04T06:00:00Z')} ${payment(26, 6, '2026-11-04T06:01:00Z', true)}
        ${back(206, 6, 26, null, 10800, 'succeeded', '2026-11-11T00:00:00Z')}
      ${order(7, 'UPCOMING', '2026-11-01T00:00:00Z', 0)}
      ${order(8, 'PENDING_PAYMENT', null)}
      ${order(9, 'CANCELLED', null)} ${payment(19, 9, '2026-11-05T06:00:00Z', true)}
    `);
    paidBefore = Object.fromEntries(
      (await client.query<{ n: number; paid_at: Date | null }>(`select right(id::text, 1)::int as n, paid_at from orders order by 1`)).rows.map((r) => [r.n, r.paid_at]),
    );
    await migrate(drizzle(client), { migrationsFolder: migrations });
  });
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  test('every order keeps the money figures it had: paid, used, returned and still to return', async () => {
    const ledgers = await ledgersOf(db, [1, 2, 3, 4, 5, 6].map(id));
    expect(Object.fromEntries([...ledgers].map(([orderId, l]) => [Number(orderId.slice(-12)), l]))).toEqual({
      1: { paidSen: 10_800, usedSen: 10_800, returnedSen: 0, toReturnSen: 0 },
      2: { paidSen: 10_800, usedSen: 7800, returnedSen: 3000, toReturnSen: 0 },
      3: { paidSen: 10_800, usedSen: 0, returnedSen: 10_800, toReturnSen: 0 },
      4: { paidSen: 10_800, usedSen: 6800, returnedSen: 0, toReturnSen: 4000 },
      5: { paidSen: 10_800, usedSen: 5800, returnedSen: 0, toReturnSen: 5000 },
      6: { paidSen: 21_600, usedSen: 10_800, returnedSen: 10_800, toReturnSen: 0 },
    });
  });

  test('each order was paid when it says it was, now read from its ledger; the order keeps no paid moment of its own', async () => {
    const orders = (await client.query<{ id: string; total_sen: number; created_at: Date }>(`select id, total_sen, created_at from orders`)).rows;
    const paid = await paidAtOf(db, orders.map((o) => ({ id: o.id, totalSen: o.total_sen, createdAt: o.created_at })));
    expect(Object.fromEntries([...paid].map(([orderId, at]) => [Number(orderId.slice(-1)), at]))).toEqual(paidBefore);
    expect(paidBefore[8]).toBeNull();
    expect(paidBefore[9]).toBeNull();
    const columns = await client.query(`select 1 from information_schema.columns where table_name = 'orders' and column_name = 'paid_at'`);
    expect(columns.rows).toEqual([]);
  });

  test('the dashboard counts the same money taken and refunded, on the same days', async () => {
    const ctx = { db, now: () => new Date('2026-11-20T04:00:00Z'), indexes: { workshops: [] } } as unknown as ReadContext;
    const seen = await dashboard(ctx, { role: 'admin' } as StaffRow, 60);
    const busy = seen.days.filter((d) => d.orders || d.revenueSen || d.refundedSen);
    expect(busy).toEqual([
      { date: '2026-11-02', orders: 2, revenueSen: 21_600, refundedSen: 0 },
      { date: '2026-11-03', orders: 2, revenueSen: 21_600, refundedSen: 0 },
      { date: '2026-11-04', orders: 2, revenueSen: 21_600, refundedSen: 0 },
      { date: '2026-11-10', orders: 0, revenueSen: 0, refundedSen: 3000 },
      { date: '2026-11-12', orders: 0, revenueSen: 0, refundedSen: 10_800 },
    ]);
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { staffKeys } from './console-fixtures.ts';
import { rows } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const SKU = 'tyre-michelin-energy-xm2-plus@185/55R15';
const KEPONG = 'kuala-lumpur-kepong-tyre-battery';
const SS2 = 'petaling-jaya-ss2-tyre-auto';

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('Stock changed through two API processes at once (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses();

  test('transfers both ways, counts and receipts at once: no count below what orders hold, none lost, every count the sum of its movements', async () => {
    const k = await staffKeys(apis.a);
    await apis.a.db.execute(sql`update stock_levels set reserved = 2 where location = ${KEPONG} and sku = ${SKU}`);
    const calls = [];
    for (let i = 0; i < 20; i++) {
      const [one, other] = i % 2 ? [apis.a, apis.b] : [apis.b, apis.a];
      calls.push(one.request('/api/console/stock/transfer', { from: 'warehouse', to: KEPONG, sku: SKU, dot: '0525', quantity: 3 }, { userKey: k.admin }));
      calls.push(other.request('/api/console/stock/transfer', { from: KEPONG, to: 'warehouse', sku: SKU, dot: '0525', quantity: 2 }, { userKey: k.admin }));
      calls.push(one.request('/api/console/stock/transfer', { from: 'warehouse', to: SS2, sku: SKU, dot: '0525', quantity: 1 }, { userKey: k.admin }));
      calls.push(other.request('/api/console/stock/adjust', { location: KEPONG, sku: SKU, dot: '0125', onHand: i % 4, reason: 'Counted' }, { userKey: k.admin }));
      calls.push(one.request('/api/console/stock/receive', { location: KEPONG, sku: SKU, dot: '0525', quantity: 1 }, { userKey: k.admin }));
    }
    const answers = await Promise.all(calls);
    expect(answers.filter((r) => ![200, 807].includes(r.code)).map((r) => r.msg)).toEqual([]);
    const levels = await rows<{ location: string; dot: string; on_hand: number; reserved: number; moved: number }>(
      apis.a,
      sql`select l.location, l.dot, l.on_hand, l.reserved,
            (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.location = l.location and m.sku = l.sku and m.dot = l.dot and m.kind in ('receipt', 'adjustment', 'transfer', 'sale')) moved
          from stock_levels l where l.sku = ${SKU} and l.location in ('warehouse', ${KEPONG}, ${SS2}) order by l.location, l.dot`,
    );
    for (const l of levels) expect(l.moved, `${l.location} ${l.dot}`).toBe(l.on_hand);
    // The 0525 batch: 20 at the warehouse, plus every receipt taken; transfers only move it.
    const received = answers.filter((r, i) => i % 5 === 4 && r.code === 200).length;
    expect(levels.filter((l) => l.dot === '0525').reduce((n, l) => n + l.on_hand, 0)).toBe(20 + received);
    // Counts of 0 and 1 were refused: the 2 held by orders stayed.
    const held = levels.find((l) => l.location === KEPONG && l.dot === '0125')!;
    expect([held.reserved, held.on_hand >= 2]).toEqual([2, true]);
    expect(answers.filter((r, i) => i % 5 === 3 && r.code === 807).length).toBe(10);
  }, 120_000);
});

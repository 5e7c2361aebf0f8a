import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { twoApiProcesses } from './harness.ts';
import { ADD, installOrder, rows, SS2 } from './order-fixtures.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const XM2 = 'tyre-michelin-energy-xm2-plus';
const SKU = `${XM2}@185/55R15`;
const AXIA = 'perodua-axia-1.0-av-2023';

// Two app instances on two connection pools, as two API processes behind a load balancer.
describe.skipIf(!onPostgres)('Orders reserving the last units through two API processes at once (needs PostgreSQL: PGlite runs one transaction at a time)', () => {
  const apis = twoApiProcesses();

  test('20 customers order the last 4 tyres of a size: 4 orders reserve them, the rest are refused with 807; no count below zero', async () => {
    // Only 4 anywhere: SS2's batch, nothing at the warehouse or any other workshop.
    await apis.a.db.execute(sql`update stock_levels set on_hand = case when location = ${SS2} then 4 else 0 end where sku = ${SKU}`);
    const keys = [];
    for (let i = 0; i < 20; i++) keys.push((await apis.a.login(`017${String(1_000_000 + i)}`, { address: `10.1.0.${i + 1}` })).userKey);
    // Each at a time of its own (two dates, ten half hours), so only the stock decides.
    const answers = await Promise.all(
      keys.map((userKey, i) => {
        const minute = 9 * 60 + 30 * Math.floor(i / 2);
        const appointment = { date: i % 2 ? '2025-06-05' : '2025-06-04', time: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}` };
        const api = i % 2 ? apis.a : apis.b;
        return api.request(ADD, installOrder({ variantId: AXIA, items: [{ productId: XM2, quantity: 1, options: { tyreSize: '185/55R15' } }], appointment }), { userKey });
      }),
    );
    expect(answers.filter((r) => r.code !== 200 && r.code !== 807).map((r) => r.msg)).toEqual([]);
    expect(answers.filter((r) => r.code === 200)).toHaveLength(4);
    const refused = answers.filter((r) => r.code === 807);
    expect(refused).toHaveLength(16);
    for (const r of refused) expect(r).toMatchObject({ msg: 'Michelin Energy XM2+ tyre 185/55R15 is out of stock.', data: { field: 'items.0.quantity', available: 0 } });

    const [level] = await rows<{ on_hand: number; reserved: number }>(apis.a, sql`select on_hand, reserved from stock_levels where location = ${SS2} and sku = ${SKU}`);
    expect(level).toEqual({ on_hand: 4, reserved: 4 });
    expect(await rows(apis.a, sql`select location, sku, dot from stock_levels where on_hand < 0 or reserved < 0 or reserved > on_hand`)).toEqual([]);
    const [held] = await rows<{ units: number; orders: number }>(apis.a, sql`select coalesce(sum(quantity), 0)::int units, count(distinct order_id)::int orders from stock_holds where state = 'held' and sku = ${SKU}`);
    expect(held).toEqual({ units: 4, orders: 4 });
    const [placed] = await rows<{ n: number }>(apis.a, sql`select count(*)::int n from orders`);
    expect(placed!.n).toBe(4);
    // Every batch's reserved count is what orders hold in it.
    expect(
      await rows(
        apis.a,
        sql`select l.location, l.sku, l.dot from stock_levels l
            where l.reserved <> coalesce((select sum(h.quantity) from stock_holds h where h.state = 'held' and h.location = l.location and h.sku = l.sku and h.dot = l.dot), 0)`,
      ),
    ).toEqual([]);
  }, 120_000);
});

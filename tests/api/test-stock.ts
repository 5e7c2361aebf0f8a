import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';

/**
 * The API tests' stock: the demo stock, but deep enough for the tests that place many orders
 * at once: at the two workshops most tests book (SS2 and SS15) 500 of every sku the warehouse
 * has, so orders placed on the first date offered reserve at the workshop, and 500 of each at
 * the warehouse. The Michelin Energy XM2+ sizes and the dash cam keep the demo's counts (the
 * stock tests count them), and the other workshops the demo's shares.
 */
export const TEST_STOCK_WORKSHOPS = ['petaling-jaya-ss2-tyre-auto', 'subang-jaya-ss15-tyre-battery'];
const UNITS = 500;
const KEPT = 'tyre-michelin-energy-xm2-plus';
const CAM = 'dashcam-70mai-m300';

export async function topUpTestStock(db: Db): Promise<void> {
  const places = sql.join(
    TEST_STOCK_WORKSHOPS.map((w) => sql`(${w})`),
    sql`, `,
  );
  const kept = `${KEPT}@%`;
  for (const table of ['stock_movements', 'stock_levels']) {
    await db.execute(sql`delete from ${sql.raw(table)} where location in (${sql.join(TEST_STOCK_WORKSHOPS.map((w) => sql`${w}`), sql`, `)}) and sku not like ${kept}`);
  }
  await db.execute(sql`update stock_levels set on_hand = ${UNITS} where location = 'warehouse' and sku not like ${kept} and sku <> ${CAM}`);
  await db.execute(
    sql`update stock_movements set quantity = ${UNITS}, on_hand_after = ${UNITS} where location = 'warehouse' and kind = 'receipt' and sku not like ${kept} and sku <> ${CAM}`,
  );
  await db.execute(sql`
    with added as (
      insert into stock_levels (location, sku, dot, on_hand, reserved, updated_at)
      select p.location, l.sku, l.dot, ${UNITS}, 0, l.updated_at
      from stock_levels l cross join (values ${places}) as p (location)
      where l.location = 'warehouse' and l.sku not like ${kept} and l.sku <> ${CAM}
        and not exists (select 1 from stock_levels x where x.location = p.location and x.sku = l.sku)
      on conflict do nothing
      returning location, sku, dot, on_hand, updated_at
    )
    insert into stock_movements (kind, location, sku, dot, quantity, on_hand_before, on_hand_after, reserved_before, reserved_after, by, note, at)
    select 'receipt', location, sku, dot, on_hand, 0, on_hand, 0, 0, 'system', 'Test stock', updated_at from added`);
}

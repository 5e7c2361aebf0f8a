import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrations, migrationsBefore } from './migrations-before.ts';

/** Bookings name what holds them: units booked before say whether an order or a claim's rework holds them. */
describe('upgrading a database whose booked units held orders and free reworks in one order_id column', () => {
  const client = new PGlite();
  const db = drizzle(client);
  let before: string;
  const ORDER = '00000000-0000-4000-8000-0000000000b1';
  const CLAIM = '00000000-0000-4000-8000-0000000000c1';
  const rows = async (query: string) => (await client.query<Record<string, unknown>>(query)).rows;

  beforeAll(async () => {
    before = migrationsBefore('booking_holder');
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into warranty_claims (id, order_id, seq, customer_id, workshop_id, status, description, rework_date, rework_time, rework_bay, created_at, updated_at)
        values ('${CLAIM}', '${ORDER}', 1, '00000000-0000-4000-8000-00000000000c', 'ss2', 'ACCEPTED', 'It squeaks again.', '2025-06-05', '10:00', 2, now(), now());
      insert into booked_units (workshop_id, date, unit, bay, order_id, state, created_at) values
        ('ss2', '2025-06-03', 20, 1, '${ORDER}', 'booked', now()),
        ('ss2', '2025-06-03', 21, 1, '${ORDER}', 'booked', now()),
        ('ss2', '2025-06-05', 20, 2, '${CLAIM}', 'booked', now());
    `);
    await migrate(db, { migrationsFolder: migrations });
  });
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  test("each unit names its holder: the order's installation, or the claim's rework", async () => {
    expect(await rows(`select date::text, unit, bay, holder, holder_id from booked_units order by date, unit`)).toEqual([
      { date: '2025-06-03', unit: 20, bay: 1, holder: 'order', holder_id: ORDER },
      { date: '2025-06-03', unit: 21, bay: 1, holder: 'order', holder_id: ORDER },
      { date: '2025-06-05', unit: 20, bay: 2, holder: 'claim', holder_id: CLAIM },
    ]);
  });

  test('a unit must say what holds it, one of the two', async () => {
    await expect(client.query(`insert into booked_units (workshop_id, date, unit, bay, holder_id, state, created_at) values ('ss2', '2025-06-06', 20, 1, '${ORDER}', 'held', now())`)).rejects.toThrow(/holder/);
    await expect(client.query(`insert into booked_units (workshop_id, date, unit, bay, holder, holder_id, state, created_at) values ('ss2', '2025-06-06', 20, 1, 'visit', '${ORDER}', 'held', now())`)).rejects.toThrow(/booked_units_holder_check/);
  });
});

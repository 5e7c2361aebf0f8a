import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrations, migrationsBefore } from './migrations-before.ts';



describe('upgrading a database whose garages broke the one-current-car rule', () => {
  const client = new PGlite();
  const db = drizzle(client);
  let before: string;
  const rows = async (query: string) => (await client.query<{ owner: string; model: string; current: boolean }>(query)).rows;

  beforeAll(async () => {
    before = migrationsBefore('0002_one_current_car');
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into vehicle_brands (id, name, popular) values ('perodua', 'Perodua', true), ('proton', 'Proton', true);
      insert into vehicle_models (id, brand_id, name) values
        ('perodua-myvi', 'perodua', 'Myvi'), ('perodua-axia', 'perodua', 'Axia'), ('proton-x50', 'proton', 'X50');
      -- Aminah: two current cars, the Axia used last. Farid: none current. Mei Ling: as it should be.
      insert into user_cars (user_id, brand_id, model_id, current, updated_at) values
        ('00000000-0000-4000-8000-00000000000a', 'perodua', 'perodua-myvi', true,  '2025-05-01T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000a', 'perodua', 'perodua-axia', true,  '2025-05-03T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000a', 'proton',  'proton-x50',   false, '2025-05-04T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000b', 'perodua', 'perodua-myvi', false, '2025-05-01T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000b', 'proton',  'proton-x50',   false, '2025-05-02T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000c', 'perodua', 'perodua-myvi', true,  '2025-05-01T10:00:00Z'),
        ('00000000-0000-4000-8000-00000000000c', 'proton',  'proton-x50',   false, '2025-05-09T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder: migrations });
  });
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  test('each garage keeps exactly one current car: the most recently used of those marked current, else of all', async () => {
    expect(await rows(`select right(user_id::text, 1) as owner, model_id as model from user_cars where current order by 1`)).toEqual([
      { owner: 'a', model: 'perodua-axia' },
      { owner: 'b', model: 'proton-x50' },
      { owner: 'c', model: 'perodua-myvi' },
    ]);
  });

  test('no car is lost', async () => {
    expect(await rows(`select count(*)::int as n from user_cars`)).toEqual([{ n: 7 }]);
  });

  test('from then on the database refuses a second current car', async () => {
    await expect(
      client.query(`update user_cars set current = true where user_id = '00000000-0000-4000-8000-00000000000a' and model_id = 'proton-x50'`),
    ).rejects.toThrow(/user_cars_one_current_key/);
  });
});

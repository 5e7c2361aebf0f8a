import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../../server/db/client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number other than the shop's: the advisory lock that lets one process migrate the doubles while the others wait. */
const MIGRATION_LOCK = 72_616_002;

/**
 * Brings the doubles' tables up to date on the shop's database: their own migrations, their own
 * bookkeeping (drizzle.__doubles_migrations, beside the shop's drizzle.__drizzle_migrations), in
 * one transaction under an advisory lock, so that several processes starting at once migrate once.
 */
export async function migrateDoubles(db: Db): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__doubles_migrations (id serial primary key, hash text not null, created_at bigint)`);
    const last = await tx.execute(sql`select max(created_at) as at from drizzle.__doubles_migrations`);
    const rows = ((last as { rows?: { at: string | number | null }[] }).rows ?? (last as unknown as { at: string | number | null }[]));
    const appliedUntil = Number(rows[0]?.at ?? 0);
    for (const migration of migrations) {
      if (migration.folderMillis <= appliedUntil) continue;
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__doubles_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
    }
  });
}

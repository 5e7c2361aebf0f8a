import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

const journalFile = fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url));

/** The migrations this build ships: their count and the time of the newest (drizzle's `when`). */
export function shippedMigrations(): { count: number; newest: number } {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  return { count: journal.entries.length, newest: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

/**
 * Whether the database has every migration this build ships, as drizzle's migrator judges it
 * (by the time of the newest applied). A database ahead of this build (a newer server migrated
 * it) still serves this one. Returns null when current, else what is missing.
 */
export async function migrationsBehind(db: Db, shipped = shippedMigrations()): Promise<string | null> {
  const result = await db.execute<{ applied: number; newest: string | number | null }>(
    sql`select count(*)::int as applied, max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  const row = (result as unknown as { rows: { applied: number; newest: string | number | null }[] }).rows[0];
  const newest = Number(row?.newest ?? 0);
  if (newest >= shipped.newest) return null;
  return `${Number(row?.applied ?? 0)} of ${shipped.count} migrations applied`;
}

import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Inserts `rows` in one statement, updating every other column of rows whose `target`
 * already exists: content sync stays one round trip per table, however large the content.
 */
export async function upsertAll<T extends PgTable>(db: Db, table: T, target: PgColumn | PgColumn[], rows: T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const targets = new Set((Array.isArray(target) ? target : [target]).map((c) => c.name));
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!targets.has(column.name)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(table).values(rows.slice(i, i + 500)).onConflictDoUpdate({ target, set });
  }
}

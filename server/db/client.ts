import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null /* null: in memory */ };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: the advisory lock that lets one process migrate while the others wait. */
const MIGRATION_LOCK = 72_616_001;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: config.url, max: Number(process.env.DATABASE_POOL ?? 10) });
    const db = drizzle(pool, { schema });
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Serialises work on one key across every API process, until the transaction ends. */
export async function lockKey(tx: Db, scope: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`);
}

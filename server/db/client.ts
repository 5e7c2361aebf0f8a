import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import { openChangeFeed } from './changes.ts';
import { FolderInUseError, lockDataFolder, type FolderLock } from './folder-lock.ts';
import * as schema from './schema.ts';
import { log } from '../ops/log.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      dataDir: string | null /* null: in memory */;
      /** For an in-memory database: start from this copy of another's files (PGlite's dumpDataDir). */
      from?: Blob;
    };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: the advisory lock that lets one process migrate while the others wait. */
const MIGRATION_LOCK = 72_616_001;

/** How long a call waits for a connection before it answers that the database is unavailable. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connection pool that outlives the connections it loses (a database restart, a failover,
 * pg_terminate_backend): a lost connection is logged and dropped, and the next call opens a
 * new one. Nothing is migrated: see openDatabase.
 */
export async function connectPostgres(url: string, { poolSize = Number(process.env.DATABASE_POOL ?? 10) } = {}) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // Without a listener, a connection lost while idle in the pool would stop the process.
  pool.on('error', (err) => log.error(`[db] an idle connection to PostgreSQL was lost: ${err.message}`));
  // Nor would one lost in the moment between being lent and being watched (see releasedWhenLost).
  pool.on('connect', (client) => client.on('error', () => {}));
  // pool.query watches the connections it uses; transactions (pool.connect) get theirs watched
  // here, within the pool's own callback, before the connection can report anything.
  const lend = pool.connect.bind(pool) as (callback: (err: Error | undefined, client?: PoolClient) => void) => void;
  const connect = (callback?: (err: Error | undefined, client?: PoolClient) => void) => {
    if (callback) return lend(callback);
    return new Promise<PoolClient>((resolve, reject) => lend((err, client) => (err || !client ? reject(err) : resolve(releasedWhenLost(client)))));
  };
  pool.connect = connect as unknown as typeof pool.connect;
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, pool, close: () => pool.end() };
}

/**
 * A connection lent out for a transaction goes back to the pool, as broken, the moment it is
 * lost. Its transaction fails, the call answers 503, and the pool opens a new connection for the
 * next one. Otherwise a connection lost as its transaction began (before anyone could release
 * it) would keep its place in the pool for good, and calls would queue for it.
 */
function releasedWhenLost(client: PoolClient): PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const lost = (err: Error) => {
    log.error(`[db] a connection to PostgreSQL in use was lost: ${err.message}`);
    client.release(err);
  };
  client.on('error', lost);
  client.release = (err?: Error | boolean) => {
    client.off('error', lost);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}

/**
 * PGlite's Postgres settings on top of its own. Its buffer pool is the bulk of its memory:
 * PostgreSQL's default of 128 MB (PGlite starts with 160 MB) is zeroed, so resident, from the
 * start, while the shop's whole database is a few tens of MB and the operating system caches
 * the files below it anyway. 32 MB holds the catalogue, the slots and the day's orders.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';
export function pgliteStartParams(defaults: string[]): string[] {
  return [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/**
 * PGlite's Postgres is one 9 MB WebAssembly module. Node first compiles what it runs with its
 * baseline compiler, then recompiles hot functions with its optimising one; one of them (104 KB
 * of code) alone takes 600 MB and over a second to optimise, every start. Measured, the
 * optimised code makes no difference to the shop's calls (the same CPU time per slot query),
 * while it doubles the first open of a data folder and its memory peak. Set before PGlite's
 * module is compiled; Node's other code is not WebAssembly.
 */
function keepPgliteOnBaselineCode() {
  // Both: with dynamic tiering on, V8 tiers hot functions up whatever --wasm-tier-up says.
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}

/** A database being opened ahead of the server (`npm start` opens it while the site builds). */
let ahead: { key: string; opening: Promise<Database> } | null = null;
const keyOf = (config: DatabaseConfig) => (config.kind === 'postgres' ? `postgres ${config.url}` : config.dataDir ? `pglite ${config.dataDir}` : null);

/**
 * Starts opening (and migrating) the database now; the next openDatabase of the same
 * database takes this one over instead of opening it again. A failure is reported to that
 * call, as if it had opened the database itself.
 */
export function openDatabaseAhead(config: DatabaseConfig): void {
  const key = keyOf(config);
  if (!key || ahead) return;
  const opening = openNow(config);
  opening.catch(() => {});
  ahead = { key, opening };
}

/** Closes a database opened ahead that no one took over (the site did not build, say). */
export async function closeDatabaseAhead(): Promise<void> {
  const left = ahead;
  ahead = null;
  if (left) await (await left.opening.catch(() => null))?.close();
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (ahead && ahead.key === keyOf(config)) {
    const { opening } = ahead;
    ahead = null;
    return opening;
  }
  return openNow(config);
}

async function openNow(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { db, pool, close } = await connectPostgres(config.url);
    try {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(drizzle(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    } catch (err) {
      await close().catch(() => {});
      throw err;
    }
    return { db, kind: 'postgres', close };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const lock = config.dataDir ? lockOrRefuse(config.dataDir) : null;
  try {
    keepPgliteOnBaselineCode();
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const options = { startParams: pgliteStartParams((PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? []) };
    const client = config.dataDir ? new PGlite(config.dataDir, options) : new PGlite({ ...options, ...(config.from ? { loadDataDir: config.from } : {}) });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    await openChangeFeed(db as unknown as Db, client);
    const close = async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    };
    return { db: db as unknown as Db, kind: 'pglite', close };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * A second server on a PGlite folder would corrupt it: this one says so in one line and stops,
 * before it opens anything.
 */
function lockOrRefuse(dataDir: string): FolderLock {
  try {
    return lockDataFolder(dataDir);
  } catch (err) {
    if (!(err instanceof FolderInUseError)) throw err;
    log.error(err.message);
    process.exit(1);
  }
}

/** Serialises work on one key across every API process, until the transaction ends. */
export async function lockKey(tx: Db, scope: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${key}))`);
}

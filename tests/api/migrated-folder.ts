import { cpSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { migrateDoubles } from '../../dev/doubles/migrate.ts';

/**
 * The data folder `into` for a test server that is not about its first start: on PGlite a copy
 * of a folder as a server leaves it after its first start's migrations, made once per test
 * worker (creating one takes seconds; copying it, a fraction of one). With DATABASE_URL the
 * servers use PostgreSQL and never open it: left empty. A test of a first start gives its
 * server an empty folder instead.
 */
export async function migratedDataFolder(into: string): Promise<string> {
  if (process.env.DATABASE_URL) return into;
  template ??= makeTemplate();
  cpSync(await template, into, { recursive: true });
  return into;
}

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  // In the suite's scratch folder, which the run removes when it ends (global-setup.ts).
  const folder = mkdtempSync(path.join(inject('apiScratch'), 'migrated-'));
  const data = path.join(folder, 'data');
  const database = await openDatabase({ kind: 'pglite', dataDir: data });
  // The doubles' tables too, as dev/start.ts leaves them.
  await migrateDoubles(database.db);
  await database.close();
  return data;
}

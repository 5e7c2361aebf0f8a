import { cpSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';

/**
 * A PGlite data folder as a server leaves it after its first start's migrations: made once per
 * test worker (creating one takes seconds; copying it, a fraction of one), then copied to
 * `into` for each test that asks. For tests of crashes, restarts and shutdowns, whose servers
 * would otherwise each spend their first seconds creating a database; a test of a first start
 * gives its server an empty folder instead.
 */
export async function migratedDataFolder(into: string): Promise<string> {
  template ??= makeTemplate();
  cpSync(await template, into, { recursive: true });
  return into;
}

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  // In the suite's scratch folder, which the run removes when it ends (global-setup.ts).
  const folder = mkdtempSync(path.join(inject('apiScratch'), 'migrated-'));
  const data = path.join(folder, 'data');
  await (await openDatabase({ kind: 'pglite', dataDir: data })).close();
  return data;
}

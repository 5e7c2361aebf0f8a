import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { closeDatabaseAhead, openDatabase, openDatabaseAhead } from '../../server/db/client.ts';
import { pgliteOnly } from './pglite-only.ts';

type Rows = { rows: Record<string, unknown>[] };

const folders: string[] = [];
function freshFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'servauto-open-'));
  folders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

pgliteOnly('a PGlite data folder opened ahead (npm start opens it while the site builds)', () => {
  test('is the one the server then opens: created, migrated, and held by this process', async () => {
    const dataDir = freshFolder();
    openDatabaseAhead({ kind: 'pglite', dataDir });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const { rows } = (await database.db.execute(sql`select count(*)::int as n from products`)) as Rows;
      expect(rows[0]).toEqual({ n: 0 });
      // Its buffer pool is the shop's size, not PostgreSQL's default.
      const { rows: setting } = (await database.db.execute(sql`select current_setting('shared_buffers') as value`)) as Rows;
      expect(setting[0]).toEqual({ value: '32MB' });
    } finally {
      await database.close();
    }
    // Closed for good: the folder opens again, and nothing is left ahead to close.
    await closeDatabaseAhead();
    await (await openDatabase({ kind: 'pglite', dataDir })).close();
  });

  test('is closed when the server never takes it over (the site did not build)', async () => {
    const dataDir = freshFolder();
    openDatabaseAhead({ kind: 'pglite', dataDir });
    await closeDatabaseAhead();
    // The lock is given back: the folder opens.
    await (await openDatabase({ kind: 'pglite', dataDir })).close();
  });
});

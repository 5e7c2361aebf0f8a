import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { syncContent } from '../../server/db/sync.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an in-memory PGlite's files, migrated and filled from content/ with its demo data; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite runs initdb, which takes seconds; loading a copy of one takes a fraction of
 * that. So the suite creates one database, migrated and filled from content/, and every test file
 * starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const file = path.join(tmpdir(), `servauto-api-template-${process.pid}.tar`);
  try {
    await syncContent(database.db, fileURLToPath(new URL('../../content', import.meta.url)), { demoData: true });
    const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

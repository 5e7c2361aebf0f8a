import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client.ts';
import { syncContent } from '../../server/db/sync.ts';
import { migrateDoubles } from '../../dev/doubles/migrate.ts';
import { topUpTestStock } from './test-stock.ts';
import { workerDatabaseUrl } from './worker-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding an in-memory PGlite's files, migrated and filled from content/ with its demo data. */
    pgliteTemplate: string;
    /** A folder for the suite's own scratch files (migrated-folder.ts), removed after the run. */
    apiScratch: string;
  }
}

/**
 * Creating a PGlite runs initdb, which takes seconds; loading a copy of one takes a fraction of
 * that. So the suite creates one database, migrated and filled from content/, and every test file
 * starts from a copy of it (on PostgreSQL too: the payment doubles keep their books in one).
 *
 * With DATABASE_URL, each worker gets an empty database of its own beside it on that server
 * (worker-database.ts points the worker there; the first test file migrates it).
 */
export default async function setup(project: TestProject) {
  // The api and processes projects each run this; in one run they share what the first made.
  const shared = globalThis as { servautoSuite?: { ready: Promise<Suite>; users: number } };
  shared.servautoSuite ??= { ready: prepare(project.globalConfig.maxWorkers), users: 0 };
  const suite = shared.servautoSuite;
  suite.users++;
  const { file, scratch } = await suite.ready;
  project.provide('pgliteTemplate', file);
  project.provide('apiScratch', scratch);
  return () => {
    if (--suite.users > 0) return;
    delete shared.servautoSuite;
    rmSync(file, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  };
}

interface Suite {
  file: string;
  scratch: string;
}

async function prepare(maxWorkers: number): Promise<Suite> {
  const url = process.env.DATABASE_URL;
  if (url) await workerDatabases(url, maxWorkers);
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const file = path.join(tmpdir(), `servauto-template-${process.pid}.tar`);
  try {
    // At the tests' clock (harness.ts START): the demo stock's DOT codes are weeks before it.
    await syncContent(database.db, fileURLToPath(new URL('../../content', import.meta.url)), { demoData: true, now: new Date('2025-06-02T02:00:00Z') });
    await topUpTestStock(database.db);
    // The doubles' own tables, as the test servers and the in-process API have them (dev/doubles/).
    await migrateDoubles(database.db);
    const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return { file, scratch: mkdtempSync(path.join(tmpdir(), 'servauto-api-')) };
}

/** Workers 1 to `count`: each a fresh, empty database on the server of `url`. */
async function workerDatabases(url: string, count: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let id = 1; id <= count; id++) {
      const name = new URL(workerDatabaseUrl(url, id)).pathname.slice(1);
      const quoted = `"${decodeURIComponent(name).replaceAll('"', '""')}"`;
      await admin.query(`drop database if exists ${quoted} with (force)`);
      await admin.query(`create database ${quoted}`);
    }
  } finally {
    await admin.end();
  }
}

import { afterAll } from 'vitest';
import { SUITE_DATABASE_URL, workerDatabaseUrl } from './worker-database.ts';

/**
 * Run before every API test file: on PostgreSQL, from here on DATABASE_URL is this worker's own
 * database, for the harness, the tests and every process a test starts.
 */
const suite = process.env[SUITE_DATABASE_URL] ?? process.env.DATABASE_URL;
const worker = Number(process.env.VITEST_POOL_ID);
if (suite && worker) {
  process.env[SUITE_DATABASE_URL] = suite;
  process.env.DATABASE_URL = workerDatabaseUrl(suite, worker);
}

/**
 * A worker runs its test files one after another in one process (isolate: false in
 * vitest.config.ts): what a file sets in the environment is put back once it is done.
 */
const environment = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});

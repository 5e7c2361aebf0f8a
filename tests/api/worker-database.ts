/**
 * On PostgreSQL, each of the suite's workers has a database of its own on the server
 * DATABASE_URL names (made by global-setup.ts), so test files run side by side there as they
 * do on PGlite. worker-setup.ts, run before every test file, points DATABASE_URL there.
 */
export const SUITE_DATABASE_URL = 'SERVAUTO_SUITE_DATABASE_URL';

/** The database of worker `id` (1 to maxWorkers) on the server of `url`. */
export function workerDatabaseUrl(url: string, id: number): string {
  const u = new URL(url);
  u.pathname = `/${decodeURIComponent(u.pathname.slice(1))}_w${id}`;
  return u.toString();
}

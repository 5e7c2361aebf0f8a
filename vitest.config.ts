import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Three suites: `unit` (pure functions, no I/O), `api` (the Hono app called in-process through
 * `app.request()`, on a database) and `processes` (tests/processes/: files that start server
 * processes, scripts or S3 servers of their own: crashes, shutdown, folder locks, publishing,
 * production starts). `npm run test:api` runs api and processes; `npm run test:quick` leaves
 * processes out.
 *
 * The api suite runs on one in-memory PGlite per worker by default (tests/api/harness.ts). With
 * DATABASE_URL set it runs on that PostgreSQL instead, each worker in a database of its own there
 * (tests/api/worker-setup.ts). Either way, two files run side by side.
 */
/** What the api and processes suites share: the template database, per-file checks, one module graph per worker. */
const serverSuite: NonNullable<TestProjectInlineConfiguration['test']> = {
  globalSetup: ['tests/api/global-setup.ts'],
  setupFiles: ['tests/api/worker-setup.ts'],
  environment: 'node',
  // One module graph per worker, not per file: importing the server took a fifth of each file's
  // time. The api files of a worker share its database (harness.ts; on PostgreSQL the worker's
  // database, emptied), no file mocks a module, and servers a test starts are killed when it
  // ends (server-process.ts): a server left running would take jobs from the next file's database.
  isolate: false,
  // Opening a PGlite (WASM start and migrations) or starting a server takes seconds on a small machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Vitest leaves a core free by default; most of an API file's time is its own PGlite, so on a
    // two-core machine two files side by side take about half the time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure functions: no file mocks a module or leaves a global changed, so the files of a
          // worker share one module graph (importing it again per file was two thirds of the time).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          ...serverSuite,
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: ['tests/processes/**/*.test.ts'],
          // The api suite's template database, scratch folder and per-file checks (tests/api/).
          ...serverSuite,
        },
      },
    ],
  },
});

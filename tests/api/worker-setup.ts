import { readdirSync, readFileSync } from 'node:fs';
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

/** The processes this worker started that still run (Linux: read from /proc; elsewhere none known). */
function processesLeftRunning(): { pid: number; command: string }[] {
  if (process.platform !== 'linux') return [];
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and brackets, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== process.pid || state === 'Z') continue;
      found.push({ pid: Number(entry), command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() });
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/**
 * A server a test leaves running would go on taking jobs, payments and connections while the
 * worker's next files run (on PostgreSQL, from their database): it is killed here and the file
 * fails, naming it.
 */
afterAll(() => {
  const left = processesLeftRunning();
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (left.length) throw new Error(`this file left processes running (now killed): ${left.map((p) => `${p.pid} ${p.command}`).join('; ')}`);
});

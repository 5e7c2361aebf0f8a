import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * What the server's Node runs with: `npm start` starts Node again with these when its flags are
 * missing, as they can only be given when Node starts. Measured with bench/memory.mjs (same CPU
 * time per call within the noise):
 * - V8 sizes its young generation by the machine's memory: with a few GB it grows to 128 MB,
 *   mostly empty after each collection yet resident. 8 MB halves keep about 110 MB out.
 * - V8 grows its old generation well past what it holds after a collection (the heap 114 MB
 *   for 41 MB in use after 20,000 requests on PostgreSQL). Grown by 20 % at a time it stays near
 *   what is used: the PostgreSQL server 177–184 MB after that load instead of 220–249, PGlite's
 *   299–311 instead of 379–380, CPU per call 0.96–1.19 ms against 0.91–1.15 (same runs).
 * - glibc keeps what large temporary buffers freed (PGlite's files read at start, its data
 *   folder copied on creation) in its heap, and gives each thread its own heap: buffers of
 *   128 KB and more mapped apart and two heaps in all keep the server from holding on to
 *   300 MB after its start. Other C libraries ignore these variables; one set by the operator wins.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=20'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** `env` without the server's own settings (for the site's build, which is not the server). */
export function withoutServerEnv(env) {
  const rest = { ...env };
  for (const [name, value] of Object.entries(SERVER_ENV)) if (rest[name] === value) delete rest[name];
  return rest;
}

/**
 * Starts this script again in a Node with the server's flags when they are missing, passing
 * signals on (a Ctrl-C reaching both counts once). True when it did: the caller then does nothing.
 */
export function relaunchWithServerFlags() {
  if (SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) return false;
  const child = spawn(process.execPath, [...process.execArgv, ...SERVER_NODE_FLAGS, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...SERVER_ENV, ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return true;
}

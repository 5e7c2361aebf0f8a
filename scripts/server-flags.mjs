/**
 * What the server's Node runs with: `npm start` starts Node again with these when its flags are
 * missing, as they can only be given when Node starts. Measured with bench/memory.mjs (same CPU
 * time per call within the noise):
 * - V8 sizes its young generation by the machine's memory: with a few GB it grows to 128 MB,
 *   mostly empty after each collection yet resident. 8 MB halves keep about 110 MB out.
 * - glibc keeps what large temporary buffers freed (PGlite's files read at start, its data
 *   folder copied on creation) in its heap, and gives each thread its own heap: buffers of
 *   128 KB and more mapped apart and two heaps in all keep the server from holding on to
 *   300 MB after its start. Other C libraries ignore these variables; one set by the operator wins.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** `env` without the server's own settings (for the site's build, which is not the server). */
export function withoutServerEnv(env) {
  const rest = { ...env };
  for (const [name, value] of Object.entries(SERVER_ENV)) if (rest[name] === value) delete rest[name];
  return rest;
}

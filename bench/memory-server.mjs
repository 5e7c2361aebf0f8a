// The server exactly as `npm start` runs it (server/main.ts), started with --expose-gc by
// bench/memory.mjs: on SIGUSR2 it collects its garbage and prints one line of what its memory
// holds, so the bench can tell the JavaScript heap from PGlite's WebAssembly memory.
// BENCH_MEMORY_DETAIL=1 adds V8's heap spaces and the largest memory mappings (on stderr).
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

const MB = 1024 * 1024;

/** The resident part of the largest WebAssembly memory: an anonymous mapping just below its multi-GB guard. */
function wasmResident() {
  let smaps;
  try {
    smaps = readFileSync('/proc/self/smaps', 'utf8').split('\n');
  } catch {
    return null;
  }
  const maps = [];
  for (const line of smaps) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) maps.push({ start: parseInt(head[1], 16), end: parseInt(head[2], 16), perms: head[3], name: head[4], rss: 0 });
    else if (line.startsWith('Rss:')) maps.at(-1).rss = Number(line.split(/\s+/)[1]) * 1024;
  }
  let best = null;
  for (let i = 0; i + 1 < maps.length; i++) {
    const [m, next] = [maps[i], maps[i + 1]];
    const guarded = next.start === m.end && next.perms === '---p' && next.end - next.start > 4 * 1024 * MB;
    if (m.perms === 'rw-p' && !m.name && guarded && (!best || m.end - m.start > best.size)) best = { size: m.end - m.start, rss: m.rss };
  }
  return best;
}

function topMaps() {
  const out = [];
  let cur = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) out.push((cur = { size: (parseInt(head[2], 16) - parseInt(head[1], 16)) / MB, perms: head[3], name: head[4], rss: 0 }));
    else if (line.startsWith('Rss:')) cur.rss = Number(line.split(/\s+/)[1]) / 1024;
  }
  return out.filter((m) => m.rss >= 3).sort((a, b) => b.rss - a.rss).map((m) => `${m.rss.toFixed(0)} of ${m.size.toFixed(0)} MB ${m.perms} ${m.name}`).join('\n');
}

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const wasm = wasmResident();
  const report = {
    rss: kb('VmRSS'),
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    mallocedPeak: heap.peak_malloced_memory,
    wasmMemory: wasm?.size ?? null,
    wasmResident: wasm?.rss ?? null,
  };
  console.log(`[memory] ${JSON.stringify(report)}`);
  if (process.env.BENCH_MEMORY_DETAIL) {
    for (const space of v8.getHeapSpaceStatistics()) console.error(`${space.space_name}: ${Math.round(space.space_size / MB)} MB, ${Math.round(space.space_used_size / MB)} used`);
    console.error(readFileSync('/proc/self/smaps_rollup', 'utf8'));
    console.error(topMaps());
  }
});

await import('../dev/start.ts');

// How long `npm start` takes to serve its first page (/pc/home answering 200) on a new, empty
// data folder: as on a fresh clone, with the site to build (its build time apart, as
// `npm start` reports it), and with the site already built. BENCH_START_BUILD=0 leaves out the
// first: it rebuilds dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAMP_FILE } from '../scripts/site-stamp.mjs';

const PORT = Number(process.env.BENCH_START_PORT ?? 3903);
const LIMIT_MS = 180_000;

async function firstPage(label) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'servauto-bench-start-'));
  const started = performance.now();
  // Its own process group, so that npm, the start script and the server all stop at the end.
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`npm start exited before serving:\n${out.slice(-2000)}`);
      if (performance.now() - started > LIMIT_MS) throw new Error(`no page after ${LIMIT_MS / 1000} s:\n${out.slice(-2000)}`);
      const status = await fetch(`http://127.0.0.1:${PORT}/pc/home`).then(
        (res) => res.arrayBuffer().then(() => res.status),
        () => 0,
      );
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const seconds = (performance.now() - started) / 1000;
    const build = /Site ready in ([\d.]+) s/.exec(out);
    return { label, seconds, build: build ? Number(build[1]) : null };
  } finally {
    if (!exited) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
if (process.env.BENCH_START_BUILD !== '0') {
  // As on a fresh clone: no stamp, so `npm start` builds the site.
  rmSync(STAMP_FILE, { force: true });
  rows.push(await firstPage('site to build (fresh clone)'));
}
rows.push(await firstPage('site built'));

console.log(`\nnpm start on a new data folder, until /pc/home answers 200 (PGlite)\n`);
console.log('case'.padEnd(30), 'first page s'.padStart(12), 'site build s'.padStart(12));
for (const r of rows) console.log(r.label.padEnd(30), r.seconds.toFixed(1).padStart(12), (r.build == null ? '-' : r.build.toFixed(1)).padStart(12));

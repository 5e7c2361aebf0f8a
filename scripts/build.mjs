// `npm run build`: the static site into dist/, stamped with a hash of its inputs so that
// `npm start` knows whether it is current. With --if-changed (as `npm start` runs it) a site
// already built from the same inputs is kept.
//
// Builds take turns: two servers started at once on a changed site (the browser tests start
// two) would otherwise write dist/ at the same time. The second waits, then finds it current.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { siteInputsHash, STAMP_FILE } from './site-stamp.mjs';

const LOCK = '.site-build.lock';
const HOLDER = `${LOCK}/pid`;

const current = () => existsSync(STAMP_FILE) && existsSync('dist/home/index.html') && readFileSync(STAMP_FILE, 'utf8').trim() === siteInputsHash();
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Whether the build holding the lock has gone without removing it (killed with -9, say). */
function holderGone() {
  let pid;
  try {
    pid = Number(readFileSync(HOLDER, 'utf8'));
  } catch {
    // Not written yet, or the lock was just removed: look again.
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return err.code === 'ESRCH';
  }
}

function takeLock() {
  for (let said = false; ; sleep(250)) {
    try {
      mkdirSync(LOCK);
      writeFileSync(HOLDER, String(process.pid));
      return;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    if (holderGone()) {
      rmSync(LOCK, { recursive: true, force: true });
    } else if (!said) {
      console.log('Another build of the site is running: waiting for it…');
      said = true;
    }
  }
}

// Ctrl-C reaches astro too; once it has stopped, the lock is given back before this exits.
let interrupted = 0;
process.on('SIGINT', () => (interrupted = 130));
process.on('SIGTERM', () => (interrupted = 143));

takeLock();
let status = 0;
try {
  if (process.argv.includes('--if-changed') && current()) {
    console.log('The site is current.');
  } else {
    const wanted = siteInputsHash();
    // Each page's words first: a page that reads texts it does not carry is not built.
    const areas = spawnSync(process.execPath, ['scripts/check-areas.mjs'], { stdio: 'inherit' });
    const result = areas.status !== 0 ? areas : spawnSync('astro', ['build'], {
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      // npm puts astro on the PATH; on Windows it is a .cmd shim, which only a shell can start.
      shell: process.platform === 'win32',
    });
    status = result.status ?? 1;
    if (status === 0) writeFileSync(STAMP_FILE, wanted + '\n');
  }
} finally {
  rmSync(LOCK, { recursive: true, force: true });
}
process.exit(interrupted || status);

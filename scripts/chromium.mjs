// Locates a Chromium binary for the end-to-end tests, installing one if none is present.
// Usage: `node scripts/chromium.mjs` prints the path; `findChromium()` returns it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Debian's /usr/bin/chromium is a shell wrapper that prints warnings on some
// hosts and adds desktop flags; its real binary is preferred when present.
const SYSTEM_BINARIES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const FIX_HINT =
  'No Chromium found: run `sudo apt-get install chromium` or set CHROMIUM_PATH to a Chromium/Chrome binary.';

/** @param {string | undefined} file */
function isExecutable(file) {
  if (!file) return false;
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function playwrightBundled() {
  // Either package may be the one installed; both expose the same launcher.
  for (const pkg of ['playwright-core', '@playwright/test']) {
    try {
      const { chromium } = await import(pkg);
      const file = chromium.executablePath();
      if (isExecutable(file)) return file;
    } catch {
      // Package missing or no browser registry entry: try the next source.
    }
  }
  return undefined;
}

async function locate() {
  if (process.env.CHROMIUM_PATH) {
    if (isExecutable(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`);
  }
  return (await playwrightBundled()) ?? SYSTEM_BINARIES.find(isExecutable);
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ timeoutMs?: number, env?: Record<string, string>, quiet?: boolean }} [options]
 */
function run(command, args, { timeoutMs, env, quiet = false } = {}) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit'],
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** @param {string} name */
function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Returns the path of a Chromium executable. When none is installed it tries
 * Playwright's download, then apt-get (root only); otherwise it throws with a
 * one-line fix. Pass `{ install: false }` to only look.
 * @param {{ install?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function findChromium({ install = true } = {}) {
  const found = await locate();
  if (found) return found;
  if (!install) throw new Error(FIX_HINT);

  console.error('[chromium] not found; trying `npx playwright install chromium` (up to 120 s)');
  // Its output is a wall of network errors when offline; one line says enough.
  if (run('npx', ['--no-install', 'playwright', 'install', 'chromium'], { timeoutMs: 120_000, quiet: true })) {
    const bundled = await playwrightBundled();
    if (bundled) return bundled;
  }
  console.error('[chromium] Playwright download failed');

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasCommand('apt-get')) {
    console.error('[chromium] installing Debian package: apt-get update && apt-get install -y chromium');
    const aptEnv = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update', '-qq'], { env: aptEnv }) &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env: aptEnv })
    ) {
      const installed = SYSTEM_BINARIES.find(isExecutable);
      if (installed) return installed;
    }
  }
  throw new Error(FIX_HINT);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(await findChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

// Locates a Chromium binary for the end-to-end tests, installing one if none is present.
// Usage: `node scripts/chromium.mjs` prints the path; `findChromium()` returns it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Chromium's headless shell (Debian's chromium-headless-shell) renders pages as the browser does
// without the desktop browser around it: the browser tests take about a third less time on it.
const HEADLESS_SHELLS = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'];
// Debian's /usr/bin/chromium is a shell wrapper that prints warnings on some
// hosts and adds desktop flags; its real binary is preferred when present.
const SYSTEM_BINARIES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const FIX_HINT =
  'No Chromium found: run `sudo apt-get install chromium-headless-shell` (or chromium) or set CHROMIUM_PATH to a Chromium/Chrome binary.';
const FIX_HINT_BROWSER =
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

/** @param {boolean} browser */
async function locate(browser) {
  if (process.env.CHROMIUM_PATH) {
    if (isExecutable(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`);
  }
  return (browser ? undefined : HEADLESS_SHELLS.find(isExecutable)) ?? (await playwrightBundled()) ?? SYSTEM_BINARIES.find(isExecutable);
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
 * Returns the path of a Chromium executable: its headless shell where there is one, unless
 * `browser` asks for the whole browser (Lighthouse measures what customers' browsers do). When
 * none is installed it tries Playwright's download, then apt-get (root only); otherwise it
 * throws with a one-line fix. Pass `{ install: false }` to only look.
 * @param {{ install?: boolean, browser?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function findChromium({ install = true, browser = false } = {}) {
  const hint = browser ? FIX_HINT_BROWSER : FIX_HINT;
  const found = await locate(browser);
  if (found) return found;
  if (!install) throw new Error(hint);

  console.error('[chromium] not found; trying `npx playwright install chromium` (up to 120 s)');
  // Its output is a wall of network errors when offline; one line says enough.
  if (run('npx', ['--no-install', 'playwright', 'install', 'chromium'], { timeoutMs: 120_000, quiet: true })) {
    const bundled = await playwrightBundled();
    if (bundled) return bundled;
  }
  console.error('[chromium] Playwright download failed');

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasCommand('apt-get')) {
    const aptEnv = { DEBIAN_FRONTEND: 'noninteractive' };
    console.error('[chromium] updating Debian package lists: apt-get update');
    if (run('apt-get', ['update', '-qq'], { env: aptEnv })) {
      // The tests take the headless shell, or the whole browser should the shell not install.
      /** @type {[string, string[]][]} */
      const choices = browser ? [['chromium', SYSTEM_BINARIES]] : [['chromium-headless-shell', HEADLESS_SHELLS], ['chromium', SYSTEM_BINARIES]];
      for (const [pkg, binaries] of choices) {
        console.error(`[chromium] installing Debian package: apt-get install -y ${pkg}`);
        if (!run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { env: aptEnv })) continue;
        const installed = binaries.find(isExecutable);
        if (installed) return installed;
      }
    }
  }
  throw new Error(hint);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(await findChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs } from './tests/e2e/chromium-args.ts';

// A plain .mjs script (also run directly by Node), so it is typed here.
const chromiumScript = './scripts/chromium.mjs';
const { findChromium } = (await import(chromiumScript)) as {
  findChromium: () => Promise<string>;
};

// Playwright re-evaluates this file in every worker. Values chosen here are
// stored in the environment, which workers inherit, so all processes agree on
// one server, one database folder and one log.

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)))
      .listen(port);
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

if (!process.env.SERVAUTO_E2E_DIR) {
  // A fresh embedded database per run keeps tests independent of earlier runs.
  const dir = mkdtempSync(path.join(tmpdir(), 'servauto-e2e-'));
  process.env.SERVAUTO_E2E_DIR = dir;
  process.env.SERVAUTO_LOG = path.join(dir, 'server.log');
  process.env.SERVAUTO_E2E_PORT ??= String((await portIsFree(3100)) ? 3100 : await anyFreePort());
  process.env.SERVAUTO_EXPIRY_LOG = path.join(dir, 'expiry-server.log');
  process.env.SERVAUTO_CURLEC_LOG = path.join(dir, 'curlec-server.log');
  process.env.SERVAUTO_E2E_EXPIRY_PORT ??= String(await anyFreePort());
  process.env.SERVAUTO_E2E_CURLEC_PORT ??= String(await anyFreePort());
  process.env.SERVAUTO_E2E_READY_PORT ??= String(await anyFreePort());
  console.log(`[e2e] server log: ${process.env.SERVAUTO_LOG}`);
  // Keep the folder (and its log) only when something failed.
  process.on('exit', (code) => {
    if (code === 0) rmSync(dir, { recursive: true, force: true });
  });
}

// Resolved once in the main process; workers reuse it through the environment.
process.env.CHROMIUM_PATH = await findChromium();

const port = Number(process.env.SERVAUTO_E2E_PORT);
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(process.env.SERVAUTO_E2E_DIR ?? '', 'data');
const log = process.env.SERVAUTO_LOG ?? '';
process.env.SERVAUTO_BASE_URL = baseURL;
// A second server whose waits are short: orders wait 15 s for payment (expiry.spec.ts), and a
// phone's next code may go 1 s after the last (pdpa.spec.ts).
const expiryPort = Number(process.env.SERVAUTO_E2E_EXPIRY_PORT);
const expiryLog = process.env.SERVAUTO_EXPIRY_LOG ?? '';
process.env.SERVAUTO_EXPIRY_BASE_URL = `http://localhost:${expiryPort}`;
// A third server taking payments through Curlec, its double inside it, for curlec.spec.ts alone.
const curlecPort = Number(process.env.SERVAUTO_E2E_CURLEC_PORT);
const curlecLog = process.env.SERVAUTO_CURLEC_LOG ?? '';
process.env.SERVAUTO_CURLEC_BASE_URL = `http://localhost:${curlecPort}`;
// The test servers let another code go to a phone 10 s after the last (the shop's rule is
// 60 s), so a test of a second login waits 10 s, not a minute; the tests read it here. Long
// enough for a test to see the wait running on a loaded machine; settable from the shell.
process.env.SERVAUTO_OTP_RESEND_SECONDS ??= '10';
// The second server's wait is 1 s: its journeys ask for two codes in a row (a login, then a closing code).
process.env.SERVAUTO_QUICK_OTP_RESEND_SECONDS ??= '1';

/** The shops the tests run against, each a fresh embedded database and a log of its own (the tests read login codes from them all). */
const shops = [
  {
    name: 'main',
    port,
    log,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // Empty, so a DATABASE_URL in the caller's shell cannot swap in a shared database.
      DATABASE_URL: '',
      SMS_PROVIDER: 'console',
      // The tests log in as the demo staff and use the demo coupons, whatever the caller's shell says.
      DEMO_DATA: '1',
      // Every test logs in from 127.0.0.1: allow more codes per address than a real network gets.
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '500',
      OTP_RESEND_SECONDS: String(process.env.SERVAUTO_OTP_RESEND_SECONDS),
      SERVAUTO_LOG: log,
      // Due jobs and messages looked for every second, not every 5: a test waiting for an
      // e-invoice's answer, a refund or a message waits for the work, not the interval.
      JOB_INTERVAL_SECONDS: '1',
    },
  },
  {
    name: 'expiry',
    port: expiryPort,
    log: expiryLog,
    env: {
      PORT: String(expiryPort),
      DATA_DIR: path.join(process.env.SERVAUTO_E2E_DIR ?? '', 'expiry-data'),
      DATABASE_URL: '',
      SMS_PROVIDER: 'console',
      DEMO_DATA: '1',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '500',
      OTP_RESEND_SECONDS: String(process.env.SERVAUTO_QUICK_OTP_RESEND_SECONDS),
      SERVAUTO_LOG: expiryLog,
      // 15 s to pay, looked at every second.
      PAYMENT_TIMEOUT_MINUTES: '0.25',
      JOB_INTERVAL_SECONDS: '1',
    },
  },
  {
    name: 'curlec',
    port: curlecPort,
    log: curlecLog,
    env: {
      PORT: String(curlecPort),
      DATA_DIR: path.join(process.env.SERVAUTO_E2E_DIR ?? '', 'curlec-data'),
      DATABASE_URL: '',
      SMS_PROVIDER: 'console',
      DEMO_DATA: '1',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '500',
      OTP_RESEND_SECONDS: String(process.env.SERVAUTO_OTP_RESEND_SECONDS),
      SERVAUTO_LOG: curlecLog,
      PAYMENT_PROVIDER: 'curlec',
      CURLEC_DOUBLE: '1',
      // The double's webhooks and refunds go out at once, looked for every second.
      JOB_INTERVAL_SECONDS: '1',
    },
  },
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Two browsers side by side keep both cores busy: one test's waits (an OTP resend,
  // a held-back script) are another's running time. More only slow each other down.
  workers: 2,
  fullyParallel: true,
  // None, in CI too: a test that passes only on its second try is flaky, and a newcomer's run has no second try.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // The list as it runs; then each failure again in a few lines, so a log's tail says why.
  reporter: [['list'], ['./tests/e2e/failure-summary.ts']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'en-MY',
    timezoneId: 'Asia/Kuala_Lumpur',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /content-publish\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH,
          args: chromiumArgs,
        },
      },
    },
    {
      // A site build (both cores for 15 s or more) beside the other tests would slow their
      // pages past their waits: this runs once they are done.
      name: 'publishing',
      testMatch: /content-publish\.spec\.ts/,
      dependencies: ['chromium'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH,
          args: chromiumArgs,
        },
      },
    },
  ],
  // The three shops start side by side (scripts/e2e-servers.mjs); Playwright would start them
  // one after the other.
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    url: `http://localhost:${process.env.SERVAUTO_E2E_READY_PORT}/`,
    env: { SERVAUTO_E2E_SERVERS: JSON.stringify(shops), SERVAUTO_E2E_READY_PORT: String(process.env.SERVAUTO_E2E_READY_PORT) },
    // A first start builds the site, which takes a while on small machines.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});

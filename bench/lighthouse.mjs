// Lighthouse (mobile preset) against `npm start` on a fresh database: the page types customers
// land on, in each language, and the app pages (checkout, My Orders, the console, the store
// finder) in two languages, logged out and logged in. Each page is measured RUNS times
// (default 3) and every figure is the median of its runs, since one run on a shared machine is
// noisy. Prints a Markdown table and exits with 1 when a page misses a target.
// `npm run bench:lighthouse -- landing` or `-- app` measures one group only, and a word after it
// only the pages whose path holds it (`-- app store`).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { findChromium } from '../scripts/chromium.mjs';
import { logIn, seedStorage, smsLog } from './lighthouse-session.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3950);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const origin = `http://localhost:${PORT}`;
const group = process.argv[2] ?? 'all';
const only = process.argv[3] ?? '';
if (!['all', 'landing', 'app'].includes(group)) throw new Error(`unknown group ${group}: landing, app or all`);
/** The targets a page must meet (median of its runs). */
const target = { score: 98, lcp: 1600, tbt: 50, cls: 0 };

/** Demo admin (README): the console is measured as staff see it. */
const ADMIN_PHONE = '100000001';
/** A customer with nothing bought yet. */
const CUSTOMER_PHONE = '123450001';

/** What to measure: a path under /pc/ and who is logged in (null: nobody). */
const plan = [];
if (group !== 'app')
  for (const lang of ['', 'zh-cn/', 'ms/'])
    for (const page of ['home', 'products/auto-wiper-blade', 'products/auto-maintenance/service-basic', 'faq']) plan.push({ path: `${lang}${page}`, as: null });
if (group !== 'landing')
  for (const as of [null, 'customer'])
    for (const lang of ['', 'zh-cn/'])
      for (const page of ['confirm', 'myorder-status', 'console', 'store']) plan.push({ path: `${lang}${page}`, as: as && (page === 'console' ? 'admin' : as) });

if (only) plan.splice(0, plan.length, ...plan.filter((p) => p.path.includes(only)));

const server = spawn('npm', ['start'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'servauto-lh-')), DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const log = smsLog(server.stdout);
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('is ready at') && resolve());
  server.on('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
});

const chrome = await chromeLauncher.launch({
  chromePath: await findChromium({ browser: true }),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
const sessions = {};
const sessionOf = async (as) => (sessions[as] ??= await logIn(origin, log, as === 'admin' ? ADMIN_PHONE : CUSTOMER_PHONE));

/** One Lighthouse run of `url` in a new tab, holding `session` in its storage when given. */
async function measure(url, session) {
  const page = await browser.newPage();
  try {
    // The customer has bought nothing and has seen My Orders before (the bench's staff have not).
    if (session) {
      const customer = session.user.phone.endsWith(CUSTOMER_PHONE);
      // The demo admin's tab has opened a console page before: it knows the role.
      const staff = customer ? {} : { 'servauto.staff': JSON.stringify({ userKey: session.userKey, role: 'admin', storeId: null }) };
      await seedStorage(page, session, customer ? { 'servauto.noOrders': session.user.id } : {}, staff);
    }
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      // CLS as Lighthouse reports it, to three decimals.
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      // What the LCP was, to see why a page is slow.
      element: (lhr.audits['lcp-breakdown-insight']?.details?.items ?? []).find((i) => i.type === 'node')?.snippet ?? '',
      // The main thread's long tasks and the script each is charged to, to see what blocks it.
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => `${Math.round(t.duration)} ms at ${Math.round(t.startTime)} (${String(t.url).replace(origin, '')})`),
    };
  } finally {
    await page.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const rows = [];
try {
  for (const { path: pagePath, as } of plan) {
    const url = `${origin}/pc/${pagePath}`;
    const session = as ? await sessionOf(as) : null;
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(url, session));
    const row = { page: `/pc/${pagePath}`, as: as ?? '' };
    for (const key of ['score', 'lcp', 'tbt', 'cls', 'js']) row[key] = median(runs.map((r) => r[key]));
    row.scores = runs.map((r) => r.score);
    rows.push(row);
    process.stderr.write(`${row.page}${as ? ` (${as})` : ''}: ${row.scores.join(', ')}; LCP ${runs.map((r) => r.lcp.toFixed(0)).join(', ')} on ${runs[0].element.slice(0, 120)}\n`);
    for (const r of runs) if (r.tbt > target.tbt) process.stderr.write(`  TBT ${r.tbt.toFixed(0)} ms; long tasks: ${r.longTasks.join('; ')}\n`);
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  process.kill(-server.pid, 'SIGTERM');
}

const misses = (r) =>
  [
    r.score < target.score && 'score',
    r.lcp > target.lcp && 'LCP',
    r.tbt > target.tbt && 'TBT',
    r.cls > target.cls && 'CLS',
  ].filter(Boolean);

const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
console.log(`\nLighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU slowdown), median of ${RUNS} run(s) per page\n`);
console.log('| page | logged in | performance | runs | LCP ms | TBT ms | CLS | JS KB | |');
console.log('|---|---|--:|---|--:|--:|--:|--:|---|');
for (const r of rows) {
  const missed = misses(r);
  console.log(
    `| ${r.page} | ${r.as || '–'} | ${r.score} | ${r.scores.join(' / ')} | ${r.lcp.toFixed(0)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.js / 1024).toFixed(1)} | ${missed.length ? `misses ${missed.join(', ')}` : 'ok'} |`,
  );
}
const weak = rows.filter((r) => misses(r).length > 0);
const targets = `performance ≥ ${target.score}, LCP ≤ ${target.lcp} ms, TBT ≤ ${target.tbt} ms, CLS ${target.cls}`;
console.log(weak.length ? `\n${weak.length} page(s) miss a target (${targets})` : `\nevery page meets the targets: ${targets}`);
if (weak.length) process.exitCode = 1;

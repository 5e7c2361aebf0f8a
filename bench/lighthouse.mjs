// Lighthouse (mobile preset) on the page types customers land on, in each language, against
// `npm start` on a fresh database. Each page is measured RUNS times (default 3) and every
// figure is the median of its runs, since one run on a shared machine is noisy. Prints a
// Markdown table and exits with 1 when a page misses a target.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/chromium.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3950);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const origin = `http://localhost:${PORT}`;
const pages = ['home', 'products/auto-wiper-blade', 'products/auto-maintenance/service-basic', 'faq'];
const languages = ['', 'zh-cn/', 'ms/'];
/** The targets a page must meet (median of its runs). */
const target = { score: 98, lcp: 1600, tbt: 50, cls: 0 };

const server = spawn('npm', ['start'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'servauto-lh-')), DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('is ready at') && resolve());
  server.on('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
});

const chrome = await chromeLauncher.launch({
  chromePath: await findChromium({ browser: true }),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** One Lighthouse run of `url`. */
async function measure(url) {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    // CLS as Lighthouse reports it, to three decimals.
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const rows = [];
try {
  for (const lang of languages) {
    for (const page of pages) {
      const url = `${origin}/pc/${lang}${page}`;
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(url));
      const row = { page: `/pc/${lang}${page}` };
      for (const key of ['score', 'lcp', 'tbt', 'cls', 'js']) row[key] = median(runs.map((r) => r[key]));
      row.scores = runs.map((r) => r.score);
      rows.push(row);
      process.stderr.write(`${row.page}: ${row.scores.join(', ')}\n`);
    }
  }
} finally {
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
console.log('| page | performance | runs | LCP ms | TBT ms | CLS | JS KB | |');
console.log('|---|--:|---|--:|--:|--:|--:|---|');
for (const r of rows) {
  const missed = misses(r);
  console.log(
    `| ${r.page} | ${r.score} | ${r.scores.join(' / ')} | ${r.lcp.toFixed(0)} | ${r.tbt.toFixed(0)} | ${r.cls.toFixed(3)} | ${(r.js / 1024).toFixed(1)} | ${missed.length ? `misses ${missed.join(', ')}` : 'ok'} |`,
  );
}
const weak = rows.filter((r) => misses(r).length > 0);
const targets = `performance ≥ ${target.score}, LCP ≤ ${target.lcp} ms, TBT ≤ ${target.tbt} ms, CLS ${target.cls}`;
console.log(weak.length ? `\n${weak.length} page(s) miss a target (${targets})` : `\nevery page meets the targets: ${targets}`);
if (weak.length) process.exitCode = 1;

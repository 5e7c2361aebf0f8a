// Lighthouse (mobile preset) on the page types customers land on, in each language, against
// `npm start` on a fresh database: performance score, LCP, TBT, CLS and JavaScript bytes.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../scripts/chromium.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3950);
const origin = `http://localhost:${PORT}`;
const pages = ['home', 'products/auto-wiper-blade', 'products/auto-maintenance/service-basic', 'faq'];
const languages = ['', 'zh-cn/', 'ms/'];

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
  chromePath: await findChromium(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const rows = [];
try {
  for (const lang of languages) {
    for (const page of pages) {
      const url = `${origin}/pc/${lang}${page}`;
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
      rows.push({
        page: `/pc/${lang}${page}`,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        js: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      });
    }
  }
} finally {
  await chrome.kill();
  process.kill(-server.pid, 'SIGTERM');
}

console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (simulated slow 4G, 4× CPU slowdown)\n`);
console.log('page'.padEnd(52), 'perf'.padStart(5), 'LCP ms'.padStart(8), 'TBT ms'.padStart(8), 'CLS'.padStart(6), 'JS KB'.padStart(7));
for (const r of rows) {
  console.log(r.page.padEnd(52), String(r.score).padStart(5), r.lcp.toFixed(0).padStart(8), r.tbt.toFixed(0).padStart(8), r.cls.toFixed(3).padStart(6), (r.js / 1024).toFixed(1).padStart(7));
}
// CLS as Lighthouse reports it, to three decimals.
const weak = rows.filter((r) => r.score < 98 || Number(r.cls.toFixed(3)) > 0);
console.log(weak.length ? `\n${weak.length} page(s) below the target (performance ≥ 98, CLS 0)` : '\nevery page meets the target: performance ≥ 98, CLS 0');

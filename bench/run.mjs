// `npm run bench`: requests per second and latency of our endpoints beside a bare Hono route,
// measured in one run on this machine (ratios, not absolute figures, are what compare).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { recordTo } from './record.mjs';

// What this run prints is kept in bench/results/api.md (api-postgres.md with DATABASE_URL).
recordTo(`${process.env.BENCH_API_ONLY === '1' ? 'api-endpoints' : 'api'}${process.env.DATABASE_URL ? '-postgres' : ''}`);

const PORT = Number(process.env.BENCH_PORT ?? 3900);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const server = spawn(process.execPath, ['bench/server.ts'], { env: { ...process.env, PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
  server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function measure(name, path, body) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en_us' },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

try {
  const car = process.env.BENCH_VARIANT ?? (await firstVariant());
  const pageBody = { category: 'auto-wiper-blade', variantId: car, fitsOnly: true };
  const page = await fetch(`http://127.0.0.1:${PORT}/api/app/order/vehicle/product/app/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(pageBody),
  }).then((r) => r.text());
  await fetch(`http://127.0.0.1:${PORT}/bench/same-size`, { method: 'POST', body: page });
  const rows = [];
  // A warm-up so both sides are measured with a warm JIT.
  await measure('warm-up', '/bare', {});
  rows.push(await measure('bare Hono route (35-byte answer)', '/bare', {}));
  rows.push(await measure(`bare Hono route (${page.length}-byte answer)`, '/bare-same-size', {}));
  rows.push(await measure(`product/app/page, wipers for ${car}`, '/api/app/order/vehicle/product/app/page', pageBody));
  rows.push(await measure('product/app/page, 48 products, no car', '/api/app/order/vehicle/product/app/page', { pageSize: 48 }));
  rows.push(await measure('car/size/chose, Perodua models', '/api/app/order/vehicle/car/size/chose', { brandId: 'perodua' }));
  // A van's windows for four tyres at a Petaling Jaya postcode: 30 dates of windows, read against what the van holds.
  rows.push(await measure('store/mobile/windows, 4 tyres at 47300', '/api/store/mobile/windows', { postcode: '47300', items: [{ productId: 'tyre-bridgestone-alenza-001', quantity: 4 }] }));
  const bare = rows[0].rps;
  const sameSize = rows[1].rps;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, one run on ${process.platform} (${(await import('node:os')).cpus().length} cores)\n`);
  console.log('endpoint'.padEnd(58), 'req/s'.padStart(9), 'vs bare'.padStart(8), 'vs same'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7));
  for (const r of rows) {
    const pct = (base) => `${((r.rps / base) * 100).toFixed(0)}%`.padStart(8);
    console.log(r.name.padEnd(58), r.rps.toFixed(0).padStart(9), pct(bare), pct(sameSize), String(r.p50).padStart(7), String(r.p99).padStart(7));
  }
  console.log('\nvs bare: against the bare route answering 35 bytes; vs same: against it answering as many bytes as the product page.');
  // The yardstick of a read that checks the database: a call answered from the indexes in memory, in the same run (decision 0011).
  const inMemory = rows[2];
  const windowsRow = rows.find((r) => r.name.startsWith('store/mobile/windows'));
  console.log(`store/mobile/windows: ${(windowsRow.rps / inMemory.rps).toFixed(2)}× the in-memory product page's rate, p99 ${windowsRow.p99} ms (goal: at least 0.5×)`);
} finally {
  server.kill('SIGTERM');
}

async function firstVariant() {
  const post = (body) =>
    fetch(`http://127.0.0.1:${PORT}/api/app/order/vehicle/car/size/chose`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const models = await post({ brandId: 'perodua', keyword: 'myvi' });
  const variants = await post({ modelId: models.data.list[0].modelId, level: 'variant' });
  return variants.data.list[0].variantId;
}

// BENCH_API_ONLY=1: the endpoints above alone (a quick look at one of them).
if (process.env.BENCH_API_ONLY === '1') process.exit(0);

// Orders placed per second against raw inserts, and the slot query under load (on PGlite, and
// on PostgreSQL too when DATABASE_URL is set).
await import('./orders.mjs');

// A product's review summary and first page under 50 connections (and PostgreSQL with DATABASE_URL).
await import('./reviews.mjs');

// Server memory while 32 photos of the largest size arrive at once.
await import('./uploads.mjs');

// Time to the first page of `npm start` on a new data folder (with the site to build, then built),
// and the server's memory after 20,000 mixed requests, with PGlite's own part.
await import('./start.mjs');
await import('./memory.mjs');

// The site search: index size per language and query time in a slowed-down Chromium.
await import('./search.mjs');

// E-invoices built and signed per second, and verified as the local MyInvois double does.
await import('./einvoice-sign.mjs');

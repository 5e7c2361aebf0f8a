// A product page's reviews under load: the review summary and first page (`app/review/page`, the
// call the product page fills its reviews from when its copy is older than ten minutes) with
// 50 connections, beside a bare Hono route in the same run. On PGlite, and on PostgreSQL too when
// DATABASE_URL is set (in a scratch database created beside it and dropped after).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import autocannon from 'autocannon';
import { onScratchDatabase } from './scratch-database.mjs';

const PORT = Number(process.env.BENCH_REVIEWS_PORT ?? 3904);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
/** Reviewed products, and reviews of each: the measured product has as many as a best seller. */
const PRODUCTS = ['wiper-bosch-aerotwin', 'service-basic', 'brakepads-ebc-greenstuff-front', 'brakepads-brembo-ceramic-front'];
const PER_PRODUCT = 2_000;

async function startServer(env) {
  const server = spawn(process.execPath, ['bench/orders-server.ts'], { env: { ...process.env, ...env, PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    server.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return server;
}

async function measure(name, path, body) {
  // Each call warmed up on its own first, so the figure is of a warm JIT and filled caches.
  await autocannon({ url: `${base}${path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({
    url: `${base}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en_us' },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function benchOn(label, env) {
  const server = await startServer(env);
  try {
    const seeded = await fetch(`${base}/bench/seed-reviews`, { method: 'POST', body: JSON.stringify({ products: PRODUCTS, perProduct: PER_PRODUCT }) });
    if (!seeded.ok) throw new Error(`seeding reviews: ${seeded.status}`);
    const first = { productId: PRODUCTS[0], sort: 'newest', pageNum: 1, pageSize: 5 };
    const check = await fetch(`${base}/api/app/review/page`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(first) }).then((r) => r.json());
    if (check.code !== 200 || check.data.summary.count < PER_PRODUCT * 0.9) throw new Error(`review page: ${JSON.stringify(check).slice(0, 200)}`);
    const rows = [
      await measure('bare Hono route', '/bare', {}),
      await measure(`review/page: summary and newest 5 of ${check.data.summary.count}`, '/api/app/review/page', first),
      await measure('review/page: most helpful first', '/api/app/review/page', { ...first, sort: 'helpful' }),
      await measure('review/page: 5-star reviews only', '/api/app/review/page', { ...first, rating: 5 }),
      await measure("review/workshop-ratings: every workshop's rating", '/api/app/review/workshop-ratings', {}),
    ];
    console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s each, one run on ${process.platform} (${os.cpus().length} cores)\n`);
    console.log('measure'.padEnd(60), 'req/s'.padStart(8), 'vs bare'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7));
    for (const r of rows) console.log(r.name.padEnd(60), r.rps.toFixed(0).padStart(8), `${((r.rps / rows[0].rps) * 100).toFixed(0)}%`.padStart(8), String(r.p50).padStart(7), String(r.p99).padStart(7));
    const worst = Math.max(...rows.slice(1, 4).map((r) => r.p99));
    console.log(`\nreview summary and first page: worst p99 ${worst} ms under ${CONNECTIONS} connections, the bare route's ${rows[0].p99} ms (goal on PostgreSQL: at most 20 ms)`);
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

await benchOn('Reviews on PGlite', { BENCH_DATABASE_URL: '' });

if (process.env.DATABASE_URL) {
  await onScratchDatabase('servauto_bench_reviews', (url, host) =>
    benchOn(`Reviews on PostgreSQL (${host}, pool of ${process.env.DATABASE_POOL ?? 10})`, { BENCH_DATABASE_URL: url }),
  );
}

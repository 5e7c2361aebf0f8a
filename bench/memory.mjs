// The server's memory (RSS) as `npm start` runs it: when ready (and its peak while starting),
// after 20,000 mixed requests (catalogue pages, product pages, the car picker, workshops, slots,
// banners, the city dictionary, a few logged-in calls), and after a garbage collection, with the
// part that is PGlite's own WebAssembly memory. On PGlite in a new data folder, and on
// PostgreSQL too when DATABASE_URL is set (in a scratch database created beside it and dropped
// after: nothing of the database named is touched). Linux only: it reads /proc.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onScratchDatabase } from './scratch-database.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 3902);
const REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 20_000);
const CONCURRENCY = 16;
const base = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const mb = (bytes) => (bytes == null ? '-' : String(Math.round(bytes / MB)));

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** CPU time the process has used, in ms (user and system). */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server of bench/memory-server.mjs, with the flags `npm start` gives it, and what it prints. */
async function startServer(env) {
  const child = spawn(process.execPath, ['--expose-gc', ...SERVER_NODE_FLAGS, 'bench/memory-server.mjs'], {
    env: { ...SERVER_ENV, ...process.env, SMS_PROVIDER: 'console', ...env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const waiters = [];
  child.stdout.on('data', (chunk) => {
    out += chunk;
    for (const w of [...waiters]) if (w.test(out)) waiters.splice(waiters.indexOf(w), 1);
  });
  const waitFor = (pattern) =>
    new Promise((resolve, reject) => {
      const test = (text) => {
        const found = pattern.exec(text);
        if (found) resolve(found);
        return Boolean(found);
      };
      if (!test(out)) waiters.push({ test });
      child.once('exit', (code) => reject(new Error(`the server exited with ${code} before printing ${pattern}`)));
    });
  const started = Date.now();
  await waitFor(/is ready at/);
  return { child, started: Date.now() - started, waitFor, output: () => out, clear: () => (out = '') };
}

const post = async (path, body, key) => {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en_us', ...(key ? { authorization: key } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  const answer = await res.json();
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
};

/** A customer logged in with the code the console SMS provider prints. */
async function login(server, phone) {
  await post('/app/user/send/sms', { phone, type: 'login' });
  const [, code] = await server.waitFor(new RegExp(`\\+60${phone.slice(1)}\\D+(\\d{6})`));
  return (await post('/app/user/client-login', { phone, code })).userKey;
}

/** The calls of the mix, each with its body, drawn from what the shop offers. */
async function mix(server) {
  const categories = (await post('/app/order/vehicle/type/list', {})).map((c) => c.slug);
  const models = (await post('/app/order/vehicle/car/size/chose', { brandId: 'perodua' })).list;
  const variants = (await post('/app/order/vehicle/car/size/chose', { modelId: models[0].modelId, level: 'variant' })).list.map((v) => v.variantId);
  const products = (await post('/app/order/vehicle/product/app/page', { pageSize: 48 })).list.map((p) => p.id);
  const stores = await post('/app/order/vehicle/door/store/list', { service: 'Wiper Blade' });
  const keys = [];
  for (const phone of ['0170000001', '0170000002', '0170000003']) keys.push(await login(server, phone));
  const pick = (list, i) => list[i % list.length];
  const calls = [
    (i) => ['/app/order/vehicle/product/app/page', { category: pick(categories, i), variantId: pick(variants, i), fitsOnly: i % 2 === 0 }],
    (i) => ['/app/order/vehicle/product/app/page', { category: pick(categories, i), sort: 'priceAsc', page: 1 + (i % 2) }],
    (i) => ['/app/order/vehicle/product/app/page', { keyword: ['bosch', 'oil', 'tint', 'mat'][i % 4] }],
    (i) => ['/app/order/vehicle/product/app/find', { id: pick(products, i), variantId: pick(variants, i) }],
    (i) => ['/app/order/vehicle/product/app/find', { id: pick(products, i + 7) }],
    (i) => ['/app/order/vehicle/car/size/chose', i % 2 ? { brandId: 'perodua' } : { modelId: pick(models, i).modelId, level: 'variant' }],
    () => ['/app/order/vehicle/door/store/list', {}],
    () => ['/app/user/home/banner', {}],
    () => ['/user/dictionary/dictionary-info', { dictionaryId: 'CITY' }],
    (i) => ['/app/order/vehicle/store/slots', { storeId: pick(stores, i).id, items: [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }] }, pick(keys, i)],
    (i) => ['/app/user/info', {}, pick(keys, i)],
    (i) => ['/app/order/vehicle/order/app/page', {}, pick(keys, i)],
  ];
  return (i) => calls[i % calls.length](Math.floor(i / calls.length));
}

async function load(server) {
  const request = await mix(server);
  let next = 0;
  let failed = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const [path, body, key] = request(next++);
        await post(path, body, key).catch((err) => {
          if (failed++ < 3) console.error(err.message);
        });
      }
    }),
  );
  if (failed) throw new Error(`${failed} of ${REQUESTS} requests failed`);
  return (Date.now() - started) / 1000;
}

/** The server's own report after a garbage collection (bench/memory-server.mjs). */
async function afterGc(server) {
  server.clear();
  server.child.kill('SIGUSR2');
  const [, json] = await server.waitFor(/\[memory\] (\{.*\})/);
  return JSON.parse(json);
}

async function measure(name, env) {
  const server = await startServer(env);
  const { pid } = server.child;
  try {
    const ready = memoryOf(pid);
    let highest = ready.rss;
    const cpu = cpuOf(pid);
    const sampler = setInterval(() => (highest = Math.max(highest, memoryOf(pid).rss)), 100);
    const seconds = await load(server);
    clearInterval(sampler);
    const cpuMs = (cpuOf(pid) - cpu) / REQUESTS;
    const loaded = memoryOf(pid);
    const gc = await afterGc(server);
    return { name, startMs: server.started, ready, highest, loaded, gc, rps: REQUESTS / seconds, cpuMs };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

const rows = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'servauto-bench-memory-'));
try {
  rows.push(await measure('PGlite (new data folder)', { DATA_DIR: dataDir, DATABASE_URL: '' }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (process.env.DATABASE_URL) {
  rows.push(await onScratchDatabase('servauto_bench_memory', (url) => measure('PostgreSQL', { DATABASE_URL: url, DEMO_DATA: '0' })));
}

console.log(`\nServer memory, RSS in MB: ${REQUESTS} mixed requests, ${CONCURRENCY} at a time\n`);
console.log(
  ['database'.padEnd(26), 'ready', 'peak at start', 'highest under load', 'after load', 'after GC', 'JS heap (used/total)', 'PGlite wasm (resident/size)', 'req/s', 'CPU ms/req'].join('  '),
);
for (const r of rows) {
  const wasm = r.gc.wasmMemory == null || r.name === 'PostgreSQL' ? '-' : `${mb(r.gc.wasmResident)} / ${mb(r.gc.wasmMemory)}`;
  console.log(
    [
      r.name.padEnd(26),
      mb(r.ready.rss).padStart(5),
      mb(r.ready.peak).padStart(13),
      mb(r.highest).padStart(18),
      mb(r.loaded.rss).padStart(10),
      mb(r.gc.rss).padStart(8),
      `${mb(r.gc.heapUsed)} / ${mb(r.gc.heapTotal)}`.padStart(20),
      wasm.padStart(27),
      r.rps.toFixed(0).padStart(5),
      r.cpuMs.toFixed(2).padStart(10),
    ].join('  '),
  );
}
console.log("\nPGlite wasm: PostgreSQL's own memory inside the server process (its buffer pool, caches, working memory), resident part of the whole.");

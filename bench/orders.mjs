// Orders placed per second through the API against raw inserts of the same rows into the same
// database, in one run; then the slot query's latency under 50 connections. On PGlite, and on
// PostgreSQL too when DATABASE_URL is set (in a scratch database created beside it and dropped
// after: nothing of the database named is touched).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { onScratchDatabase } from './scratch-database.mjs';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_ORDERS_PORT ?? 3901);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const MYVI = 'perodua-myvi-1.5-av-2022';
const WIPERS = { productId: 'wiper-bosch-aerotwin', quantity: 1 };
const CART = [WIPERS, { productId: 'service-basic', quantity: 1 }];

const post = (path, body, key) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: key } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());

async function startServer(env) {
  const server = spawn(process.execPath, ['bench/orders-server.ts'], { env: { ...process.env, ...env, PORT: String(PORT) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    server.on('exit', (code) => reject(new Error(`bench orders server exited with ${code}`)));
  });
  return server;
}

/** Logged-in customers, a few at a time: a customer may hold at most 5 unpaid orders. */
async function customers(n) {
  const keys = [];
  for (let first = 0; first < n; first += 20) {
    const batch = Array.from({ length: Math.min(20, n - first) }, (_, i) => `017${String(first + i).padStart(7, '0')}`);
    keys.push(
      ...(await Promise.all(
        batch.map(async (phone) => {
          await post('/api/app/user/send/sms', { phone, type: 'login' });
          const { code } = await post('/bench/otp', { phone: `+60${phone.slice(1)}` });
          const login = await post('/api/app/user/client-login', { phone, code });
          if (login.code !== 200) throw new Error(`login ${phone}: ${login.code} ${login.msg}`);
          return login.data.userKey;
        }),
      )),
    );
  }
  return keys;
}

/** Every free (workshop, date, time) for a wiper job, a bay each: more than a run can place. */
async function freeTimes(key) {
  const stores = await post('/api/app/order/vehicle/door/store/list', { service: 'auto-wiper-blade' });
  const times = [];
  for (const store of stores.data) {
    const slots = await post('/api/app/order/vehicle/store/slots', { storeId: store.id, items: [WIPERS] }, key);
    for (const day of slots.data.dates) for (const t of day.times) if (t.available) for (let bay = 0; bay < store.bays; bay++) times.push({ storeId: store.id, date: day.date, time: t.time });
  }
  // Spread over workshops and days, as real customers are.
  for (let i = times.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [times[i], times[j]] = [times[j], times[i]];
  }
  return times;
}

function summary(name, result, ok = result.requests.total) {
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { name, rps: (ok / result.duration), p50: result.latency.p50, p99: result.latency.p99 };
}

const measure = (path, body, key) =>
  autocannon({
    url: `${base}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', language: 'en_us', ...(key ? { authorization: key } : {}) },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });

/** Orders a customer may leave unpaid at once (order/app/add refuses a sixth). */
const UNPAID_PER_CUSTOMER = 5;

async function placeOrders(keys, times) {
  let nextOrder = 0;
  let nextTime = 0;
  const codes = new Map();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/app/order/vehicle/order/app/add',
        setupRequest(request) {
          // Each customer places as many orders as they may leave unpaid, then the next one takes over.
          const key = keys[Math.floor(nextOrder++ / UNPAID_PER_CUSTOMER) % keys.length];
          const { storeId, date, time } = times[nextTime++ % times.length];
          request.headers = { ...request.headers, 'content-type': 'application/json', authorization: key };
          request.body = JSON.stringify({
            idempotencyKey: randomUUID(),
            items: [WIPERS],
            variantId: MYVI,
            carPlate: 'WXY 1234',
            method: 'install',
            storeId,
            appointment: { date, time },
            contact: { name: 'Nur Aisyah', phone: '0123456789' },
          });
          return request;
        },
        onResponse(_status, body) {
          const code = JSON.parse(body).code;
          codes.set(code, (codes.get(code) ?? 0) + 1);
        },
      },
    ],
  });
  const placed = codes.get(200) ?? 0;
  const others = [...codes].filter(([code]) => code !== 200);
  if (others.length) console.log(`  answers other than 200 while placing: ${others.map(([c, n]) => `${n} × ${c}`).join(', ')}`);
  return summary('order/app/add: wipers with installation, a new order each', result, placed);
}

/** The slot query's goal against the in-memory call: ≥ 0.5× and p99 ≤ 20 ms on PostgreSQL, ≥ 0.25× on PGlite. */
const goal = (label) => (label.includes('PostgreSQL') ? 'at least 0.5×, p99 at most 20 ms' : 'at least 0.25×');
/** The database calls a cart page makes, against the in-memory call's p99: at most 1.5× on PostgreSQL. */
const p99Goal = (label) => (label.includes('PostgreSQL') ? 'at most 1.5×' : 'none on PGlite, one transaction at a time');
/** The checkout's bill for the same cart, installed at SS2 (what the cart page asks on every change). */
const QUOTE = { items: CART, variantId: MYVI, method: 'install', storeId: 'petaling-jaya-ss2-tyre-auto' };
/** A set of four tyres at SS2: what the product page asks of stock for every size and quantity chosen. */
const STOCK = { productId: 'tyre-michelin-energy-xm2-plus', tyreSize: '185/55R15', storeId: 'petaling-jaya-ss2-tyre-auto', quantity: 4 };
/** Stock reads and orders that reserve stock, against the in-memory call: at least 0.5×. */
const STOCK_GOAL = 0.5;

async function benchOn(label, env) {
  const server = await startServer(env);
  try {
    // Enough customers for every order a run can place (about 600 per second at most here).
    const keys = await customers(Math.ceil((SECONDS * 600) / UNPAID_PER_CUSTOMER));
    const times = await freeTimes(keys[0]);
    // Every order reserves its wipers: shelves deep enough that none is refused for stock.
    const deep = await post('/bench/deep-stock', { products: [WIPERS.productId] });
    if (deep.code !== 200) throw new Error(`deep stock: ${JSON.stringify(deep)}`);
    const rows = [];
    rows.push(await placeOrders(keys, times));
    rows.push(summary('raw insert: one order row', await measure('/bench/raw-order-row', {})));
    rows.push(summary("raw insert: an order's rows (order, 2 lines, history, 3 units, job) in one transaction", await measure('/bench/raw-order-rows', {})));
    // The yardstick for the slot query: a call answered from the indexes in memory, in the same run.
    const inMemory = summary(`product/app/page: wipers for ${MYVI} (in memory)`, await measure('/api/app/order/vehicle/product/app/page', { category: 'auto-wiper-blade', variantId: MYVI, fitsOnly: true }));
    const stockAnswer = await post('/api/app/order/vehicle/product/stock', STOCK);
    if (stockAnswer.code !== 200) throw new Error(`product/stock: ${stockAnswer.code} ${stockAnswer.msg}`);
    const stock = summary('product/stock: 4 Michelin 185/55R15 at SS2 and the warehouse', await measure('/api/app/order/vehicle/product/stock', STOCK));
    const slots = summary('store/slots: SS2, wipers and a basic service (30 dates)', await measure('/api/app/order/vehicle/store/slots', { storeId: 'petaling-jaya-ss2-tyre-auto', items: CART }, keys[0]));
    // HTTP 200 carries refusals too: the quote is measured only once it answers a bill.
    const bill = await post('/api/app/order/vehicle/cart/quote', QUOTE, keys[0]);
    if (bill.code !== 200) throw new Error(`cart/quote: ${bill.code} ${bill.msg}`);
    const quote = summary('cart/quote: the same cart for a Myvi, installed at SS2', await measure('/api/app/order/vehicle/cart/quote', QUOTE, keys[0]));
    console.log(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s each, one run on ${process.platform} (${os.cpus().length} cores)\n`);
    console.log('measure'.padEnd(92), 'per s'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7));
    for (const r of [...rows, inMemory, stock, slots, quote]) console.log(r.name.padEnd(92), r.rps.toFixed(0).padStart(8), String(r.p50).padStart(7), String(r.p99).padStart(7));
    const [placed, row, orderRows] = rows;
    console.log(`\norders placed per second: ${((placed.rps / row.rps) * 100).toFixed(0)}% of raw single-row inserts, ${((placed.rps / orderRows.rps) * 100).toFixed(0)}% of raw inserts of the same rows (goal: at least 25%)`);
    console.log(`slot query: ${(slots.rps / inMemory.rps).toFixed(2)}× the in-memory call's rate, p99 ${slots.p99} ms under ${CONNECTIONS} connections (goal: ${goal(label)})`);
    const ratio = (r) => (r.rps / inMemory.rps).toFixed(2);
    console.log(`stock: product/stock ${ratio(stock)}×, order/app/add (reserving its wipers) ${ratio(placed)}× the in-memory call's rate (goal: at least ${STOCK_GOAL}× each)`);
    const p99s = [slots, quote].map((r) => `${r.name.split(':')[0]} ${(r.p99 / inMemory.p99).toFixed(2)}×`).join(', ');
    console.log(`p99 against the in-memory call's ${inMemory.p99} ms: ${p99s} (goal: ${p99Goal(label)})`);
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
}

await benchOn('Orders on PGlite', { BENCH_DATABASE_URL: '' });

if (process.env.DATABASE_URL) {
  await onScratchDatabase('servauto_bench', (url, host) =>
    benchOn(`Orders on PostgreSQL (${host}, pool of ${process.env.DATABASE_POOL ?? 10})`, { BENCH_DATABASE_URL: url }),
  );
}

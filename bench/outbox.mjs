// The outbox with a slow SMS provider (2 s per message, BENCH_SMS_MS), on PGlite, in one run:
// the p99 of concurrent My Orders reads while messages are being sent, against the same reads
// with no message on its way (the yardstick; goal: at most 1.2×), and how long a payment's
// webhook takes to be answered meanwhile (it never waits for a message).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { recordTo } from './record.mjs';

recordTo('outbox');

const PORT = Number(process.env.BENCH_OUTBOX_PORT ?? 3902);
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SMS_MS = Number(process.env.BENCH_SMS_MS ?? 2000);
/** Messages written every half second while loaded: about 4 × SMS_MS / 500 on their way at once. */
const PER_TICK = 4;
const base = `http://127.0.0.1:${PORT}`;
const PAGE = '/api/app/order/vehicle/order/app/page';

const post = (path, body, key) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { authorization: key } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());

const server = spawn(process.execPath, ['bench/outbox-server.ts'], { env: { ...process.env, PORT: String(PORT), BENCH_SMS_MS: String(SMS_MS) }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
  server.on('exit', (code) => reject(new Error(`bench outbox server exited with ${code}`)));
});

async function login(phone) {
  await post('/api/app/user/send/sms', { phone, type: 'login' });
  const { code } = await post('/bench/otp', { phone: `+60${phone.slice(1)}` });
  const answer = await post('/api/app/user/client-login', { phone, code });
  if (answer.code !== 200) throw new Error(`login ${phone}: ${answer.code} ${answer.msg}`);
  return answer.data.userKey;
}

const address = { recipient: 'Nur Aisyah', phone: '0123456789', line1: '12, Jalan SS 2/24', postcode: '47300', city: 'Petaling Jaya', state: 'Selangor' };
/** Places a mail order, pays it in the sandbox (its webhook reaches the shop), as a customer does. */
async function placeAndPay(key) {
  const placed = await post(
    '/api/app/order/vehicle/order/app/add',
    { idempotencyKey: crypto.randomUUID(), items: [{ productId: 'wiper-bosch-aerotwin', quantity: 1 }], variantId: 'perodua-myvi-1.5-av-2022', carPlate: 'WXY 1234', method: 'mail', address, contact: { name: 'Nur Aisyah', phone: '0123456789' } },
    key,
  );
  if (placed.code !== 200) throw new Error(`order/app/add: ${placed.code} ${placed.msg}`);
  const pay = await post('/api/app/order/vehicle/order/app/pay', { orderNo: placed.data.orderNo, payMethod: 'fpx', bankCode: 'maybank2u' }, key);
  if (pay.code !== 200) throw new Error(`order/app/pay: ${pay.code} ${pay.msg}`);
  const press = await fetch(new URL(pay.data.redirectUrl, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'pay', method: 'fpx', bank: 'maybank2u' }).toString(),
    redirect: 'manual',
  });
  if (press.status !== 303) throw new Error(`sandbox page: ${press.status}`);
}

async function reads(key) {
  const result = await autocannon({ url: `${base}${PAGE}`, method: 'POST', headers: { 'content-type': 'application/json', authorization: key }, body: '{}', connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`My Orders: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.latency;
}

const ms = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

try {
  // A customer with five paid orders (each with its SMS), sent before anything is measured.
  const reader = await login('0170000001');
  for (let i = 0; i < 5; i++) await placeAndPay(reader);
  while ((await post('/bench/stats', {})).taken < 5) await sleep(100);
  await reads(reader); // warm-up

  const quiet = await reads(reader);

  // Loaded: messages written all along (each taking SMS_MS at the provider), and another
  // customer paying orders one after another, their webhooks timed by the server.
  const payer = await login('0170000002');
  const before = await post('/bench/stats', {});
  let pumping = true;
  const pump = (async () => {
    while (pumping) {
      await post('/bench/messages', { count: PER_TICK });
      await sleep(500);
    }
  })();
  const paying = (async () => {
    await sleep(1000);
    for (let i = 0; i < 5; i++) {
      await placeAndPay(payer);
      await sleep(500);
    }
  })();
  const loaded = await reads(reader);
  pumping = false;
  await Promise.all([pump, paying]);
  const after = await post('/bench/stats', {});
  const webhooks = after.webhookMs.slice(before.webhookMs.length);

  console.log(`\nMy Orders (order/app/page), ${CONNECTIONS} connections, ${SECONDS} s each, PGlite, one run on ${process.platform} (${os.cpus().length} cores)`);
  console.log(`SMS provider: ${SMS_MS} ms per message; loaded: ${PER_TICK} messages written every 500 ms, ${after.taken - before.taken} taken during the run\n`);
  console.log('reads'.padEnd(34), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8));
  console.log('no message on its way'.padEnd(34), String(quiet.p50).padStart(8), String(quiet.p99).padStart(8));
  console.log('messages being sent'.padEnd(34), String(loaded.p50).padStart(8), String(loaded.p99).padStart(8));
  console.log(`\np99 with messages / p99 without: ${(loaded.p99 / quiet.p99).toFixed(2)}× (goal: at most 1.2×)`);
  console.log(`payment webhook answered while messages are sent: ${webhooks.length} webhooks, median ${ms(webhooks, 0.5).toFixed(1)} ms, slowest ${Math.max(...webhooks).toFixed(1)} ms (an SMS takes ${SMS_MS} ms)`);
} finally {
  server.kill('SIGTERM');
}

// Server memory while 32 photos of the largest size arrive at once: each as many bytes as an
// upload may carry (5 MB) and as many pixels as a photo may have (just under 25 megapixels, a
// 16-bit PNG, the costliest to decode). The server is `node server/main.ts`, with the flags
// `npm start` and `npm run serve` give it, on a new PGlite folder
// (and on a scratch PostgreSQL database beside DATABASE_URL when it is set); its RSS is sampled
// from /proc while the uploads are under way. Goal: peak RSS under 500 MB.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { onScratchDatabase } from './scratch-database.mjs';
import sharp from 'sharp';

const PORT = Number(process.env.BENCH_UPLOADS_PORT ?? 3902);
const base = `http://127.0.0.1:${PORT}`;
const UPLOADS = 32;
/** contract/my-orders-dto.ts's MAX_IMAGE_BYTES. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const WIDTH = 5000;
const HEIGHT = 4999;
const GOAL_MB = 500;

/** A PNG chunk (length, type, data, CRC). */
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The costliest photo an upload may carry: WIDTH × HEIGHT 16-bit RGB (a band of noise, so there is
 * real image data to inflate), filled up to MAX_IMAGE_BYTES with a private ancillary chunk, which
 * decoders skip.
 */
async function largestPhoto() {
  const pixels = new Uint16Array(WIDTH * HEIGHT * 3);
  const noisy = WIDTH * 120 * 3;
  for (let i = 0; i < noisy; i++) pixels[i] = (Math.random() * 65536) | 0;
  pixels.fill(0x4000, noisy);
  const png = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).toColourspace('rgb16').png({ compressionLevel: 6 }).toBuffer();
  const room = MAX_IMAGE_BYTES - png.length - 12;
  if (room < 0) throw new Error(`the photo is ${png.length} bytes, above ${MAX_IMAGE_BYTES}`);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk('prVt', Buffer.alloc(room, 0x5a)), png.subarray(iend)]);
}

const rssOf = (pid, field) => Number(/(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field)) ?? '')?.[1] ?? NaN) / 1024;

async function startServer(env, dataDir = mkdtempSync(path.join(tmpdir(), 'servauto-bench-uploads-'))) {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dev/start.ts'], {
    env: { ...SERVER_ENV, ...process.env, DATA_DIR: dataDir, SITE_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', SMS_PROVIDER: 'console', DEMO_DATA: '0', OTP_SENDS_PER_ADDRESS_PER_HOUR: '100000', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  server.stdout.on('data', (c) => (output += c));
  const until = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (Date.now() > until) throw new Error(`the server did not answer within 120 s:\n${output}`);
    if (await fetch(`${base}/api/openapi.json`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { server, dataDir, output: () => output };
}

const post = (pathname, body) =>
  fetch(`${base}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());

/** Logged-in customers: each may upload 20 photos an hour. */
async function customers(n, output) {
  const keys = [];
  for (let i = 0; i < n; i++) {
    const phone = `011${String(process.pid % 10000).padStart(4, '0')}${String(i).padStart(4, '0')}`;
    await post('/api/app/user/send/sms', { phone, type: 'login' });
    let code;
    for (let t = 0; t < 100 && !code; t++) {
      code = new RegExp(`OTP for \\+60${phone.slice(1)}: (\\d{6})`).exec(output())?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 50));
    }
    const login = await post('/api/app/user/client-login', { phone, code });
    if (login.code !== 200) throw new Error(`login ${phone}: ${login.code} ${login.msg}`);
    keys.push(login.data.userKey);
  }
  return keys;
}

async function benchOn(name, env, photo) {
  // A server as it usually runs: on a data folder made by an earlier start (creating a PGlite
  // folder leaves a few hundred MB to the allocator until V8 next collects).
  const first = await startServer(env);
  first.server.kill('SIGTERM');
  await once(first.server, 'exit');
  const { server, dataDir, output } = await startServer(env, first.dataDir);
  try {
    const keys = await customers(2, output);
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssOf(server.pid, 'VmRSS');
    // From here VmHWM is the peak of the uploads, not of the start.
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid, 'VmRSS'))), 10);
    const started = performance.now();
    const codes = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const form = new FormData();
        form.append('file', new Blob([photo], { type: 'image/png' }), `big-${i}.png`);
        try {
          const res = await fetch(`${base}/api/app/upload/image`, { method: 'POST', body: form, headers: { authorization: keys[i % keys.length], language: 'en_us' } });
          return (await res.json()).code;
        } catch {
          // Refused before its body was read: the server may close the connection while the client still sends.
          return 'connection closed';
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const hwm = rssOf(server.pid, 'VmHWM');
    const after = rssOf(server.pid, 'VmRSS');
    const tally = Object.entries(codes.reduce((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {})).map(([c, n]) => `${n}× ${c}`).join(', ');
    const top = Math.max(peak, Number.isNaN(hwm) ? 0 : hwm);
    console.log(`\n${name}: ${UPLOADS} uploads of ${(photo.length / 1048576).toFixed(2)} MB (${WIDTH}×${HEIGHT} 16-bit PNG) at once`);
    console.log(`  answers: ${tally} (503: the decoding line was full) in ${seconds.toFixed(1)} s`);
    console.log(`  server RSS: ${before.toFixed(0)} MB before, peak ${top.toFixed(0)} MB (+${(top - before).toFixed(0)} MB), ${after.toFixed(0)} MB after; goal under ${GOAL_MB} MB: ${top < GOAL_MB ? 'met' : 'NOT met'}`);
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const photo = await largestPhoto();
await benchOn('Uploads on PGlite', { DATABASE_URL: '' }, photo);

if (process.env.DATABASE_URL) {
  await onScratchDatabase('servauto_bench_uploads', (url, host) => benchOn(`Uploads on PostgreSQL (${host})`, { DATABASE_URL: url }, photo));
}

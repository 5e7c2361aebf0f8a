import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { scheduleUploadSweep } from '../../server/jobs/upload-sweep.ts';
import { diskStorage } from '../../server/storage/index.ts';
import { photoDecoding } from '../../server/storage/photo.ts';
import { startApi, type TestApi } from './harness.ts';
import { count, mailOrder } from './order-fixtures.ts';
import { paidOrder, pngPhoto, REFUND, scratchDataDir, upload, UPLOAD } from './my-orders-fixtures.ts';

let api: TestApi;
let me: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = scratchDataDir();
  api = await startApi();
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.reset();
  me = (await api.login('0123456789')).userKey;
});

const uploads = () => count(api, sql`select count(*)::int as n from uploads`);
const HOUR = 3600;

/** `n` small photos, one after the other: their keys (each must be accepted). */
async function uploadMany(n: number, userKey = me): Promise<string[]> {
  const photo = await pngPhoto();
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const answer = await upload(api, userKey, photo, 'p.png', 'image/png');
    if (answer.code !== 200) throw new Error(`upload ${i + 1}: ${answer.code} ${answer.msg}`);
    keys.push(answer.data.key);
  }
  return keys;
}

/** A real PNG whose header claims another size: refused from the header, or it would fail to decode. */
function claimingSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe('per customer: 20 uploads an hour, 30 photos on no request', () => {
  test('the 21st upload within an hour is refused with 807, in the customer’s language, until the hour has passed', async () => {
    await uploadMany(20);
    const photo = await pngPhoto();
    expect(await upload(api, me, photo, 'p.png', 'image/png')).toMatchObject({ code: 807, msg: 'You can upload at most 20 photos an hour. Please try again in 60 minutes.' });
    api.advance(40 * 60);
    expect(await upload(api, me, photo, 'p.png', 'image/png', 'zh_cn')).toMatchObject({ code: 807, msg: '每小时最多上传 20 张照片，请在 20 分钟后再试。' });
    expect(await upload(api, me, photo, 'p.png', 'image/png', 'ms_my')).toMatchObject({ code: 807, msg: 'Anda boleh memuat naik paling banyak 20 foto sejam. Sila cuba lagi dalam 20 minit.' });
    // Another customer is not held back.
    const other = (await api.login('0198765432', { address: '60.1.1.1' })).userKey;
    expect((await upload(api, other, photo, 'p.png', 'image/png')).code).toBe(200);
    api.advance(20 * 60 + 1);
    expect((await upload(api, me, photo, 'p.png', 'image/png')).code).toBe(200);
    expect(await uploads()).toBe(22);
  });

  test('a 31st photo on no request is refused; sending a request with some of them makes room', async () => {
    const first = await uploadMany(20);
    api.advance(HOUR + 1);
    await uploadMany(10);
    api.advance(HOUR + 1);
    const photo = await pngPhoto();
    expect(await upload(api, me, photo, 'p.png', 'image/png')).toMatchObject({
      code: 807,
      msg: 'You have 30 photos not yet sent with a refund request. Please send your request with them; photos left unused are removed after a day.',
    });
    const orderNo = await paidOrder(api, me, mailOrder());
    const asked = await api.request(REFUND, { orderNo, reason: 'Wrong size', contact: '0123456789', images: first.slice(0, 3) }, { userKey: me });
    expect(asked.code, asked.msg).toBe(200);
    expect((await uploadMany(3)).length).toBe(3);
    expect((await upload(api, me, photo, 'p.png', 'image/png', 'ms_my')).code).toBe(807);
  });
});

describe('photos attached to nothing', () => {
  test('are removed a day after their upload, file and row; photos on a request and younger ones stay', async () => {
    const old = await uploadMany(5);
    api.advance(2 * HOUR);
    const orderNo = await paidOrder(api, me, mailOrder());
    expect((await api.request(REFUND, { orderNo, reason: 'Wrong size', contact: '0123456789', images: old.slice(0, 2) }, { userKey: me })).code).toBe(200);
    api.advance(20 * HOUR);
    const young = (await upload(api, me, await pngPhoto(), 'p.png', 'image/png')).data;
    await scheduleUploadSweep(api.db, api.now());
    api.advance(3 * HOUR);
    expect(await api.runJobs()).toBeGreaterThan(0);

    const left = (await api.db.execute(sql`select key from uploads`)) as unknown as { rows: { key: string }[] };
    const keys = new Set(left.rows.map((r) => r.key));
    expect(old.slice(0, 2).every((k) => keys.has(k))).toBe(true);
    expect(old.slice(2).some((k) => keys.has(k))).toBe(false);
    expect(keys.has(young.key)).toBe(true);
    const storage = diskStorage(path.join(dataDir, 'uploads'));
    for (const key of old.slice(2)) expect(await storage.get(key)).toBeNull();
    for (const key of [...old.slice(0, 2), young.key]) expect(await storage.get(key)).not.toBeNull();
  });
});

describe('decoding', () => {
  test('a photo above 25 megapixels is refused from its header, before decoding', async () => {
    const liar = claimingSize(await pngPhoto(), 6000, 6000);
    expect(await upload(api, me, liar, 'huge.png', 'image/png')).toMatchObject({
      code: 413,
      msg: 'This photo has too many pixels: at most 25 megapixels (for example 5,000 × 5,000). Please upload a smaller one.',
    });
    expect((await upload(api, me, liar, 'huge.png', 'image/png', 'zh_cn')).msg).toBe('此照片像素过多：最多 25 百万像素（例如 5,000 × 5,000）。请上传较小的照片。');
    // The same lie within the limit gets as far as decoding, which finds the pixels missing.
    expect((await upload(api, me, claimingSize(await pngPhoto(), 4000, 4000), 'p.png', 'image/png')).code).toBe(415);
    expect(await uploads()).toBe(0);
  });

  test('2 decode at once, 6 hold their photo, 18 wait in all; the next is turned away at once with 503, and the waiting ones are all served', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngPhoto())], { type: 'image/png' }), 'p.png');
    const template = new Request('http://x', { method: 'POST', body: form });
    const type = template.headers.get('content-type')!;
    const body = new Uint8Array(await template.arrayBuffer());

    // 18 uploads whose bodies arrive slowly: each holds its place in line until its body is in.
    const release: (() => void)[] = [];
    const pending = Array.from({ length: 18 }, () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body.subarray(0, 10));
          release.push(() => {
            controller.enqueue(body.subarray(10));
            controller.close();
          });
        },
      });
      return api.fetch(UPLOAD, { method: 'POST', body: stream, duplex: 'half', headers: { Authorization: me, 'Content-Type': type } } as RequestInit);
    });
    for (let i = 0; i < 200 && photoDecoding.load.entered < 18; i++) await new Promise((r) => setTimeout(r, 10));
    // 18 in line, of which 6 are reading their body; the others wait with theirs unread.
    expect(photoDecoding.load).toEqual({ entered: 18, holding: 6, decoding: 0 });

    const turnedAway = await upload(api, me, await pngPhoto(), 'p.png', 'image/png');
    expect(turnedAway).toMatchObject({ code: 503, msg: 'Many photos are being processed right now. Please try again in a moment.' });

    let most = { holding: 0, decoding: 0 };
    const watch = setInterval(() => {
      const { holding, decoding } = photoDecoding.load;
      most = { holding: Math.max(most.holding, holding), decoding: Math.max(most.decoding, decoding) };
    }, 1);
    for (const go of release) go();
    const answers = await Promise.all(pending.map(async (p) => ((await (await p).json()) as { code: number }).code));
    clearInterval(watch);
    expect(answers).toEqual(Array(18).fill(200));
    expect(most.decoding).toBeLessThanOrEqual(2);
    expect(most.holding).toBeLessThanOrEqual(6);
    expect(photoDecoding.load).toEqual({ entered: 0, holding: 0, decoding: 0 });
    expect(await uploads()).toBe(18);
  });
});

describe('partial files', () => {
  test('a write that fails on disk leaves no partial file', async () => {
    const dir = path.join(dataDir, 'broken');
    const storage = diskStorage(dir);
    const key = `${'ab'.repeat(16)}.jpg`;
    // A folder where the photo should go: the final rename fails.
    mkdirSync(path.join(dir, 'ab', key, 'x'), { recursive: true });
    await expect(storage.put(key, Buffer.from('photo'), 'image/jpeg')).rejects.toThrow();
    expect(readdirSync(path.join(dir, 'ab'))).toEqual([key]);
  });

  test('the data folder can be checked: writable passes, a file in its place fails', async () => {
    await expect(diskStorage(path.join(dataDir, 'uploads')).check()).resolves.toBeUndefined();
    writeFileSync(path.join(dataDir, 'a-file'), 'not a folder');
    await expect(diskStorage(path.join(dataDir, 'a-file', 'uploads')).check()).rejects.toThrow();
  });
});

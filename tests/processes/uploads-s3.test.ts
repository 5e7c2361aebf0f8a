import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { s3Storage } from '../../server/storage/index.ts';
import { freePort } from '../api/free-port.ts';
import { startApi, type TestApi } from '../api/harness.ts';
import { count, FIND, mailOrder } from '../api/order-fixtures.ts';
import { jpegWithGps, paidOrder, pngPhoto, REFUND, upload } from '../api/my-orders-fixtures.ts';
import { bucketKeys } from '../api/s3-listing.ts';
import { startS3, type TestBucket } from '../api/s3-server.ts';

/** The upload call and the photo links end to end with the photos in a bucket (s3rver, started here). */
let bucket: TestBucket;
let api: TestApi;
let me: string;

beforeAll(async () => {
  bucket = await startS3();
  api = await startApi({ storage: s3Storage(bucket.settings) });
});
afterAll(async () => {
  await api?.close();
  await bucket?.close();
});
beforeEach(async () => {
  await api.reset();
  me = (await api.login('0123456789')).userKey;
});

describe('uploads in a bucket', () => {
  test('a photo goes to the bucket under its key, its link streams the same bytes, and it goes on a refund', async () => {
    const answer = await upload(api, me, await jpegWithGps(640, 480));
    expect(answer.code, answer.msg).toBe(200);
    const { key, url } = answer.data as { key: string; url: string };
    expect(await bucketKeys(bucket.settings)).toContain(key);

    const res = await api.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const shown = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(shown.length);
    expect((await sharp(shown).metadata()).exif).toBeUndefined();
    expect(shown.includes('SpyCam')).toBe(false);

    const png = (await upload(api, me, await pngPhoto())).data.key as string;
    const orderNo = await paidOrder(api, me, mailOrder());
    const asked = await api.request(REFUND, { orderNo, reason: 'Wrong size', contact: '0123456789', images: [key, png] }, { userKey: me });
    expect(asked.code, asked.msg).toBe(200);
    const found = await api.request(FIND, { orderNo }, { userKey: me });
    for (const image of found.data.refunds[0].images as { url: string }[]) expect((await api.fetch(image.url)).status).toBe(200);

    // A forged link shows nothing, whether the photo is in the bucket or not.
    expect((await api.fetch(url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(404);
  });

  test('a photo gone from the bucket answers 404 on its link, not an error', async () => {
    const { key, url } = (await upload(api, me, await pngPhoto())).data as { key: string; url: string };
    await s3Storage(bucket.settings).delete(key);
    const res = await api.fetch(url);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { msg: string }).msg).toBe('This photo does not exist or its link has expired.');
  });

  test('with the bucket out of reach, a photo link answers 503 (not 200), in the reader\'s language, and nothing is cached', async () => {
    const { url } = (await upload(api, me, await pngPhoto())).data as { url: string };
    const onPostgres = Boolean(process.env.DATABASE_URL);
    // The same photo's link on a server whose bucket is down: nothing listens on its port.
    const down = await startApi({ storage: s3Storage({ ...bucket.settings, endpoint: `http://127.0.0.1:${await freePort()}` }), ...(onPostgres ? { beside: api } : {}) });
    try {
      const res = await down.fetch(url, { headers: { language: 'ms_my' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toMatchObject({ code: 503, msg: 'Foto tidak dapat dipaparkan sekarang. Sila cuba lagi sebentar.' });
    } finally {
      await down.close();
    }
    expect((await api.fetch(url)).status).toBe(200);
  });

  test('when the upload cannot be recorded, nothing is left in the bucket', async () => {
    const before = await bucketKeys(bucket.settings);
    await api.db.execute(sql`create function refuse_upload() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await api.db.execute(sql`create trigger refuse_upload before insert on uploads for each row execute function refuse_upload()`);
    try {
      const answer = await upload(api, me, await jpegWithGps());
      expect(answer.code).toBe(500);
    } finally {
      await api.db.execute(sql`drop trigger refuse_upload on uploads`);
      await api.db.execute(sql`drop function refuse_upload()`);
    }
    expect(await bucketKeys(bucket.settings)).toEqual(before);
  });

  test('a bucket that refuses the credentials fails the upload with 500 and records nothing', async () => {
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const refused = await startApi({ storage: s3Storage({ ...bucket.settings, secretAccessKey: 'wrong' }), ...(onPostgres ? { beside: api } : {}) });
    try {
      const userKey = onPostgres ? me : (await refused.login('0123456789')).userKey;
      expect((await upload(refused, userKey, await pngPhoto())).code).toBe(500);
      expect(await count(refused, sql`select count(*)::int as n from uploads`)).toBe(0);
    } finally {
      await refused.close();
    }
  });
});

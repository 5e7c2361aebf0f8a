import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readAll, s3Storage, storageFromEnv, StorageSettingError, type FileStorage } from '../../server/storage/index.ts';
import { startS3, type TestBucket } from '../api/s3-server.ts';

/** The storage against a real S3-speaking server (s3rver), started here: no stand-in for the client. */
let bucket: TestBucket;
let storage: FileStorage;

beforeAll(async () => {
  bucket = await startS3();
  storage = s3Storage(bucket.settings);
});
afterAll(() => bucket?.close());

const key = (n: number, ext = 'jpg') => `${n.toString(16).padStart(32, '0')}.${ext}`;

describe('s3Storage', () => {
  test('put, get (same bytes and type), delete; a missing key is null; deleting twice is fine', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await storage.put(key(1), bytes, 'image/jpeg');
    const file = await storage.get(key(1));
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('image/jpeg');
    expect(file!.size).toBe(bytes.length);
    expect((await readAll(file!)).equals(bytes)).toBe(true);

    expect(await storage.get(key(2, 'png'))).toBeNull();
    await storage.delete(key(1));
    expect(await storage.get(key(1))).toBeNull();
    await storage.delete(key(1));
  });

  test('keys are checked: a path never reaches the bucket', async () => {
    await expect(storage.put('../other-bucket/x.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/not a storage key/);
    await expect(storage.delete('a/b.jpg')).rejects.toThrow(/not a storage key/);
    expect(await storage.get('../../etc/passwd')).toBeNull();
  });

  test('check() passes on the bucket; names a missing bucket and refused credentials', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    await expect(s3Storage({ ...bucket.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow(/no-such-bucket does not exist/);
    const wrong = s3Storage({ ...bucket.settings, secretAccessKey: 'not-the-secret' });
    await expect(wrong.check()).rejects.toThrow(/refused the credentials/);
    await expect(wrong.put(key(3), Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/S3 PUT .*SignatureDoesNotMatch/);
    await expect(wrong.get(key(3))).rejects.toThrow(/S3 GET/);
    expect(await storage.get(key(3))).toBeNull();
  });

  test('a bucket out of reach fails the call within its time limit', async () => {
    const away = s3Storage({ ...bucket.settings, endpoint: 'http://127.0.0.1:9', timeoutMs: 1000 });
    await expect(away.check()).rejects.toThrow();
    await expect(away.put(key(4), Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  });
});

describe('storageFromEnv', () => {
  test('S3_BUCKET chooses the bucket; without it, the data folder', async () => {
    expect(storageFromEnv(bucket.env).name).toBe('s3');
    expect(storageFromEnv({ DATA_DIR: '/nowhere' }).name).toBe('disk');
    await expect(storageFromEnv(bucket.env).check()).resolves.toBeUndefined();
  });

  test.each([
    [{ S3_BUCKET: '', S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^S3_ENDPOINT is set but S3_BUCKET is not/],
    [{ S3_BUCKET: 'Photos_Bucket' }, /^S3_BUCKET must be a bucket name/],
    [{ S3_ACCESS_KEY_ID: '' }, /^S3_ACCESS_KEY_ID is required with S3_BUCKET$/],
    [{ S3_SECRET_ACCESS_KEY: '' }, /^S3_SECRET_ACCESS_KEY is required with S3_BUCKET$/],
    [{ S3_ENDPOINT: 'ftp://127.0.0.1' }, /^S3_ENDPOINT must be the service's http\(s\) address/],
    [{ S3_ENDPOINT: 'not a url' }, /^S3_ENDPOINT must be/],
    [{ S3_REGION: 'Asia Pacific' }, /^S3_REGION must be a region name/],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /^S3_FORCE_PATH_STYLE must be 1/],
    [{ S3_FORCE_PATH_STYLE: '0' }, /^S3_FORCE_PATH_STYLE=1 is required when S3_ENDPOINT is an IP address/],
  ])('%o is refused in one line naming the variable', (change, message) => {
    const env = { ...bucket.env, ...change };
    let thrown: unknown;
    try {
      storageFromEnv(env);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(StorageSettingError);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).not.toContain('\n');
  });
});

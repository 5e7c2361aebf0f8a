import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { IMAGE_KEY } from '../../contract/my-orders-dto.ts';
import { contentTypeOf, type FileStorage } from './types.ts';

export interface S3Settings {
  bucket: string;
  /** The service's origin (https://s3.ap-southeast-1.amazonaws.com, http://10.0.0.5:9000, …). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket in the path (servers reached by IP, MinIO, SeaweedFS) rather than as a host name. */
  forcePathStyle: boolean;
  /** Longest wait for an answer's headers (default 15 s): a bucket out of reach fails the call, it does not hang it. */
  timeoutMs?: number;
}

/** S3's error code from an error answer's XML (<Code>NoSuchBucket</Code>), for the log. */
async function errorCode(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1] ?? `HTTP ${res.status}`;
}

function keyChecked(key: string): string {
  if (!IMAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, SeaweedFS), signed with
 * SigV4 by aws4fetch. Every API process behind a load balancer sees the same photos.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // A few quick retries of 5xx answers; a bucket that stays down fails the call.
    retries: 2,
  });
  const endpoint = new URL(settings.endpoint);
  const base = settings.forcePathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${settings.bucket}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
  // The bucket itself: `/bucket` in the path, `/` on the bucket's own host name.
  const bucketUrl = settings.forcePathStyle ? base : `${base}/`;
  const timeoutMs = settings.timeoutMs ?? 15_000;

  /** A signed request; the time limit covers the wait for the headers, not the streaming of a body. */
  async function send(method: string, url: string, init: { body?: Uint8Array<ArrayBuffer>; headers?: Record<string, string> } = {}): Promise<Response> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`the bucket did not answer ${method} within ${timeoutMs} ms`)), timeoutMs);
    try {
      return await client.fetch(url, { method, body: init.body, headers: init.headers, signal: abort.signal });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    name: 's3',
    async put(key, bytes, contentType) {
      const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
      const res = await send('PUT', `${base}/${keyChecked(key)}`, {
        body,
        headers: { 'Content-Type': contentType, 'X-Amz-Content-Sha256': createHash('sha256').update(body).digest('hex') },
      });
      if (!res.ok) throw new Error(`S3 PUT ${key}: ${await errorCode(res)}`);
      await res.body?.cancel();
    },
    async get(key) {
      if (!IMAGE_KEY.test(key)) return null;
      const res = await send('GET', `${base}/${key}`);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) throw new Error(`S3 GET ${key}: ${await errorCode(res)}`);
      const length = res.headers.get('content-length');
      return { body: res.body, size: length === null ? null : Number(length), contentType: res.headers.get('content-type') || contentTypeOf(key) };
    },
    async delete(key) {
      const res = await send('DELETE', `${base}/${keyChecked(key)}`);
      // S3 answers 204 whether or not there was an object; some servers answer 404 for none.
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${await errorCode(res)}`);
      await res.body?.cancel();
    },
    async check() {
      const res = await send('HEAD', bucketUrl);
      await res.body?.cancel();
      if (res.ok) return;
      if (res.status === 404) throw new Error(`the bucket ${settings.bucket} does not exist at ${endpoint.origin}`);
      if (res.status === 403 || res.status === 401) throw new Error(`the bucket ${settings.bucket} refused the credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)`);
      throw new Error(`the bucket ${settings.bucket} answered HTTP ${res.status}`);
    },
  };
}

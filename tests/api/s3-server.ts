import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../../server/storage/index.ts';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

// s3rver is CommonJS without types: its constructor, typed for what the tests use.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

/** s3rver's one account. */
export const S3_ACCESS_KEY = 'S3RVER';

export interface TestBucket {
  /** Settings for s3Storage, path style on 127.0.0.1. */
  settings: S3Settings;
  /** The same as S3_* variables, for a server process. */
  env: Record<string, string>;
  /** The folder s3rver keeps objects in. */
  directory: string;
  close(): Promise<void>;
}

/** An S3-speaking server (s3rver) on 127.0.0.1, a free port and a folder of its own, with one bucket. */
export async function startS3(bucket = 'servauto-photos'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'servauto-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, endpoint, region: 'us-east-1', accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_ACCESS_KEY, forcePathStyle: true, timeoutMs: 5000 },
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: S3_ACCESS_KEY, S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY, S3_FORCE_PATH_STYLE: '1' },
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

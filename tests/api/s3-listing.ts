import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../../server/storage/index.ts';

/** The keys in the bucket, as S3's ListObjectsV2 answers them (what an operator would see). */
export async function bucketKeys(settings: S3Settings): Promise<string[]> {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, service: 's3', region: settings.region });
  const res = await client.fetch(`${settings.endpoint}/${settings.bucket}?list-type=2`);
  const xml = await res.text();
  if (!res.ok) throw new Error(`listing the bucket: HTTP ${res.status} ${xml}`);
  return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!).sort();
}

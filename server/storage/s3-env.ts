import type { S3Settings } from './s3.ts';

/** Every variable of the bucket: any of them set without S3_BUCKET is a mistake worth stopping for. */
const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** A setting the start cannot go on with: its message is one line naming the variable. */
export class StorageSettingError extends Error {}

const refuse = (message: string): never => {
  throw new StorageSettingError(message);
};

/**
 * The bucket's settings from S3_*, or null when S3_BUCKET is unset (photos then go to the data
 * folder). Names and forms are checked here, so a typo stops the start rather than the first upload.
 */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | null {
  const value = (name: (typeof S3_VARIABLES)[number]) => env[name]?.trim() ?? '';
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_VARIABLES.find((name) => value(name) !== '');
    return stray ? refuse(`${stray} is set but S3_BUCKET is not: set S3_BUCKET to store photos in a bucket, or unset ${stray}`) : null;
  }
  // S3's bucket names: 3–63 lowercase letters, digits, dots and hyphens, a letter or digit at each end.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) refuse(`S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens), not "${bucket}"`);

  const region = value('S3_REGION') || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) refuse(`S3_REGION must be a region name such as ap-southeast-1 (or auto for R2), not "${env.S3_REGION}"`);

  let endpoint = `https://s3.${region}.amazonaws.com`;
  const given = value('S3_ENDPOINT');
  if (given) {
    let url: URL | null = null;
    try {
      url = new URL(given);
    } catch {
      // Refused below.
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
      refuse(`S3_ENDPOINT must be the service's http(s) address such as https://s3.ap-southeast-1.amazonaws.com or http://127.0.0.1:9000, not "${given}"`);
    }
    endpoint = url!.href.replace(/\/$/, '');
  }

  const accessKeyId = value('S3_ACCESS_KEY_ID');
  if (!accessKeyId) refuse('S3_ACCESS_KEY_ID is required with S3_BUCKET');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!secretAccessKey) refuse('S3_SECRET_ACCESS_KEY is required with S3_BUCKET');

  const pathStyle = value('S3_FORCE_PATH_STYLE');
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) refuse(`S3_FORCE_PATH_STYLE must be 1 (the bucket in the path) or 0, not "${env.S3_FORCE_PATH_STYLE}"`);
  const forcePathStyle = pathStyle === '1' || pathStyle === 'true';
  // A bucket addressed as a host name needs a name: an address by IP only works in the path.
  if (!forcePathStyle && /^\[|^\d+\.\d+\.\d+\.\d+$/.test(new URL(endpoint).hostname)) {
    refuse(`S3_FORCE_PATH_STYLE=1 is required when S3_ENDPOINT is an IP address (${endpoint})`);
  }
  return { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle };
}

import path from 'node:path';
import { diskStorage } from './disk.ts';
import { s3Storage } from './s3.ts';
import { s3SettingsFromEnv } from './s3-env.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage, StoredFile } from './types.ts';
export { readAll } from './types.ts';
export { diskStorage } from './disk.ts';
export { s3Storage, type S3Settings } from './s3.ts';
export { StorageSettingError } from './s3-env.ts';

/**
 * The storage the server uses: the bucket of S3_BUCKET when it is set, else DATA_DIR/uploads
 * (./data/uploads by default). Throws StorageSettingError, one line naming the variable, when
 * an S3_* variable is missing or malformed.
 */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): FileStorage {
  const s3 = s3SettingsFromEnv(env);
  return s3 ? s3Storage(s3) : diskStorage(path.resolve(root, env.DATA_DIR ?? 'data', 'uploads'));
}

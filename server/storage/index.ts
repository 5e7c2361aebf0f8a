import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_KEY } from '../../contract/my-orders-dto.ts';

/**
 * Where uploaded files live, by key: a folder under DATA_DIR now; an object store (S3 and the
 * like) can take its place behind the same three calls. The database keeps keys only.
 */
export interface FileStorage {
  readonly name: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Keys are made by the server; anything else (a path, "..") never reaches the file system. */
function fileOf(dir: string, key: string): string {
  if (!IMAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  // Two levels of folders keep any one folder small.
  return path.join(dir, key.slice(0, 2), key);
}

/** Files in a folder: written to a temporary name, then renamed, so a reader never sees half a file. */
export function diskStorage(dir: string): FileStorage {
  return {
    name: 'disk',
    async put(key, bytes) {
      const file = fileOf(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, file);
    },
    async get(key) {
      if (!IMAGE_KEY.test(key)) return null;
      try {
        const bytes = await readFile(fileOf(dir, key));
        return { bytes, contentType: contentTypes[key.split('.').pop()!] ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(dir, key), { force: true });
    },
  };
}

/** The storage the server uses: DATA_DIR/uploads (./data/uploads by default). */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): FileStorage {
  return diskStorage(path.resolve(root, env.DATA_DIR ?? 'data', 'uploads'));
}

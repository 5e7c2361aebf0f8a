import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { IMAGE_KEY } from '../../contract/my-orders-dto.ts';
import { contentTypeOf, type FileStorage } from './types.ts';

/** Keys are made by the server; anything else (a path, "..") never reaches the file system. */
function fileOf(dir: string, key: string): string {
  if (!IMAGE_KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  // Two levels of folders keep any one folder small.
  return path.join(dir, key.slice(0, 2), key);
}

/**
 * Files in a folder: written to a temporary name, then renamed, so a reader never sees half a
 * file; a write that fails (a full disk) leaves no temporary file behind.
 */
export function diskStorage(dir: string): FileStorage {
  return {
    name: 'disk',
    async put(key, bytes) {
      const file = fileOf(dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      try {
        await writeFile(partial, bytes, { flag: 'wx' });
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true }).catch(() => {});
        throw err;
      }
    },
    async get(key) {
      if (!IMAGE_KEY.test(key)) return null;
      const file = fileOf(dir, key);
      let size: number;
      try {
        size = (await stat(file)).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      return { body, size, contentType: contentTypeOf(key) };
    },
    async delete(key) {
      await rm(fileOf(dir, key), { force: true });
    },
    async check() {
      // Writable, not merely present: a read-only mount fails here rather than at the first upload.
      await mkdir(dir, { recursive: true });
      const probe = path.join(dir, `.check-${process.pid}`);
      const handle = await open(probe, 'w');
      await handle.close();
      await rm(probe, { force: true });
    },
  };
}

/**
 * Where uploaded files live, by key: a folder under DATA_DIR, or an S3-compatible bucket shared
 * by every API process. The database keeps keys only.
 */
export interface FileStorage {
  readonly name: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file as a stream, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the storage can be written to (the folder) or reached (the bucket); throws saying why not. */
  check(): Promise<void>;
}

export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  /** Bytes, when the storage knows them. */
  size: number | null;
  contentType: string;
}

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The type a key's extension stands for (keys end in the stored format). */
export const contentTypeOf = (key: string) => contentTypes[key.split('.').pop()!] ?? 'application/octet-stream';

/** A stored file's bytes, for callers that need them whole (tests, tools). */
export async function readAll(file: StoredFile): Promise<Buffer> {
  return Buffer.from(await new Response(file.body).arrayBuffer());
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from './schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

export async function recordUpload(db: Db, row: UploadRow): Promise<void> {
  await db.insert(uploads).values(row);
}

/** Of `keys`, those this customer uploaded. */
export async function ownedUploads(db: Db, customerId: string, keys: string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.customerId, customerId), inArray(uploads.key, keys)));
}

import { or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { keysInUse, photoOnRefund } from '../modules/refunds/service.ts';
import { photoOnReview, reviewKeysInUse } from '../modules/reviews/service.ts';

/**
 * Whether an uploaded photo is attached to something (a refund request or a review): the
 * photos attached to nothing count against the customer's limit and are swept after a day.
 */
export const photoAttached = (key: AnyPgColumn): SQL => or(photoOnRefund(key), photoOnReview(key))!;

/** Of `keys`, those on a refund request or a review. */
export async function attachedKeys(db: Db, keys: string[]): Promise<string[]> {
  return [...(await keysInUse(db, keys)), ...(await reviewKeysInUse(db, keys))];
}

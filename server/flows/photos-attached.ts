import { or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { keysInUse, photoOnRefund } from '../modules/refunds/service.ts';
import { photoOnReview, reviewKeysInUse } from '../modules/reviews/service.ts';
import { photoOnTyre, tyrePhotosInUse } from '../modules/orders/service.ts';
import { claimPhotosInUse, photoOnClaim } from '../modules/warranty/service.ts';

/**
 * Whether an uploaded photo is attached to something (a refund request, a review, a fitted tyre, a warranty claim): the
 * photos attached to nothing count against the customer's limit and are swept after a day.
 */
export const photoAttached = (key: AnyPgColumn): SQL => or(photoOnRefund(key), photoOnReview(key), photoOnTyre(key), photoOnClaim(key))!;

/** Of `keys`, those on a refund request, a review, a fitted tyre or a warranty claim. */
export async function attachedKeys(db: Db, keys: string[]): Promise<string[]> {
  return [...(await keysInUse(db, keys)), ...(await reviewKeysInUse(db, keys)), ...(await tyrePhotosInUse(db, keys)), ...(await claimPhotosInUse(db, keys))];
}

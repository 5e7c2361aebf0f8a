import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HeldReason, HideReason, ReviewStatus, ReviewTarget } from '../../../contract/rules/review-rules.ts';
import type { Db } from '../../db/client.ts';
import { reviewImages, reviews } from './schema.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * The one writer of the reviews tables. The rules (whose order, which state, which text) are
 * checked by write.ts and moderate.ts before they come here.
 */

/** Whether the photo under a key column is on a review, as a condition for the uploads' own queries. */
export const photoOnReview = (key: AnyPgColumn): SQL => sql`exists (select 1 from ${reviewImages} where ${reviewImages.key} = ${key})`;

/** Of `keys`, those on a review other than `except`. */
export async function reviewKeysInUse(db: Db, keys: string[], except?: string): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: reviewImages.key, reviewId: reviewImages.reviewId })
    .from(reviewImages)
    .where(inArray(reviewImages.key, keys));
  return rows.filter((r) => r.reviewId !== except).map((r) => r.key);
}

export interface NewReview {
  orderId: string;
  customerId: string;
  target: ReviewTarget;
  productId: string;
  storeId: string | null;
  rating: number;
  text: string;
  status: ReviewStatus;
  heldFor: HeldReason | null;
}

/** A new review with its photos; the unique key refuses a second one of the same (order, target, product). */
export async function insertReview(tx: Db, review: NewReview, imageKeys: string[], now: Date): Promise<ReviewRow> {
  const [row] = await tx
    .insert(reviews)
    .values({ ...review, createdAt: now, updatedAt: now })
    .returning();
  await setImages(tx, row!.id, imageKeys);
  await refreshHelpfulness(tx, row!.id);
  return row!;
}

/**
 * Closing an account (docs/contracts/running-the-business.md §5), in the caller's transaction: the
 * customer's reviews stay with their stars and text, shown as "A customer", and lose their photos
 * (the storage removes the files). Answers the photos' keys.
 */
export async function forgetReviewPhotos(tx: Db, customerId: string): Promise<string[]> {
  const theirs = tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.customerId, customerId));
  const removed = await tx.delete(reviewImages).where(inArray(reviewImages.reviewId, theirs)).returning({ key: reviewImages.key });
  await tx
    .update(reviews)
    .set({ helpfulness: sql`case when ${reviews.text} <> '' then 1 else 0 end` })
    .where(eq(reviews.customerId, customerId));
  return removed.map((r) => r.key);
}

/** The review's helpfulness (see the column) from its text and photos as they now are. */
async function refreshHelpfulness(tx: Db, reviewId: string) {
  const hasPhoto = sql`exists (select 1 from ${reviewImages} where ${reviewImages.reviewId} = ${reviews.id})`;
  await tx
    .update(reviews)
    .set({ helpfulness: sql`(case when ${reviews.text} <> '' then 1 else 0 end) + (case when ${hasPhoto} then 1 else 0 end)` })
    .where(eq(reviews.id, reviewId));
}

async function setImages(tx: Db, reviewId: string, keys: string[]) {
  await tx.delete(reviewImages).where(eq(reviewImages.reviewId, reviewId));
  if (keys.length) await tx.insert(reviewImages).values(keys.map((key, position) => ({ reviewId, key, position })));
}

/** The review, locked for the rest of the transaction. */
export async function lockReview(tx: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row;
}

/** The author's change: rating, text and state (from statusAfterWriting), photos when given. */
export async function changeReview(
  tx: Db,
  id: string,
  change: { rating: number; text: string; status: ReviewStatus; heldFor: HeldReason | null },
  imageKeys: string[] | undefined,
  now: Date,
): Promise<void> {
  await tx
    .update(reviews)
    .set({ ...change, publicText: null, updatedAt: now })
    .where(eq(reviews.id, id));
  if (imageKeys) await setImages(tx, id, imageKeys);
  await refreshHelpfulness(tx, id);
}

/** The admin hides a review, for one of the allowed reasons. */
export async function hideReview(tx: Db, id: string, reason: HideReason, now: Date): Promise<void> {
  await tx.update(reviews).set({ status: 'hidden', hiddenReason: reason, hiddenAt: now, heldFor: null, publicText: null, updatedAt: now }).where(eq(reviews.id, id));
}

/**
 * The admin publishes a review that was held or hidden: as written (`publicText` null), or with
 * its personal data masked (`publicText` what the public reads; the author keeps the text).
 */
export async function showReview(tx: Db, id: string, publicText: string | null, now: Date): Promise<void> {
  await tx.update(reviews).set({ status: 'visible', heldFor: null, publicText, updatedAt: now }).where(eq(reviews.id, id));
}

/** The shop's public answer, written or changed. */
export async function replyToReview(tx: Db, id: string, text: string, staffId: string, now: Date): Promise<void> {
  await tx.update(reviews).set({ reply: text, replyAt: now, replyBy: staffId }).where(eq(reviews.id, id));
}

/** The photo keys of these reviews, in their order. */
export async function imagesOf(db: Db, reviewIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (reviewIds.length === 0) return map;
  const rows = await db
    .select()
    .from(reviewImages)
    .where(inArray(reviewImages.reviewId, reviewIds))
    .orderBy(asc(reviewImages.reviewId), asc(reviewImages.position));
  for (const r of rows) map.set(r.reviewId, [...(map.get(r.reviewId) ?? []), r.key]);
  return map;
}

/** The customer's reviews of one order. */
export async function reviewsOfOrder(db: Db, orderId: string, customerId: string): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.customerId, customerId)))
    .orderBy(asc(reviews.createdAt));
}

export async function reviewById(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

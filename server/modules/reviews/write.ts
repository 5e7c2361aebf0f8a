import { Code } from '../../../contract/codes.ts';
import { editableUntil, REVIEW_EDIT_DAYS, statusAfterWriting, type ReviewTarget } from '../../../contract/rules/review-rules.ts';
import type { MessageKey } from '../../../contract/rules/messages.ts';
import type { Db } from '../../db/client.ts';
import { ownedUploads } from '../../storage/service.ts';
import { DomainError, warning } from '../errors.ts';
import { breaksUnique, customerOrder, linesOf } from '../orders/service.ts';
import { keysInUse } from '../refunds/service.ts';
import { changeReview, insertReview, lockReview, reviewKeysInUse, type ReviewRow } from './service.ts';
import { holdOpenAccount } from '../auth/service.ts';

const refuse = (key: MessageKey, field?: string, params?: Record<string, string | number>): never => {
  throw warning(key, params, field ? { field } : null);
};

/**
 * The photos are the customer's own uploads, each once, on no refund and no other review; read
 * with a share lock, so the sweep of unused photos cannot remove one being attached.
 */
async function checkImages(tx: Db, customerId: string, keys: string[], reviewId?: string) {
  if (new Set(keys).size !== keys.length) refuse('review.imageTwice', 'images');
  const owned = await ownedUploads(tx, customerId, keys);
  if (owned.length !== keys.length) refuse('review.imageUnknown', 'images');
  if ((await keysInUse(tx, keys)).length || (await reviewKeysInUse(tx, keys, reviewId)).length) refuse('review.imageUsed', 'images');
}

export interface AddReview {
  orderNo: string;
  target: ReviewTarget;
  productId?: string;
  rating: number;
  text: string;
  images: string[];
}

/**
 * A review by the order's owner of a completed order: of a product among its lines, or of the
 * workshop that fitted it. The unique key has the last word on "once": a second add, from any
 * server at the same moment, is refused.
 */
export async function addReview(db: Db, customerId: string, input: AddReview, now: Date): Promise<ReviewRow> {
  return db
    .transaction(async (tx) => {
      await holdOpenAccount(tx, customerId);
      const order = await customerOrder(tx, customerId, input.orderNo);
      if (!order || order.hidden) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
      if (order.status !== 'COMPLETED') refuse('review.notCompleted', 'orderNo');
      let productId = '';
      if (input.target === 'product') {
        if (!input.productId) refuse('review.productRequired', 'productId');
        const lines = await linesOf(tx, order.id);
        if (!lines.some((l) => l.productId === input.productId)) refuse('review.notOnOrder', 'productId');
        productId = input.productId!;
      } else if (order.method !== 'install' || !order.storeId) {
        refuse('review.workshopNotInstall', 'target');
      }
      await checkImages(tx, customerId, input.images);
      const state = statusAfterWriting(input.text, null);
      return insertReview(
        tx,
        { orderId: order.id, customerId, target: input.target, productId, storeId: order.storeId, rating: input.rating, text: input.text, ...state },
        input.images,
        now,
      );
    })
    .catch((err: unknown) => {
      if (breaksUnique(err, 'reviews_one_per_order_target_product_key')) refuse('review.twice', 'target');
      if (breaksUnique(err, 'review_images_key')) refuse('review.imageUsed', 'images');
      throw err;
    });
}

export interface UpdateReview {
  reviewId: string;
  rating?: number;
  text?: string;
  images?: string[];
}

/** The author changes their review within 30 days of writing it; the text is checked again. */
export async function updateReview(db: Db, customerId: string, input: UpdateReview, now: Date): Promise<ReviewRow> {
  return db
    .transaction(async (tx) => {
      await holdOpenAccount(tx, customerId);
      const review = await lockReview(tx, input.reviewId);
      if (!review || review.customerId !== customerId) throw new DomainError(Code.NOT_FOUND, 'review.notFound', {}, { field: 'reviewId' });
      if (now.getTime() > editableUntil(review.createdAt).getTime()) refuse('review.editOver', 'reviewId', { days: REVIEW_EDIT_DAYS });
      if (input.images) await checkImages(tx, customerId, input.images, review.id);
      const text = input.text ?? review.text;
      const state = statusAfterWriting(text, review);
      await changeReview(tx, review.id, { rating: input.rating ?? review.rating, text, ...state }, input.images, now);
      return (await lockReview(tx, review.id))!;
    })
    .catch((err: unknown) => {
      if (breaksUnique(err, 'review_images_key')) refuse('review.imageUsed', 'images');
      throw err;
    });
}

import { message, type MessageKey } from '../../contract/rules/messages.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { editableUntil, publicAuthorName } from '../../contract/rules/review-rules.ts';
import type { CarSnapshot } from '../modules/orders/service.ts';
import type { ReviewRow } from '../modules/reviews/service.ts';
import { signedImageUrl } from '../storage/signing.ts';
import type { ReadContext } from './context.ts';

/**
 * The reviewer as the public reads them: from the account's name, else a neutral word; "A customer"
 * once the account is closed (docs/contracts/running-the-business.md §5).
 */
export function authorNameOf(account: { realName: string; name: string; closedAt?: Date | null } | null, locale: Locale): string {
  if (account?.closedAt) return message(locale, 'review.closedAccount');
  return publicAuthorName(account?.realName || account?.name || '') ?? message(locale, 'review.customer');
}

/** The order's car as a review names it: brand and model, never the plate. */
export const carModelOf = (car: CarSnapshot) => `${car.brand} ${car.model}`;

export const replyOf = (review: ReviewRow) => (review.reply !== null && review.replyAt ? { text: review.reply, at: review.replyAt.toISOString() } : null);

export const signedImages = (ctx: ReadContext, keys: string[], now: Date) => keys.map((key) => ({ key, url: signedImageUrl(ctx.secret, key, now) }));

/** In words, for the author: why the review is not on the public pages, or null when it is. */
export function statusNote(review: ReviewRow, locale: Locale): string | null {
  if (review.status === 'visible') return null;
  if (review.status === 'hidden') {
    const reason = message(locale, `review.reason.${review.hiddenReason ?? 'spam'}` as MessageKey);
    return message(locale, 'review.hidden', { reason });
  }
  if (review.heldFor === 'phone') return message(locale, 'review.heldPhone');
  if (review.heldFor === 'plate') return message(locale, 'review.heldPlate');
  return message(locale, 'review.heldEdited');
}

/** The review as its author reads it. */
export function authorView(ctx: ReadContext, review: ReviewRow, orderNo: string, keys: string[], locale: Locale) {
  const now = ctx.now();
  const until = editableUntil(review.createdAt);
  return {
    reviewId: review.id,
    orderNo,
    target: review.target,
    productId: review.productId || null,
    storeId: review.storeId,
    rating: review.rating,
    text: review.text,
    images: signedImages(ctx, keys, now),
    status: review.status,
    heldFor: review.heldFor,
    hiddenReason: review.hiddenReason,
    statusNote: statusNote(review, locale),
    reply: replyOf(review),
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    editableUntil: until.toISOString(),
    editable: now.getTime() <= until.getTime(),
  };
}

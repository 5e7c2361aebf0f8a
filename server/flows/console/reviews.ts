import { Code } from '../../../contract/codes.ts';
import { findPersonalData, maskPersonalData } from '../../../contract/rules/personal-data.ts';
import type { HideReason } from '../../../contract/rules/review-rules.ts';
import { audit } from '../../modules/audit/service.ts';
import { DomainError, warning } from '../../modules/errors.ts';
import { lockOrder } from '../../modules/orders/service.ts';
import { hideReview, lockReview, replyToReview, showReview, type ReviewRow } from '../../modules/reviews/service.ts';
import { requireAdmin, requireStoreAccess } from '../../modules/staff/access.ts';
import type { StaffRow } from '../../modules/staff/service.ts';
import type { Db } from '../../db/client.ts';
import type { ShopContext } from '../context.ts';

async function lockForStaff(tx: Db, id: string): Promise<ReviewRow> {
  const review = await lockReview(tx, id);
  if (!review) throw new DomainError(Code.NOT_FOUND, 'review.notFound', {}, { field: 'reviewId' });
  return review;
}

/** The audit row of a review action: the order and workshop it concerns, and what was done. */
async function auditReview(tx: Db, who: StaffRow, action: string, review: ReviewRow, details: Record<string, unknown>, now: Date) {
  const order = await lockOrder(tx, { id: review.orderId });
  await audit(tx, { staff: who, action, orderNo: order?.orderNo ?? null, storeId: review.storeId, details: { reviewId: review.id, ...details } }, now);
}

/** Admins hide a review for personal data, abuse, off-topic or spam only; the author reads why. */
export async function hideByAdmin(ctx: ShopContext, who: StaffRow, input: { reviewId: string; reason: HideReason }): Promise<void> {
  requireAdmin(who);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const review = await lockForStaff(tx, input.reviewId);
    if (review.status === 'hidden') throw warning('review.alreadyHidden', {}, { field: 'reviewId' });
    await hideReview(tx, review.id, input.reason, now);
    await auditReview(tx, who, 'console/reviews/hide', review, { reason: input.reason, was: review.status }, now);
  });
}

/**
 * Admins publish a review held for the admin (or hidden by mistake). A text naming a phone number
 * or a plate is published only on a choice: `mask` true shows the public ••• in their place (the
 * author keeps the text as written), false publishes it as written; without a choice the call is
 * refused with what was found, and nothing changes.
 */
export async function showByAdmin(ctx: ShopContext, who: StaffRow, input: { reviewId: string; mask?: boolean | undefined }): Promise<void> {
  requireAdmin(who);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const review = await lockForStaff(tx, input.reviewId);
    if (review.status === 'visible') throw warning('review.alreadyVisible', {}, { field: 'reviewId' });
    const found = findPersonalData(review.text);
    if (found.length && input.mask === undefined) throw warning('review.choosePublish', { found: found.map((f) => f.value).join(', ') }, { field: 'mask' });
    const masked = found.length > 0 && input.mask === true;
    await showReview(tx, review.id, masked ? maskPersonalData(review.text, found) : null, now);
    await auditReview(
      tx,
      who,
      'console/reviews/show',
      review,
      { was: review.status, heldFor: review.heldFor, hiddenReason: review.hiddenReason, masked, found: found.map((f) => f.kind) },
      now,
    );
  });
}

/**
 * The shop's one public reply, written or changed: by an admin, or by staff of the workshop the
 * review is about (for a product review, the workshop that fitted or handed over the order).
 */
export async function replyByStaff(ctx: ShopContext, who: StaffRow, input: { reviewId: string; text: string }): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const review = await lockForStaff(tx, input.reviewId);
    if (who.role !== 'admin') {
      if (!review.storeId) throw new DomainError(Code.FORBIDDEN, 'console.otherStore');
      requireStoreAccess(who, review.storeId);
    }
    await replyToReview(tx, review.id, input.text, who.id, now);
    await auditReview(tx, who, 'console/reviews/reply', review, { text: input.text, before: review.reply }, now);
  });
}

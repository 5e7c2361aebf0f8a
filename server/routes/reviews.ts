import type { Context } from 'hono';
import { consoleReviewsHide, consoleReviewsPage, consoleReviewsReply, consoleReviewsShow } from '../../contract/console-reviews.ts';
import { reviewAdd, reviewCheck, reviewMine, reviewPage, reviewUpdate, reviewWorkshopRatings } from '../../contract/reviews.ts';
import { personalDataIn } from '../../contract/rules/review-rules.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import type { ShopContext } from '../flows/context.ts';
import { hideByAdmin, replyByStaff, showByAdmin } from '../flows/console/reviews.ts';
import { reviewChanged } from '../modules/reviews/changes.ts';
import { addReview, updateReview } from '../modules/reviews/write.ts';
import { staffFor } from '../modules/staff/access.ts';
import { myReview, reviewsOfMyOrder } from '../queries/author-reviews.ts';
import { consoleReview, consoleReviewPage } from '../queries/console-reviews.ts';
import { cachedReviewReads } from '../queries/review-reads-cache.ts';

/** Verified reviews (docs/contracts/after-sale.md §3): the author's calls, the public page, and the console's. */
export function reviewRoutes(calls: CallMounter, ctx: ShopContext) {
  calls.mount(reviewAdd, async (input, c) => {
    const review = await addReview(ctx.db, c.get('user').id, input, ctx.now());
    reviewChanged();
    return myReview(ctx, c.get('user').id, review.id, c.get('locale'));
  });
  calls.mount(reviewUpdate, async (input, c) => {
    await updateReview(ctx.db, c.get('user').id, input, ctx.now());
    reviewChanged();
    return myReview(ctx, c.get('user').id, input.reviewId, c.get('locale'));
  });
  calls.mount(reviewCheck, (input) => ({ names: personalDataIn(input.text) }));
  calls.mount(reviewMine, (input, c) => reviewsOfMyOrder(ctx, c.get('user').id, input.orderNo, c.get('locale')));
  const publicReads = cachedReviewReads(ctx);
  calls.mount(reviewPage, (input, c) => publicReads.page(input, c.get('locale')));
  calls.mount(reviewWorkshopRatings, () => publicReads.workshops());

  const who = (c: Context<AppEnv>) => staffFor(ctx.db, c.get('user'));
  calls.mount(consoleReviewsPage, async (input, c) => consoleReviewPage(ctx, await who(c), input, c.get('locale')));
  calls.mount(consoleReviewsHide, async (input, c) => {
    const staff = await who(c);
    await hideByAdmin(ctx, staff, input);
    reviewChanged();
    return consoleReview(ctx, staff, input.reviewId, c.get('locale'));
  });
  calls.mount(consoleReviewsShow, async (input, c) => {
    const staff = await who(c);
    await showByAdmin(ctx, staff, input);
    reviewChanged();
    return consoleReview(ctx, staff, input.reviewId, c.get('locale'));
  });
  calls.mount(consoleReviewsReply, async (input, c) => {
    const staff = await who(c);
    await replyByStaff(ctx, staff, input);
    reviewChanged();
    return consoleReview(ctx, staff, input.reviewId, c.get('locale'));
  });
}

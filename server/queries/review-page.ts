import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../contract/rules/language.ts';
import { reviewSummary } from '../../contract/rules/review-summary.ts';
import { users } from '../modules/auth/schema.ts';
import { orders } from '../modules/orders/schema.ts';
import { reviews } from '../modules/reviews/schema.ts';
import { imagesOf } from '../modules/reviews/service.ts';
import { signedImageUrl } from '../storage/signing.ts';
import type { ReadContext } from './context.ts';
import { authorNameOf, carModelOf, replyOf } from './review-parts.ts';

export interface ReviewPageInput {
  productId?: string;
  storeId?: string;
  rating?: number;
  sort: 'newest' | 'helpful';
  pageNum: number;
  pageSize: number;
}

/** `app/review/page`: a product's or a workshop's visible reviews, with the summary of all of them. */
export async function reviewPage(ctx: ReadContext, input: ReviewPageInput, locale: Locale) {
  const subject: SQL = input.productId
    ? and(eq(reviews.productId, input.productId), eq(reviews.target, 'product'))!
    : and(eq(reviews.storeId, input.storeId!), eq(reviews.target, 'workshop'))!;
  const visible = and(subject, eq(reviews.status, 'visible'))!;
  const listed = input.rating ? and(visible, eq(reviews.rating, input.rating))! : visible;
  const order = input.sort === 'helpful' ? [desc(reviews.helpfulness), desc(reviews.createdAt), desc(reviews.id)] : [desc(reviews.createdAt), desc(reviews.id)];

  const [counts, rows] = await Promise.all([
    ctx.db.select({ rating: reviews.rating, n: sql<number>`count(*)::int` }).from(reviews).where(visible).groupBy(reviews.rating),
    ctx.db
      .select({ review: reviews, car: orders.car, realName: users.realName, name: users.name, closedAt: users.closedAt })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .leftJoin(users, eq(users.id, reviews.customerId))
      .where(listed)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
  ]);
  const summary = reviewSummary(Object.fromEntries(counts.map((c) => [c.rating, c.n])));
  const images = await imagesOf(
    ctx.db,
    rows.map((r) => r.review.id),
  );
  const now = ctx.now();
  const list = rows.map(({ review, car, realName, name, closedAt }) => {
    const reply = replyOf(review);
    return {
      reviewId: review.id,
      rating: review.rating,
      // Published with its phone numbers and plates masked: the public reads the masked text.
      text: review.publicText ?? review.text,
      images: (images.get(review.id) ?? []).map((key) => ({ url: signedImageUrl(ctx.secret, key, now) })),
      authorName: authorNameOf(realName === null ? null : { realName, name: name ?? '', closedAt }, locale),
      carModel: carModelOf(car),
      createdAt: review.createdAt.toISOString(),
      verified: true as const,
      ...(reply ? { reply } : {}),
    };
  });
  return {
    summary,
    list,
    total: input.rating ? summary.histogram[input.rating as 1 | 2 | 3 | 4 | 5] : summary.count,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

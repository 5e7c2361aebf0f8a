import { and, asc, eq } from 'drizzle-orm';
import { Code } from '../../contract/codes.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { DomainError } from '../modules/errors.ts';
import { orders } from '../modules/orders/schema.ts';
import { reviews } from '../modules/reviews/schema.ts';
import { imagesOf } from '../modules/reviews/service.ts';
import type { ReadContext } from './context.ts';
import { authorView } from './review-parts.ts';

/** The customer's own reviews matching `where`, as their author reads them. */
async function authorReviews(ctx: ReadContext, customerId: string, where: ReturnType<typeof eq>, locale: Locale) {
  const rows = await ctx.db
    .select({ review: reviews, orderNo: orders.orderNo })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.customerId, customerId), where))
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
  const images = await imagesOf(
    ctx.db,
    rows.map((r) => r.review.id),
  );
  return rows.map((r) => authorView(ctx, r.review, r.orderNo, images.get(r.review.id) ?? [], locale));
}

/** `app/review/mine`: the customer's reviews of one of their orders, in every state. */
export async function reviewsOfMyOrder(ctx: ReadContext, customerId: string, orderNo: string, locale: Locale) {
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.customerId, customerId), eq(orders.hidden, false)));
  if (!order) throw new DomainError(Code.NOT_FOUND, 'order.notFound', {}, { field: 'orderNo' });
  return authorReviews(ctx, customerId, eq(reviews.orderId, order.id), locale);
}

/** One review of the customer's, as its author reads it (the answer to add and update). */
export async function myReview(ctx: ReadContext, customerId: string, reviewId: string, locale: Locale) {
  const [view] = await authorReviews(ctx, customerId, eq(reviews.id, reviewId), locale);
  if (!view) throw new DomainError(Code.NOT_FOUND, 'review.notFound', {}, { field: 'reviewId' });
  return view;
}

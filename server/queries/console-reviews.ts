import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../contract/codes.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { findPersonalData } from '../../contract/rules/personal-data.ts';
import type { ReviewStatus } from '../../contract/rules/review-rules.ts';
import { users } from '../modules/auth/schema.ts';
import { DomainError } from '../modules/errors.ts';
import { orders } from '../modules/orders/schema.ts';
import { reviews } from '../modules/reviews/schema.ts';
import { imagesOf, type ReviewRow } from '../modules/reviews/service.ts';
import { requireStoreAccess } from '../modules/staff/access.ts';
import type { StaffRow } from '../modules/staff/service.ts';
import type { ReadContext } from './context.ts';
import { authorNameOf, carModelOf, replyOf, signedImages } from './review-parts.ts';

export interface ConsoleReviewsInput {
  status?: ReviewStatus;
  storeId?: string;
  pageNum: number;
  pageSize: number;
}

const select = { review: reviews, orderNo: orders.orderNo, car: orders.car, realName: users.realName, name: users.name, closedAt: users.closedAt };
type Row = { review: ReviewRow; orderNo: string; car: (typeof orders.$inferSelect)['car']; realName: string | null; name: string | null; closedAt: Date | null };

/** Reviews as staff read them, with what this staff member may do with each. */
async function views(ctx: ReadContext, who: StaffRow, rows: Row[], locale: Locale) {
  const images = await imagesOf(
    ctx.db,
    rows.map((r) => r.review.id),
  );
  const now = ctx.now();
  return rows.map(({ review, orderNo, car, realName, name, closedAt }) => {
    const product = review.productId ? ctx.indexes.catalog.byId.get(review.productId) : undefined;
    const workshop = review.storeId ? ctx.indexes.workshops.find((w) => w.id === review.storeId) : undefined;
    const admin = who.role === 'admin';
    return {
      reviewId: review.id,
      orderNo,
      target: review.target,
      product: review.productId ? { id: review.productId, name: product?.name[locale] ?? review.productId } : null,
      store: review.storeId ? { id: review.storeId, name: workshop?.name ?? review.storeId } : null,
      rating: review.rating,
      text: review.text,
      publicText: review.publicText,
      found: findPersonalData(review.text).map(({ kind, value }) => ({ kind, value })),
      images: signedImages(ctx, images.get(review.id) ?? [], now),
      authorName: authorNameOf(realName === null ? null : { realName, name: name ?? '', closedAt }, locale),
      carModel: carModelOf(car),
      status: review.status,
      heldFor: review.heldFor,
      hiddenReason: review.hiddenReason,
      reply: replyOf(review),
      createdAt: review.createdAt.toISOString(),
      updatedAt: review.updatedAt.toISOString(),
      actions: {
        hide: admin && review.status !== 'hidden',
        show: admin && review.status !== 'visible',
        reply: admin || (review.storeId !== null && review.storeId === who.storeId),
      },
    };
  });
}

function rowsWhere(ctx: ReadContext, where: SQL | undefined) {
  return ctx.db.select(select).from(reviews).innerJoin(orders, eq(orders.id, reviews.orderId)).leftJoin(users, eq(users.id, reviews.customerId)).where(where);
}

/** `console/reviews/page`: admins every workshop's (or one), workshop staff their own workshop's; newest first. */
export async function consoleReviewPage(ctx: ReadContext, who: StaffRow, input: ConsoleReviewsInput, locale: Locale) {
  const storeId = who.role === 'workshop' ? (input.storeId ?? who.storeId!) : input.storeId;
  if (storeId) requireStoreAccess(who, storeId);
  const where = and(storeId ? eq(reviews.storeId, storeId) : undefined, input.status ? eq(reviews.status, input.status) : undefined);
  const [rows, [counted]] = await Promise.all([
    rowsWhere(ctx, where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(where),
  ]);
  return { list: await views(ctx, who, rows, locale), total: counted?.n ?? 0, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** One review as the console shows it after an action. */
export async function consoleReview(ctx: ReadContext, who: StaffRow, reviewId: string, locale: Locale) {
  const rows = await rowsWhere(ctx, eq(reviews.id, reviewId));
  if (!rows[0]) throw new DomainError(Code.NOT_FOUND, 'review.notFound', {}, { field: 'reviewId' });
  const [view] = await views(ctx, who, rows, locale);
  return view!;
}

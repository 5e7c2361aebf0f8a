import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { reviewSummary } from '../../contract/rules/review-summary.ts';
import { reviews } from '../modules/reviews/schema.ts';
import type { ReadContext } from './context.ts';

/** `app/review/workshop-ratings`: every reviewed workshop's count and average, from its visible workshop reviews. */
export async function workshopRatings(ctx: ReadContext): Promise<{ storeId: string; count: number; average: number }[]> {
  const counts = await ctx.db
    .select({ storeId: reviews.storeId, rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.target, 'workshop'), eq(reviews.status, 'visible'), isNotNull(reviews.storeId)))
    .groupBy(reviews.storeId, reviews.rating);
  const byStore = new Map<string, Record<number, number>>();
  for (const { storeId, rating, n } of counts) {
    const store = byStore.get(storeId!) ?? {};
    store[rating] = n;
    byStore.set(storeId!, store);
  }
  return [...byStore]
    .map(([storeId, stars]) => ({ storeId, ...reviewSummary(stars) }))
    .filter((s) => s.count > 0)
    .map(({ storeId, count, average }) => ({ storeId, count, average: average! }))
    .sort((a, b) => a.storeId.localeCompare(b.storeId));
}

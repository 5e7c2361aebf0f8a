import type { Locale } from '../../contract/rules/language.ts';
import { afterReviewChange } from '../modules/reviews/changes.ts';
import type { ReadContext } from './context.ts';
import { reviewPage, type ReviewPageInput } from './review-page.ts';
import { workshopRatings } from './workshop-ratings.ts';

/** How long another process's change may take to show in this one's public review lists. */
export const REVIEW_PAGE_CACHE_MS = 30_000;
const MAX_PAGES = 2_000;

type Page = Awaited<ReturnType<typeof reviewPage>>;

/**
 * The public review reads, shared. `app/review/page` for everyone: every visitor of a product asks the same first page, so a
 * page is read once and shared (requests that arrive while it is being read wait for that read)
 * for at most 30 s. A review changed through this process drops every copy at once; photo links
 * stay valid for at least an hour, far longer than a copy lives.
 */
export function cachedReviewReads(ctx: ReadContext, options: { ttlMs?: number; clock?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? REVIEW_PAGE_CACHE_MS;
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { at: number; page: Promise<Page> }>();
  const stop = afterReviewChange(() => cache.clear());

  function page(input: ReviewPageInput, locale: Locale): Promise<Page> {
    const key = JSON.stringify([locale, input.productId ?? null, input.storeId ?? null, input.rating ?? null, input.sort, input.pageNum, input.pageSize]);
    const cached = cache.get(key);
    if (cached && clock() - cached.at < ttlMs) return cached.page;
    if (cached) cache.delete(key);
    if (cache.size >= MAX_PAGES) cache.delete(cache.keys().next().value!);
    const read = reviewPage(ctx, input, locale);
    cache.set(key, { at: clock(), page: read });
    // A failed read is not kept: the next request tries again.
    read.catch(() => {
      if (cache.get(key)?.page === read) cache.delete(key);
    });
    return read;
  }

  // Every workshop's rating in one answer, which the store finder and checkout ask on each visit.
  let ratings: { at: number; list: ReturnType<typeof workshopRatings> } | undefined;
  const stopRatings = afterReviewChange(() => (ratings = undefined));
  function workshops(): ReturnType<typeof workshopRatings> {
    if (ratings && clock() - ratings.at < ttlMs) return ratings.list;
    const list = workshopRatings(ctx);
    const entry = { at: clock(), list };
    ratings = entry;
    list.catch(() => {
      if (ratings === entry) ratings = undefined;
    });
    return list;
  }

  return {
    page,
    workshops,
    clear: () => {
      cache.clear();
      ratings = undefined;
    },
    stop: () => {
      stop();
      stopRatings();
    },
  };
}

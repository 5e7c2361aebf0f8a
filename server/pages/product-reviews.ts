import { createHash } from 'node:crypto';
import { isLocale, type Locale } from '../../contract/rules/language.ts';
import { afterReviewChange } from '../modules/reviews/changes.ts';
import type { ReadContext } from '../queries/context.ts';
import { reviewPage } from '../queries/review-page.ts';
import { reviewBlockHtml, reviewLd, scriptJson, type ProductReviews } from './review-block.ts';

/** How stale a product page's reviews may be: the spec's ten minutes. */
export const REVIEWS_REFRESH_MS = 10 * 60 * 1000;
/** The latest reviews a product page shows in its HTML (the rest through app/review/page). */
export const LATEST_ON_PAGE = 5;

/**
 * Where a built product page wants its reviews: `<!--servauto:reviews:<locale>:<productId>-->`.
 * The page is built once; the server fills the mark on each request from its cache.
 */
const MARK = /<!--servauto:reviews:([a-z-]+):([a-z0-9-]+)-->/;
const LD_SCRIPT = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;

interface Block {
  html: string;
  /** The product's JSON-LD additions, or null without a review. */
  ld: Record<string, unknown> | null;
  /** Changes whenever what the block says changes: part of the page's ETag. */
  version: string;
}

export interface ProductReviewPages {
  /** The page with its reviews filled in, and the version of what was filled; null when the page has no mark. */
  fill(html: string): Promise<{ html: string; version: string } | null>;
  /** Forgets every cached block (this process). */
  clear(): void;
  /** Stops listening to review changes. */
  stop(): void;
}

/**
 * Product pages' reviews from an in-memory cache per product and language, read again at most
 * every `refreshMs`; a review changed through this process drops the cache at once.
 */
export function productReviewPages(ctx: ReadContext, options: { refreshMs?: number; clock?: () => number } = {}): ProductReviewPages {
  const refreshMs = options.refreshMs ?? REVIEWS_REFRESH_MS;
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { at: number; block: Promise<Block> }>();

  async function load(productId: string, locale: Locale): Promise<Block> {
    const page = await reviewPage(ctx, { productId, sort: 'newest', pageNum: 1, pageSize: LATEST_ON_PAGE }, locale);
    const reviews: ProductReviews = { summary: page.summary, latest: page.list };
    const html = reviewBlockHtml(reviews, locale);
    const ld = reviewLd(reviews);
    const version = createHash('sha1').update(html).update(JSON.stringify(ld)).digest('base64url').slice(0, 10);
    return { html, ld, version };
  }

  function blockOf(productId: string, locale: Locale): Promise<Block> {
    const key = `${locale}:${productId}`;
    const cached = cache.get(key);
    if (cached && clock() - cached.at < refreshMs) return cached.block;
    const block = load(productId, locale);
    cache.set(key, { at: clock(), block });
    // A failed read is not kept: the next request tries again.
    block.catch(() => {
      if (cache.get(key)?.block === block) cache.delete(key);
    });
    return block;
  }

  const stop = afterReviewChange(() => cache.clear());

  return {
    async fill(html) {
      const mark = MARK.exec(html);
      if (!mark || !isLocale(mark[1])) return null;
      const block = await blockOf(mark[2]!, mark[1]);
      let filled = html.replace(mark[0], () => block.html);
      if (block.ld) filled = withProductLd(filled, mark[2]!, block.ld);
      return { html: filled, version: block.version };
    },
    clear: () => cache.clear(),
    stop: () => void stop(),
  };
}

/** Adds the rating and reviews to the page's Product JSON-LD (the one whose sku is the product). */
function withProductLd(html: string, productId: string, additions: Record<string, unknown>): string {
  return html.replace(LD_SCRIPT, (whole, json: string) => {
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      return whole;
    }
    const product = data as Record<string, unknown>;
    if (!product || product['@type'] !== 'Product' || product.sku !== productId) return whole;
    return `<script type="application/ld+json">${scriptJson({ ...product, ...additions })}</script>`;
  });
}

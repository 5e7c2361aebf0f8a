import { dateWords } from '../../contract/rules/dates.ts';
import { klDate } from '../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { message } from '../../contract/rules/messages.ts';
import type { ReviewSummary, Stars } from '../../contract/rules/review-summary.ts';

/** A visible review as the product page shows it (the public read's list item). */
export interface ShownReview {
  rating: number;
  text: string;
  authorName: string;
  carModel: string;
  createdAt: string;
  reply?: { text: string; at: string };
}

/** What a product page's reviews block is made of: the summary of all and the latest few. */
export interface ProductReviews {
  summary: ReviewSummary;
  latest: ShownReview[];
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text put into HTML: a reviewer's words are never markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => escapes[ch]!);

const starsText = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

function starsLine(rating: number, locale: Locale, size = 'text-lg') {
  const label = escapeHtml(message(locale, 'reviews.stars', { stars: rating }));
  return `<span role="img" aria-label="${label}" class="${size} text-amber-700">${starsText(rating)}</span>`;
}

function countWords(count: number, locale: Locale) {
  return count === 1 ? message(locale, 'reviews.countOne') : message(locale, 'reviews.count', { count });
}

function histogram(summary: ReviewSummary, locale: Locale) {
  const rows = ([5, 4, 3, 2, 1] as Stars[]).map((stars) => {
    const n = summary.histogram[stars];
    const share = summary.count === 0 ? 0 : Math.round((100 * n) / summary.count);
    return (
      `<li class="flex items-center gap-2 text-sm"><span class="w-20 shrink-0">${escapeHtml(stars === 1 ? message(locale, 'reviews.starRowOne') : message(locale, 'reviews.starRow', { stars }))}</span>` +
      `<span class="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true"><span class="block h-full bg-amber-500" style="width:${share}%"></span></span>` +
      `<span class="w-10 shrink-0 text-right">${n}</span></li>`
    );
  });
  return `<ul class="mt-3 max-w-sm space-y-1">${rows.join('')}</ul>`;
}

function reviewItem(review: ShownReview, locale: Locale) {
  const date = dateWords(klDate(new Date(review.createdAt)), locale);
  const who = `${escapeHtml(review.authorName)} · ${escapeHtml(review.carModel)} · <time datetime="${escapeHtml(review.createdAt)}">${escapeHtml(date)}</time>`;
  const text = review.text ? `<p class="mt-2 whitespace-pre-line">${escapeHtml(review.text)}</p>` : '';
  const reply = review.reply
    ? `<div class="mt-3 rounded-xl bg-slate-50 p-3"><p class="text-sm font-semibold">${escapeHtml(message(locale, 'reviews.reply'))}</p><p class="mt-1 whitespace-pre-line text-sm">${escapeHtml(review.reply.text)}</p></div>`
    : '';
  return (
    `<li class="rounded-2xl border border-slate-200 bg-white p-4">${starsLine(review.rating, locale)}` +
    `<p class="mt-1 text-sm text-slate-600">${who} · <span class="whitespace-nowrap font-semibold text-green-700">✓ ${escapeHtml(message(locale, 'reviews.verified'))}</span></p>` +
    `${text}${reply}</li>`
  );
}

/** The reviews block of a product page, in the page's language, every text escaped. */
export function reviewBlockHtml({ summary, latest }: ProductReviews, locale: Locale): string {
  const title = `<h2 id="reviews-title" class="text-lg font-bold">${escapeHtml(message(locale, 'reviews.title'))}</h2>`;
  if (summary.count === 0 || summary.average === null) {
    return `<section id="reviews" aria-labelledby="reviews-title" class="mt-6">${title}<p class="mt-2 text-slate-600">${escapeHtml(message(locale, 'reviews.none'))}</p></section>`;
  }
  const average = summary.average.toFixed(1);
  const head =
    // The stars only draw the average; the words beside them say it.
    `<p class="mt-2 flex flex-wrap items-center gap-x-3"><span aria-hidden="true" class="text-xl text-amber-700">${starsText(Math.round(summary.average))}</span>` +
    `<span class="text-xl font-extrabold">${escapeHtml(message(locale, 'reviews.outOf', { average }))}</span>` +
    `<span class="text-slate-600">${escapeHtml(countWords(summary.count, locale))}</span></p>` +
    `<p class="mt-1 text-sm text-slate-600">${escapeHtml(message(locale, 'reviews.onlyBuyers'))}</p>`;
  const list = latest.length
    ? `<div id="reviews-latest"><h3 class="mt-4 font-bold">${escapeHtml(message(locale, 'reviews.latest'))}</h3><ol class="mt-2 space-y-3">${latest.map((r) => reviewItem(r, locale)).join('')}</ol></div>`
    : '';
  // data-count and data-shown tell the page's script whether there is more to browse.
  return `<section id="reviews" aria-labelledby="reviews-title" class="mt-6" data-count="${summary.count}" data-shown="${latest.length}">${title}${head}${histogram(summary, locale)}${list}</section>`;
}

/** The product's JSON-LD additions: its rating and latest reviews, or nothing without a review. */
export function reviewLd({ summary, latest }: ProductReviews): Record<string, unknown> | null {
  if (summary.count === 0 || summary.average === null) return null;
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
    review: latest.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: klDate(new Date(r.createdAt)),
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      ...(r.text ? { reviewBody: r.text } : {}),
    })),
  };
}

/** JSON inside a <script>: no "</script>" or "<!--" can close or bend it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

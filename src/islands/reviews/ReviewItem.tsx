import type { PublicReviewDto } from '../../../contract/reviews.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';

/** One buyer's review, drawn as the server draws the first ones into the page's HTML. */
export function ReviewItem({ locale, review }: { locale: Locale; review: PublicReviewDto }) {
  const t = dictionary(locale).productReviews;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <span role="img" aria-label={fill(t.outOf, { stars: review.rating })} className="text-lg text-amber-700">
        {'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}
      </span>
      <p className="mt-1 text-sm text-slate-600">
        {review.authorName} · {review.carModel} · <time dateTime={review.createdAt}>{dateWords(klDate(new Date(review.createdAt)), locale)}</time> ·{' '}
        <span className="whitespace-nowrap font-semibold text-green-700">✓ {t.verified}</span>
      </p>
      {review.text && <p className="mt-2 whitespace-pre-line">{review.text}</p>}
      {review.reply && (
        <div className="mt-3 rounded-xl bg-slate-50 p-3">
          <p className="text-sm font-semibold">{t.reply}</p>
          <p className="mt-1 whitespace-pre-line text-sm">{review.reply.text}</p>
        </div>
      )}
    </li>
  );
}

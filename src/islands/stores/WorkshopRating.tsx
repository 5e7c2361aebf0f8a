import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, plural } from '../../i18n/index.ts';
import type { WorkshopRatingValue } from './workshop-ratings.ts';

/** A workshop's rating from its verified buyers: "★ 4.5 out of 5 · 12 reviews"; nothing before its first review. */
export function WorkshopRating({ locale, rating, className = '' }: { locale: Locale; rating: WorkshopRatingValue | undefined; className?: string }) {
  if (!rating || rating.count === 0) return null;
  const t = dictionary(locale).stores;
  return (
    <span className={`block text-sm ${className}`}>
      <span aria-hidden="true" className="text-amber-700">
        ★{' '}
      </span>
      <strong>{fill(t.rating, { average: rating.average.toFixed(1) })}</strong>
      {' · '}
      {plural(locale, t.reviews, rating.count)}
    </span>
  );
}

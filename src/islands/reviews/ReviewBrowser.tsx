import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import type { PublicReviewDto } from '../../../contract/reviews.ts';
import { dictionary, fill, plural } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { reviewPage } from '../../lib/endpoints.ts';
import { useHydrated } from '../ui/useClientStore.ts';
import { ReviewItem } from './ReviewItem.tsx';

const PAGE_SIZE = 10;
type Sort = 'newest' | 'helpful';

interface Shown {
  list: PublicReviewDto[];
  total: number;
  pageNum: number;
}

/**
 * With scripts, the product page's reviews by stars, sorted newest or most helpful, and more of
 * them. The first ones come in the page's HTML (filled in by the server); once the customer asks
 * for anything else, this list takes their place.
 */
export default function ReviewBrowser({ locale, productId }: { locale: Locale; productId: string }) {
  const t = dictionary(locale).productReviews;
  const hydrated = useHydrated();
  // How many the page's HTML counts and shows: nothing to browse without two reviews.
  const [inPage, setInPage] = useState({ count: 0, shown: 0 });
  const [rating, setRating] = useState(0);
  const [sort, setSort] = useState<Sort>('newest');
  const [shown, setShown] = useState<Shown | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(() => {
    if (!hydrated) return;
    const block = document.getElementById('reviews');
    setInPage({ count: Number(block?.dataset.count ?? 0), shown: Number(block?.dataset.shown ?? 0) });
  }, [hydrated]);

  async function load(next: { rating: number; sort: Sort; pageNum: number }) {
    setState('loading');
    try {
      const page = await callApi(reviewPage, { productId, sort: next.sort, pageNum: next.pageNum, pageSize: PAGE_SIZE, ...(next.rating ? { rating: next.rating } : {}) }, { quiet: true });
      setShown((before) => ({ list: next.pageNum > 1 && before ? [...before.list, ...page.list] : page.list, total: page.total, pageNum: next.pageNum }));
      // The page's own first reviews give way to the list asked for.
      document.getElementById('reviews-latest')?.setAttribute('hidden', '');
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  if (inPage.count < 2) return null;
  const more = shown ? shown.list.length < shown.total : inPage.count > inPage.shown;
  const select = 'mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2';

  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap gap-4">
        <label className="text-sm font-semibold">
          {t.filter}
          <select className={select} value={rating} onChange={(e) => (setRating(Number(e.target.value)), void load({ rating: Number(e.target.value), sort, pageNum: 1 }))}>
            <option value={0}>{t.allStars}</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {plural(locale, t.stars, stars)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          {t.sort}
          <select className={select} value={sort} onChange={(e) => (setSort(e.target.value as Sort), void load({ rating, sort: e.target.value as Sort, pageNum: 1 }))}>
            <option value="newest">{t.newest}</option>
            <option value="helpful">{t.helpful}</option>
          </select>
        </label>
      </div>
      {shown && (
        <>
          {shown.list.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <ol className="space-y-3">
              {shown.list.map((review) => (
                <ReviewItem key={review.reviewId} locale={locale} review={review} />
              ))}
            </ol>
          )}
          <p className="text-sm text-slate-600">{fill(t.shown, { shown: shown.list.length, total: shown.total })}</p>
        </>
      )}
      <p aria-live="polite" className="text-sm">
        {state === 'loading' ? t.loading : state === 'failed' ? t.failed : ''}
      </p>
      {more && (
        <button type="button" className="btn-secondary" disabled={state === 'loading'} onClick={() => void load({ rating, sort, pageNum: shown ? shown.pageNum + 1 : 1 })}>
          {t.more}
        </button>
      )}
    </div>
  );
}

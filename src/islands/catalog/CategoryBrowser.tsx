import { useEffect, useState } from 'react';
import type { ProductCard } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { productPage } from '../../lib/endpoints.ts';
import { $carInfo } from '../../stores/car.ts';
import { $carPicker, askToLogIn, chooseVariantOf } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { useClientStore, useHydrated } from '../ui/useClientStore.ts';
import { carLabel, variantKnown } from './car-label.ts';
import { ProductCardView } from './ProductCardView.tsx';

type Sort = 'popular' | 'priceAsc' | 'priceDesc' | 'saving';
const PAGE_SIZE = 12;

interface Props {
  locale: Locale;
  /** className, or undefined for every category (the Services page). */
  category?: string;
  /** The first page as prerendered: what crawlers and visitors without JavaScript see. */
  initial: { list: ProductCard[]; total: number };
}

/**
 * A category's products, narrowed to what fits the chosen car and priced for its size,
 * sorted and paged. The prerendered list stays until the API answers.
 */
export default function CategoryBrowser({ locale, category, initial }: Props) {
  const t = dictionary(locale).catalog;
  const car = useClientStore($carInfo, null);
  const carName = carLabel(car, locale);
  const hydrated = useHydrated();
  const [sort, setSort] = useState<Sort>('popular');
  const [page, setPage] = useState(1);
  const [fitsOnly, setFitsOnly] = useState(true);
  // `variantId`: the car the list was answered for ('' for none), so cards speak of fit only for that car.
  const [result, setResult] = useState<{ list: ProductCard[]; total: number; variantId: string }>({ ...initial, variantId: '' });
  const [loading, setLoading] = useState(false);

  const session = useClientStore($session, null);
  // The Services menu opens a category page with ?id=-1: every category, for logged-in customers (docs/contracts/shop.md §2).
  const services = hydrated && new URLSearchParams(location.search).get('id') === '-1';
  const wanted = services ? undefined : category;
  useEffect(() => {
    if (services && !$session.get()) askToLogIn(location.pathname + location.search);
  }, [services]);

  const variantId = car?.variantId || undefined;
  // With the variant skipped, the model (and year) still tell what fits none of its variants.
  const modelId = variantId ? undefined : car?.modelId || undefined;
  const yearId = variantId ? undefined : car?.yearId || undefined;
  useEffect(() => {
    if (!hydrated || (services && !session)) return;
    let live = true;
    setLoading(true);
    callApi(productPage, { category: wanted, variantId, modelId, yearId, sort, page, pageSize: PAGE_SIZE, fitsOnly: Boolean(variantId) && fitsOnly }, { quiet: true })
      .then((answer) => live && setResult({ list: answer.list, total: answer.total, variantId: variantId ?? '' }))
      .catch(() => {
        /* the list shown stays */
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [hydrated, services, session, wanted, variantId, modelId, yearId, sort, page, fitsOnly]);

  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const narrowed = Boolean(variantId) && fitsOnly;
  const fitKnown = variantKnown(car) && result.variantId === variantId;
  if (services && !session) {
    return (
      <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center">
        <p>{dictionary(locale).gate.body}</p>
        <button type="button" className="btn-primary mt-4" onClick={() => askToLogIn(location.pathname + location.search)}>
          {dictionary(locale).gate.action}
        </button>
      </div>
    );
  }
  return (
    <div>
      {services && <h2 className="mb-4 text-xl font-bold text-brand-900">{t.servicesHeading}</h2>}
      <div className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
        {!carName ? (
          <p className="flex-1">{t.chooseCarLead}</p>
        ) : variantId ? (
          <p className="flex-1">{fill(t.resultsFor, { total: result.total, car: carName })}</p>
        ) : (
          // A skipped year or variant: the list is everything, and saying it is "for" the car would claim a fit.
          <p className="flex-1">{fill(t.resultsNoVariant, { total: result.total, car: carName })}</p>
        )}
        <button type="button" className={carName && variantId ? 'btn-secondary' : 'btn-primary'} onClick={() => (car && !variantId ? chooseVariantOf(car) : $carPicker.set(true))}>
          {!carName ? t.chooseCar : variantId ? t.changeCar : t.chooseVariantAction}
        </button>
        <label className="flex items-center gap-2 text-sm">
          {t.sort}
          <select
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-2"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as Sort);
              setPage(1);
            }}
          >
            {(Object.keys(t.sorts) as Sort[]).map((s) => (
              <option key={s} value={s}>
                {t.sorts[s]}
              </option>
            ))}
          </select>
        </label>
        {variantId && (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={fitsOnly}
              onChange={(e) => {
                setFitsOnly(e.target.checked);
                setPage(1);
              }}
            />
            {t.fitsOnly}
          </label>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {loading ? t.loading : fill(t.results, { total: result.total })}
      </p>
      {result.total === 0 && narrowed ? (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-6">
          <p className="font-bold">{fill(t.empty, { car: carName ?? '' })}</p>
          <p className="mt-1">{t.emptyHelp}</p>
          <div className="mt-4 flex gap-3">
            <button type="button" className="btn-primary" onClick={() => $carPicker.set(true)}>
              {t.changeCar}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setFitsOnly(false)}>
              {t.showAll}
            </button>
          </div>
        </div>
      ) : (
        <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${loading ? 'opacity-60' : ''}`}>
          {result.list.map((card, i) => (
            <li key={card.id}>
              <ProductCardView card={card} locale={locale} carName={carName} variantKnown={fitKnown} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t.pagination} className="mt-6 flex items-center justify-center gap-3">
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.previous}
          </button>
          <span>{fill(t.page, { page, pages })}</span>
          <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t.next}
          </button>
        </nav>
      )}
    </div>
  );
}

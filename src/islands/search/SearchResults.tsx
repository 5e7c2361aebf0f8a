import type MiniSearch from 'minisearch';
import { useEffect, useMemo, useState } from 'react';
import type { ProductCard } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href, plural } from '../../i18n/index.ts';
import { findProducts, type SearchDocument } from '../../lib/search/engine.ts';
import { cardForSize } from '../../lib/search/sized-card.ts';
import { $carInfo } from '../../stores/car.ts';
import { carLabel, variantKnown } from '../catalog/car-label.ts';
import { ProductCardView } from '../catalog/ProductCardView.tsx';
import { useClientStore, useHydrated } from '../ui/useClientStore.ts';
import { carCards } from './car-cards.ts';
import { loadSearchIndex } from './load-index.ts';

const SHOWN_AT_ONCE = 24;

interface Props {
  locale: Locale;
  /** Every category's name and list route, offered when nothing is found. */
  categories: { slug: string; name: string }[];
}

/**
 * The search page: reads `q` from the address, loads the index (only here, and only now), and
 * lists what it finds as the category pages do, priced for the chosen car.
 */
export default function SearchResults({ locale, categories }: Props) {
  const t = dictionary(locale).search;
  const hydrated = useHydrated();
  const car = useClientStore($carInfo, null);
  const carName = carLabel(car, locale);
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState<MiniSearch<SearchDocument> | null>(null);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  const [priced, setPriced] = useState<{ variantId: string; cards: Map<string, ProductCard> } | null>(null);

  useEffect(() => {
    const q = new URLSearchParams(location.search).get('q') ?? '';
    setQuery(q);
    // The top bar's box says what was searched for too.
    const box = document.getElementById('site-search-q');
    if (box instanceof HTMLInputElement && !box.value) box.value = q;
    loadSearchIndex(locale).then(setIndex, () => setFailed(true));
  }, [locale]);

  const found = useMemo(() => (index ? findProducts(index, query) : []), [index, query]);
  const variantId = car?.variantId || undefined;
  const slugs = useMemo(() => [...new Set(found.slice(0, shown).map((f) => f.card.categorySlug))].sort(), [found, shown]);
  useEffect(() => {
    if (!hydrated || slugs.length === 0) return;
    let live = true;
    carCards(slugs, variantId).then(
      (cards) => live && setPriced({ variantId: variantId ?? '', cards }),
      () => {
        /* the cards as the index has them stay */
      },
    );
    return () => {
      live = false;
    };
  }, [hydrated, slugs, variantId]);

  // Cards speak of fit only once they were answered for this car.
  const fitKnown = variantKnown(car) && priced?.variantId === variantId;
  const cards = found.slice(0, shown).map((f) => {
    const card = (priced?.variantId === (variantId ?? '') && priced.cards.get(f.id)) || f.card;
    if (!f.size || !f.sizes) return { card, size: false };
    const notYourSize = (sizes: string) => fill(t.notYourSize, { size: f.size!, sizes });
    return { card: cardForSize(card, f.size, f.sizes[f.size]!, fitKnown, notYourSize), size: true };
  });

  const search = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '');
    history.pushState(null, '', `${location.pathname}?q=${encodeURIComponent(q)}`);
    setShown(SHOWN_AT_ONCE);
    setQuery(q);
  };
  useEffect(() => {
    const back = () => setQuery(new URLSearchParams(location.search).get('q') ?? '');
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);

  const trimmed = query.trim();
  // Nothing in the prerendered page: without scripts it says so itself (noscript).
  let status = '';
  if (hydrated) {
    if (failed) status = t.failed;
    else if (!trimmed) status = t.empty;
    else if (!index) status = t.loading;
    else if (found.length === 0) status = fill(t.noMatch, { query: trimmed });
    else status = fill(plural(locale, t.results, found.length), { query: trimmed });
  }
  const offerCategories = hydrated && (failed || !trimmed || (index !== null && found.length === 0));

  return (
    <div>
      <form role="search" aria-label={t.pageForm} method="get" action={href(locale, 'search')} onSubmit={search} className="mb-4 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t.label}
        </label>
        <input
          id="search-page-q"
          key={query}
          type="search"
          name="q"
          defaultValue={query}
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t.placeholder}
          className="field-input min-h-11 flex-1"
        />
        <button type="submit" className="btn-primary">
          {t.submit}
        </button>
      </form>
      <p role="status" className="mb-4 text-lg font-semibold text-brand-900">
        {status}
      </p>
      {cards.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map(({ card, size }, i) => (
            <li key={card.id}>
              <ProductCardView
                card={card}
                locale={locale}
                carName={carName}
                variantKnown={fitKnown}
                first={i === 0}
                sizeAsked={size}
                categoryName={categories.find((c) => c.slug === card.categorySlug)?.name}
              />
            </li>
          ))}
        </ul>
      )}
      {found.length > shown && (
        <p className="mt-6 text-center">
          <button type="button" className="btn-secondary" onClick={() => setShown(shown + SHOWN_AT_ONCE)}>
            {t.showMore}
          </button>
        </p>
      )}
      {offerCategories && <CategoryLinks locale={locale} categories={categories} />}
    </div>
  );
}

function CategoryLinks({ locale, categories }: Props) {
  const t = dictionary(locale).search;
  return (
    <nav aria-label={t.categories} className="mt-2">
      <h2 className="mb-3 font-bold">{t.categories}</h2>
      <ul className="flex flex-wrap gap-2">
        {categories.map((c) => (
          <li key={c.slug}>
            <a href={href(locale, `products/${c.slug}`)} className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full border border-slate-300 bg-white px-4 hover:border-brand-600">
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

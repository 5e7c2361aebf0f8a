import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { nearestFirst } from '../../../contract/rules/nearest.ts';
import type { WorkshopDto } from '../../../contract/stores.ts';
import { dictionary, href } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { clientStore } from '../../lib/endpoints.ts';
import type { CityPlace } from '../../lib/places.ts';
import { kmWords, placeWords, townAndState } from '../../lib/whereabouts.ts';
import { useHydrated } from '../ui/useClientStore.ts';
import { LocationControls } from './LocationControls.tsx';
import { useOrigin } from './useOrigin.ts';
import { WorkshopRating } from './WorkshopRating.tsx';
import { useWorkshopRatings } from './workshop-ratings.ts';

interface Props {
  locale: Locale;
  productId: string;
  cities: CityPlace[];
}

const SHOWN = 3;

/** The product page's three nearest workshops that fit this product, with how far each is. */
export default function NearbyWorkshops({ locale, productId, cities }: Props) {
  const t = dictionary(locale).near;
  const hydrated = useHydrated();
  const origin = useOrigin(cities);
  const [fitting, setFitting] = useState<WorkshopDto[] | null>(null);
  const ratings = useWorkshopRatings(hydrated);

  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    callApi(clientStore, { productId }, { quiet: true }).then(
      (list) => live && setFitting(list),
      () => live && setFitting([]),
    );
    return () => {
      live = false;
    };
  }, [hydrated, productId]);

  const nearest = useMemo(() => (fitting && origin ? nearestFirst(fitting, origin).slice(0, SHOWN) : []), [fitting, origin]);

  return (
    <section aria-labelledby="near-heading" className="mt-8 space-y-3">
      <h2 id="near-heading" className="text-lg font-bold">
        {t.heading}
      </h2>
      <LocationControls locale={locale} cities={cities} origin={origin} />
      {fitting?.length === 0 && <p>{t.none}</p>}
      {nearest.length > 0 && (
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {nearest.map((w) => {
            const { town, state } = townAndState(w, cities);
            return (
              <li key={w.id} className="flex flex-wrap items-baseline justify-between gap-x-3 p-3">
                <span>
                  <span className="block font-semibold">{w.name}</span>
                  <span className="block text-sm text-slate-700">{placeWords(t.townState, { town, state })}</span>
                  <WorkshopRating locale={locale} rating={ratings.get(w.id)} />
                </span>
                {w.distanceKm !== null && <span className="text-sm font-semibold text-brand-900">{kmWords(w.distanceKm, t.km, t.kmNear)}</span>}
              </li>
            );
          })}
        </ol>
      )}
      <p>
        <a className="underline" href={href(locale, 'store')}>
          {t.allWorkshops}
        </a>
      </p>
    </section>
  );
}

import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { nearestFirst } from '../../../contract/rules/nearest.ts';
import { formatPhone, telHref } from '../../../contract/rules/phone.ts';
import { directionLinks } from '../../../contract/rules/directions.ts';
import type { WorkshopDto } from '../../../contract/stores.ts';
import { dictionary, fill, labelled, plural } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { doorStoreList } from '../../lib/endpoints.ts';
import type { CityPlace } from '../../lib/places.ts';
import { kmWords, placeWords, townAndState } from '../../lib/whereabouts.ts';
import { useHydrated } from '../ui/useClientStore.ts';
import { LocationControls } from './LocationControls.tsx';
import { useOrigin } from './useOrigin.ts';
import { WorkshopRating } from './WorkshopRating.tsx';
import { useWorkshopRatings, type WorkshopRatingValue } from './workshop-ratings.ts';

const dayOrder = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * What a card shows of a workshop. The page's copy of each (its island's props, in the HTML)
 * carries only this: closed days and navigation links would add half again to the page, and the
 * links are made from the position.
 */
export type ShownWorkshop = Omit<WorkshopDto, 'closedOn' | 'nextOpenDate' | 'wazeUrl' | 'googleMapsUrl'>;

interface Props {
  locale: Locale;
  cities: CityPlace[];
  /** Every workshop as prerendered (open-now comes from the API). */
  initial: ShownWorkshop[];
  serviceNames: Record<string, string>;
}

/**
 * The partner workshops nearest first: those of the chosen city measured from its centre, or
 * all of them from the customer's location or postcode; every one with its town, state and
 * distance.
 */
export default function StoreFinder({ locale, cities, initial, serviceNames }: Props) {
  const t = dictionary(locale).stores;
  const hydrated = useHydrated();
  const origin = useOrigin(cities);
  const [all, setAll] = useState<ShownWorkshop[]>(initial);
  const [live, setLive] = useState(false);
  const ratings = useWorkshopRatings(hydrated);

  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    callApi(doorStoreList, {}, { quiet: true })
      .then((rows) => {
        if (!current) return;
        // Seventy cards drawn again in slices the browser can answer taps between.
        startTransition(() => {
          setAll(rows);
          setLive(true);
        });
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [hydrated]);

  const list = useMemo(() => {
    const inCity = origin?.source === 'city' ? all.filter((w) => w.city === origin.city.value) : all;
    return nearestFirst(inCity, origin);
  }, [all, origin]);

  return (
    <div>
      <div className="mb-4 space-y-2">
        <LocationControls locale={locale} cities={cities} origin={origin} noCityLabel={t.allCities} />
        <p className="text-sm text-slate-600" aria-live="polite">
          {plural(locale, t.count, list.length)}
        </p>
      </div>
      {list.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6">{t.none}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((w) => {
            const { town, state } = townAndState(w, cities);
            return <WorkshopCard key={w.id} locale={locale} workshop={w} town={town} state={state} live={live} rating={ratings.get(w.id)} serviceNames={serviceNames} />;
          })}
        </ul>
      )}
    </div>
  );
}

interface CardProps {
  locale: Locale;
  workshop: ShownWorkshop;
  town: string;
  state: string;
  /** Whether the open-now badge comes from the API yet. */
  live: boolean;
  rating: WorkshopRatingValue | undefined;
  serviceNames: Record<string, string>;
}

/** One workshop's card: drawn again only when its own data, rating or badge changes. */
const WorkshopCard = memo(function WorkshopCard({ locale, workshop: w, town, state, live, rating, serviceNames }: CardProps) {
  const t = dictionary(locale).stores;
  const { wazeUrl, googleMapsUrl } = directionLinks(w.lat, w.lng);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5">
      <article aria-labelledby={`ws-${w.id}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`ws-${w.id}`} className="text-lg font-bold">
            {w.name}
          </h2>
          {/* Its room is kept (as wide as the longer word) until the API says open or closed, so nothing moves. */}
          <span
            aria-hidden={!live}
            data-other={w.openNow ? t.closedNow : t.openNow}
            className={`grid rounded-full px-2 py-0.5 text-sm font-semibold after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-other)] ${live ? '' : 'invisible'} ${w.openNow ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'}`}
          >
            <span className="col-start-1 row-start-1">{w.openNow ? t.openNow : t.closedNow}</span>
          </span>
        </div>
        <p className="text-sm text-slate-700">
          {placeWords(dictionary(locale).near.townState, { town, state })}
          {w.distanceKm !== null && <strong className="ml-2 text-brand-900">{kmWords(w.distanceKm, t.distance, t.distanceNear)}</strong>}
        </p>
        <WorkshopRating locale={locale} rating={rating} className="mt-1" />
        <address className="mt-2 not-italic">
          {w.address}, {w.postcode} {w.state}
        </address>
        <p className="mt-2 text-sm">
          <strong>{labelled(locale, t.services)}</strong>{w.services.map((s) => serviceNames[s] ?? s).join(', ')} · {fill(t.bays, { bays: w.bays })}
        </p>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer">{t.hours}</summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4">
            {dayOrder.map((d) => (
              <div key={d} className="contents">
                <dt>{t.days[d]}</dt>
                <dd>{w.hours[d] ? `${w.hours[d]!.open}–${w.hours[d]!.close}` : t.closed}</dd>
              </div>
            ))}
          </dl>
        </details>
        <p className="mt-3 flex flex-wrap gap-2">
          <a className="btn-secondary text-sm" href={wazeUrl} target="_blank" rel="noopener noreferrer">
            {t.waze}
          </a>
          <a className="btn-secondary text-sm" href={googleMapsUrl} target="_blank" rel="noopener noreferrer">
            {t.maps}
          </a>
          <a className="btn-secondary whitespace-nowrap text-sm" href={telHref(w.phone)}>
            {fill(t.call, { phone: formatPhone(w.phone) })}
          </a>
        </p>
      </article>
    </li>
  );
});

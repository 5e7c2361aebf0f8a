import { useEffect, useState } from 'react';
import type { DictionaryEntry } from '../../../contract/dictionary.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { WorkshopDto } from '../../../contract/stores.ts';
import { dictionary, fill, plural } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { doorStoreList } from '../../lib/endpoints.ts';
import { $curCity } from '../../stores/business.ts';
import { useClientStore, useHydrated } from '../ui/useClientStore.ts';

const dayOrder = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

interface Props {
  locale: Locale;
  cities: DictionaryEntry[];
  /** Every workshop as prerendered (open-now and distance come from the API). */
  initial: WorkshopDto[];
  serviceNames: Record<string, string>;
}

/** Workshops in the top bar's city (or all), nearest first once the customer shares a location. */
export default function StoreFinder({ locale, cities, initial, serviceNames }: Props) {
  const t = dictionary(locale).stores;
  const hydrated = useHydrated();
  const city = useClientStore($curCity, null);
  const [list, setList] = useState<WorkshopDto[]>(initial);
  const [live, setLive] = useState(false);
  const [where, setWhere] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState<'idle' | 'busy' | 'denied'>('idle');

  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    callApi(doorStoreList, { city: city ?? undefined, ...(where ?? {}) }, { quiet: true })
      .then((rows) => {
        if (!current) return;
        setList(rows);
        setLive(true);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [hydrated, city, where]);

  const locate = () => {
    setLocating('busy');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setWhere({ lat: pos.coords.latitude, lng: pos.coords.longitude });
        setLocating('idle');
      },
      () => setLocating('denied'),
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const cityName = (value: string) => cities.find((c) => c.value === value)?.labelName ?? value;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <label className="flex items-center gap-2">
          <span>{dictionary(locale).city.label}</span>
          <select className="min-h-11 rounded-lg border border-slate-400 bg-white px-2" value={city ?? ''} onChange={(e) => $curCity.set(e.target.value || null)}>
            <option value="">{t.allCities}</option>
            {cities.map((c) => (
              <option key={c.value} value={c.value}>
                {c.labelName}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-secondary" disabled={locating === 'busy'} onClick={locate}>
          {locating === 'busy' ? t.locating : t.useLocation}
        </button>
        {locating === 'denied' && <p className="text-sm text-amber-900">{t.locationDenied}</p>}
        <p className="ml-auto text-sm text-slate-600" aria-live="polite">
          {plural(locale, t.count, list.length)}
        </p>
      </div>
      {list.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6">{t.none}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((w) => (
            <li key={w.id} className="rounded-xl border border-slate-200 bg-white p-5">
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
                <p className="text-sm text-slate-600">{cityName(w.city)}</p>
                <address className="mt-2 not-italic">
                  {w.address}, {w.postcode} {w.state}
                </address>
                {w.distanceKm !== null && <p className="mt-1 text-sm font-semibold">{fill(t.distance, { km: w.distanceKm })}</p>}
                <p className="mt-2 text-sm">
                  <strong>{t.services}:</strong> {w.services.map((s) => serviceNames[s] ?? s).join(', ')} · {fill(t.bays, { bays: w.bays })}
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
                  <a className="btn-secondary text-sm" href={w.wazeUrl} target="_blank" rel="noopener noreferrer">
                    {t.waze}
                  </a>
                  <a className="btn-secondary text-sm" href={w.googleMapsUrl} target="_blank" rel="noopener noreferrer">
                    {t.maps}
                  </a>
                  <a className="btn-secondary text-sm" href={`tel:${w.phone.replace(/[\s-]/g, '')}`}>
                    {fill(t.call, { phone: w.phone })}
                  </a>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import type { Locale } from '../../../contract/rules/language.ts';
import type { WorkshopDto } from '../../../contract/stores.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import type { CityPlace } from '../../lib/places.ts';
import { dayTimeWords } from '../../../contract/rules/dates.ts';
import { kmWords, placeWords, townAndState } from '../../lib/whereabouts.ts';
import { WorkshopRating } from '../stores/WorkshopRating.tsx';
import type { WorkshopRatingValue } from '../stores/workshop-ratings.ts';
import type { NextFree } from './useNextFree.ts';

interface Props {
  locale: Locale;
  workshop: WorkshopDto & { distanceKm: number | null };
  cities: readonly CityPlace[];
  checked: boolean;
  lastUsed: boolean;
  /** Its buyers' rating, once known (none before its first review). */
  rating?: WorkshopRatingValue;
  /** Installation only: undefined while asking, null when not known. */
  nextFree: NextFree | null | undefined;
  showNextFree: boolean;
  onChoose: () => void;
}

/** One workshop to choose: where it is, how far, and when it can next take the job. */
export function WorkshopCard({ locale, workshop: w, cities, checked, lastUsed, rating, nextFree, showNextFree, onChoose }: Props) {
  const t = dictionary(locale).near;
  const { town, state } = townAndState(w, cities);
  return (
    <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input type="radio" name="workshop" value={w.id} checked={checked} onChange={onChoose} className="mt-1" />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold">{w.name}</span>
          {w.distanceKm !== null && <span className="text-sm font-semibold text-brand-900">{kmWords(w.distanceKm, t.km, t.kmNear)}</span>}
        </span>
        <span className="block text-sm text-slate-700">{placeWords(t.townState, { town, state })}</span>
        <span className="block text-sm text-slate-600">{w.address}</span>
        <WorkshopRating locale={locale} rating={rating} />
        {lastUsed && <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{t.lastUsed}</span>}
        {showNextFree && (
          <span className="mt-1 block text-sm">
            {nextFree === undefined
              ? t.checking
              : nextFree?.date && nextFree.time
                ? fill(t.nextFree, { when: dayTimeWords(nextFree.date, nextFree.time, locale) })
                : nextFree
                  ? t.noFree
                  : ''}
          </span>
        )}
      </span>
    </label>
  );
}

import { useEffect, useMemo, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { asksToConfirm, nearestFirst, preselectedWorkshop } from '../../../contract/rules/nearest.ts';
import type { FulfilmentMethod } from '../../../contract/rules/order-status.ts';
import type { storeSlots as storeSlotsCall } from '../../../contract/orders.ts';
import type { WorkshopDto } from '../../../contract/stores.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { commonWorkshops, type OrderLine } from '../../lib/checkout.ts';
import { clientStore } from '../../lib/endpoints.ts';
import type { CityPlace } from '../../lib/places.ts';
import { storeSlots } from '../../lib/order-endpoints.ts';
import { $lastWorkshop } from '../../stores/location.ts';
import { LocationControls } from '../stores/LocationControls.tsx';
import { useOrigin } from '../stores/useOrigin.ts';
import { useWorkshopRatings } from '../stores/workshop-ratings.ts';
import { useClientStore } from '../ui/useClientStore.ts';
import { FarWorkshopDialog } from './FarWorkshopDialog.tsx';
import { SlotPicker } from './SlotPicker.tsx';
import { useNextFree } from './useNextFree.ts';
import { WorkshopCard } from './WorkshopCard.tsx';

type Slots = ResponseOf<typeof storeSlotsCall>;
type Listed = WorkshopDto & { distanceKm: number | null };

/** Workshops shown at first, then more at a time, up to the 20 whose next free times are asked. */
const FIRST_SHOWN = 6;
const MOST_SHOWN = 20;

interface Props {
  locale: Locale;
  method: FulfilmentMethod;
  items: OrderLine[];
  /** The car the cart is for: stock is counted at the lengths and sizes it takes. */
  variantId: string;
  /** The city menu's cities with their centres (src/lib/places.ts). */
  cities: CityPlace[];
  storeId: string;
  date: string;
  time: string;
  errors: Record<string, string>;
  onStore: (storeId: string) => void;
  onSlot: (date: string, time: string) => void;
}

/**
 * The workshops that can take every line, nearest to where the customer is first, each with
 * its town, state, distance and (for installation) its next free time; then a date and a time.
 * Nothing is ticked for the customer but their last workshop or the only one within 25 km,
 * and one farther than 50 km asks first.
 */
export function WorkshopSlots({ locale, method, items, variantId, cities, storeId, date, time, errors, onStore, onSlot }: Props) {
  const t = dictionary(locale).checkout;
  const origin = useOrigin(cities);
  const lastUsed = useClientStore($lastWorkshop, null);
  const [fitting, setFitting] = useState<WorkshopDto[] | null>(null);
  const [shown, setShown] = useState(FIRST_SHOWN);
  const [far, setFar] = useState<Listed | null>(null);
  const [slots, setSlots] = useState<Slots | null>(null);
  // The checkout runs only in the browser: ratings are asked at once.
  const ratings = useWorkshopRatings(true);
  const ids = [...new Set(items.map((l) => l.productId))].join(',');
  const itemsKey = JSON.stringify(items);

  // Every workshop that does each line; sorted here, so a new location needs no new call.
  useEffect(() => {
    let live = true;
    setFitting(null);
    Promise.all(ids.split(',').map((productId) => callApi(clientStore, { productId }, { quiet: true })))
      .then((lists) => live && setFitting(commonWorkshops(lists)))
      .catch(() => live && setFitting([]));
    return () => {
      live = false;
    };
  }, [ids]);

  const sorted = useMemo<Listed[] | null>(() => (fitting ? nearestFirst(fitting, origin) : null), [fitting, origin]);
  useEffect(() => setShown(FIRST_SHOWN), [origin]);
  // Without a location only the last workshop can be listed; with one, the nearest, and the chosen one wherever it is.
  const listed = useMemo(() => {
    if (!sorted) return null;
    const head = origin ? sorted.slice(0, shown) : sorted.filter((w) => w.id === lastUsed);
    const chosen = sorted.find((w) => w.id === storeId);
    return chosen && !head.includes(chosen) ? [...head, chosen] : head;
  }, [sorted, origin, shown, lastUsed, storeId]);

  useEffect(() => {
    if (!sorted) return;
    // A workshop that can no longer take the cart is let go; none is chosen for the customer but by the rule.
    if (storeId && !sorted.some((w) => w.id === storeId)) onStore('');
    else if (!storeId) {
      const pick = preselectedWorkshop(sorted, lastUsed);
      if (pick) onStore(pick);
    }
  }, [sorted, storeId, lastUsed, onStore]);

  const nextFree = useNextFree(method === 'install', items, (listed ?? []).map((w) => w.id), variantId);

  useEffect(() => {
    if (method !== 'install' || !storeId) return;
    let live = true;
    setSlots(null);
    callApi(storeSlots, { storeId, items: JSON.parse(itemsKey), ...(variantId ? { variantId } : {}) }, { quiet: true }).then(
      (answer) => live && setSlots(answer),
      () => live && setSlots({ storeId, fittingMinutes: 0, dates: [] }),
    );
    return () => {
      live = false;
    };
  }, [method, storeId, itemsKey, variantId]);

  const choose = (w: Listed) => (w.id !== lastUsed && asksToConfirm(w.distanceKm) ? setFar(w) : onStore(w.id));

  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-lg font-bold">{t.workshop}</legend>
        <LocationControls locale={locale} cities={cities} origin={origin} />
        {sorted === null && <p className="text-slate-600">{t.finding}</p>}
        {sorted?.length === 0 && <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t.noWorkshop}</p>}
        <div className="grid gap-2">
          {listed?.map((w) => (
            <WorkshopCard
              key={w.id}
              locale={locale}
              workshop={w}
              cities={cities}
              checked={w.id === storeId}
              lastUsed={w.id === lastUsed}
              rating={ratings.get(w.id)}
              showNextFree={method === 'install'}
              nextFree={nextFree === undefined ? undefined : (nextFree.get(w.id) ?? null)}
              onChoose={() => choose(w)}
            />
          ))}
        </div>
        {origin && sorted && shown < Math.min(sorted.length, MOST_SHOWN) && (
          <button type="button" className="btn-secondary" onClick={() => setShown((n) => Math.min(n + FIRST_SHOWN, MOST_SHOWN))}>
            {dictionary(locale).near.showMore}
          </button>
        )}
        {errors.storeId && <p className="field-error" role="alert">{errors.storeId}</p>}
      </fieldset>
      <FarWorkshopDialog
        locale={locale}
        workshop={far}
        origin={origin}
        onConfirm={() => {
          if (far) onStore(far.id);
          setFar(null);
        }}
        onCancel={() => setFar(null)}
      />
      {method === 'install' && storeId && <SlotPicker locale={locale} slots={slots} date={date} time={time} error={errors.appointment} onSlot={onSlot} />}
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import type { FulfilmentMethod } from '../../../contract/rules/order-status.ts';
import type { WorkshopDto } from '../../../contract/stores.ts';
import type { ResponseOf } from '../../../contract/call.ts';
import type { storeSlots as storeSlotsCall } from '../../../contract/orders.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { commonWorkshops, type OrderLine } from '../../lib/checkout.ts';
import { clientStore } from '../../lib/endpoints.ts';
import { storeSlots } from '../../lib/order-endpoints.ts';
import { $curCity } from '../../stores/business.ts';
import { useClientStore } from '../ui/useClientStore.ts';
import { SlotPicker } from './SlotPicker.tsx';

type Slots = ResponseOf<typeof storeSlotsCall>;

interface Props {
  locale: Locale;
  method: FulfilmentMethod;
  items: OrderLine[];
  storeId: string;
  date: string;
  time: string;
  errors: Record<string, string>;
  onStore: (storeId: string) => void;
  onSlot: (date: string, time: string) => void;
}

/** Where the browser already shares its location (no prompt is raised for it), else null. */
async function sharedLocation(): Promise<{ lat: number; lng: number } | null> {
  try {
    const state = await navigator.permissions?.query({ name: 'geolocation' });
    if (state?.state !== 'granted') return null;
    return await new Promise((resolve) =>
      navigator.geolocation.getCurrentPosition(
        (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
        () => resolve(null),
        { timeout: 5000, maximumAge: 300_000 },
      ),
    );
  } catch {
    return null;
  }
}

/** Workshops that can take every line (nearest first, else the top bar's city), then for installation a free date and time. */
export function WorkshopSlots({ locale, method, items, storeId, date, time, errors, onStore, onSlot }: Props) {
  const t = dictionary(locale).checkout;
  const city = useClientStore($curCity, null);
  const [workshops, setWorkshops] = useState<WorkshopDto[] | null>(null);
  const [slots, setSlots] = useState<Slots | null>(null);
  const ids = [...new Set(items.map((l) => l.productId))].join(',');
  const itemsKey = JSON.stringify(items);

  useEffect(() => {
    let live = true;
    setWorkshops(null);
    (async () => {
      const where = await sharedLocation();
      const near = where ?? (city ? { city } : {});
      const lists = await Promise.all(ids.split(',').map((productId) => callApi(clientStore, { productId, ...near }, { quiet: true })));
      if (live) setWorkshops(commonWorkshops(lists));
    })().catch(() => live && setWorkshops([]));
    return () => {
      live = false;
    };
  }, [ids, city]);

  useEffect(() => {
    if (workshops && workshops.length && !workshops.some((w) => w.id === storeId)) onStore(workshops[0]!.id);
  }, [workshops, storeId, onStore]);

  useEffect(() => {
    if (method !== 'install' || !storeId) return;
    let live = true;
    setSlots(null);
    callApi(storeSlots, { storeId, items: JSON.parse(itemsKey) }, { quiet: true }).then(
      (answer) => live && setSlots(answer),
      () => live && setSlots({ storeId, fittingMinutes: 0, dates: [] }),
    );
    return () => {
      live = false;
    };
  }, [method, storeId, itemsKey]);

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-lg font-bold">{t.workshop}</legend>
        {workshops === null && <p className="text-slate-600">{t.finding}</p>}
        {workshops?.length === 0 && <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t.noWorkshop}</p>}
        <div className="grid gap-2">
          {workshops?.map((w) => (
            <label key={w.id} className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" name="workshop" value={w.id} checked={w.id === storeId} onChange={() => onStore(w.id)} className="mt-1" />
              <span>
                <span className="block font-semibold">{w.name}</span>
                <span className="block text-sm text-slate-600">{w.address}</span>
                {w.distanceKm !== null && <span className="block text-sm text-slate-600">{fill(t.km, { km: w.distanceKm.toFixed(1) })}</span>}
              </span>
            </label>
          ))}
        </div>
        {errors.storeId && <p className="field-error" role="alert">{errors.storeId}</p>}
      </fieldset>
      {method === 'install' && storeId && <SlotPicker locale={locale} slots={slots} date={date} time={time} error={errors.appointment} onSlot={onSlot} />}
    </div>
  );
}

import { useEffect } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, labelled } from '../../i18n/index.ts';
import { checkStoredCar } from '../../lib/car-check.ts';
import { $carInfo } from '../../stores/car.ts';
import { carLabel } from '../catalog/car-label.ts';
import { $carPicker, chooseVariantOf } from '../../stores/ui.ts';
import { loadCarPicker, prefetch } from '../overlays/dialogs.ts';
import { useClientStore } from '../ui/useClientStore.ts';

/** 'Add Your Car', or the chosen brand and model with body type; opens the car picker. */
export default function CarBanner({ locale }: { locale: Locale }) {
  const t = dictionary(locale).car;
  const car = useClientStore($carInfo, null);
  const summary = carLabel(car, locale);
  const [head, body] = summary ? [summary.split(' · ')[0]!, summary.split(' · ').slice(1).join(' · ')] : ['', ''];
  // A car kept from an earlier visit may have left the catalogue since.
  useEffect(() => void checkStoredCar(), []);
  return (
    <button
      type="button"
      onPointerEnter={() => prefetch(loadCarPicker)}
      onFocus={() => prefetch(loadCarPicker)}
      // A car chosen without its variant goes on at that model's variant step (Back leads to another car).
      onClick={() => (car && !car.variantId ? chooseVariantOf(car) : $carPicker.set(true))}
      // The name may be cut short on a laptop's top bar: the whole of it on hover.
      title={summary ?? undefined}
      className="flex min-h-11 w-full min-w-0 items-center gap-2 rounded-lg border border-dashed border-brand-600 bg-brand-50 px-3 py-2 text-left text-brand-900 hover:bg-brand-100"
    >
      <svg aria-hidden="true" className="shrink-0" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 13l2-5a2 2 0 0 1 2-1h10a2 2 0 0 1 2 1l2 5v4a1 1 0 0 1-1 1h-1a2 2 0 0 1-4 0H9a2 2 0 0 1-4 0H4a1 1 0 0 1-1-1z" />
      </svg>
      {summary ? (
        <span className="flex min-w-0 flex-1 items-baseline">
          <span className="sr-only">{labelled(locale, t.yourCar)}</span>
          {/* Brand and model always whole; the body type after them is cut short on a phone, and on a laptop's top bar only read out (the title shows it). */}
          <strong className="shrink-0 whitespace-nowrap">{head}</strong>
          {body && <strong className="min-w-0 truncate lg:sr-only 2xl:not-sr-only">{` · ${body}`}</strong>}
          <span className="ml-2 shrink-0 whitespace-nowrap text-sm underline lg:sr-only 2xl:not-sr-only">{car && !car.variantId ? t.chooseVariant : t.change}</span>
        </span>
      ) : (
        <strong className="truncate">{t.addYourCar}</strong>
      )}
    </button>
  );
}

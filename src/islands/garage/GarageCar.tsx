import { useCallback, useEffect, useState } from 'react';
import type { GarageHistory } from '../../../contract/garage.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { fromSaved } from '../../lib/garage.ts';
import { garageHistory } from '../../lib/garage-endpoints.ts';
import { carLabel } from '../catalog/car-label.ts';
import { CarPapers } from './CarPapers.tsx';
import { DueList } from './DueList.tsx';
import { Readings } from './Readings.tsx';
import { Services } from './Services.tsx';

interface Props {
  locale: Locale;
  car: SavedCar;
  onSaved: (cars: SavedCar[]) => void;
}

/** One garage car: its plate and papers, what is due, its services and its readings. */
export function GarageCar({ locale, car, onSaved }: Props) {
  const t = dictionary(locale).garage;
  const name = carLabel(fromSaved(car), locale) ?? `${car.brand} ${car.model}`;
  const [history, setHistory] = useState<GarageHistory | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const headingId = `car-${car.id}`;

  // A changed expiry date changes what is due: the history is asked again.
  useEffect(() => {
    let live = true;
    callApi(garageHistory, { carId: car.id }, { quiet: true }).then(
      (h) => live && (setHistory(h), setFailed('')),
      (err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [car.id, car.roadTaxExpiry, car.insuranceExpiry, reloads]);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-brand-900">
        {name}
        {/* A space, not only a margin: the heading is read "… Hatchback 2022 · 1.3 G", not "Hatchback2022". */}
        {(car.year || car.variant) && <span className="text-base font-normal text-slate-600">{` ${[car.year, car.variant].filter(Boolean).join(' · ')}`}</span>}
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <CarPapers locale={locale} car={car} onSaved={onSaved} />
          {history && <DueList locale={locale} due={history.due} />}
        </div>
        <div className="space-y-6">
          {failed && <p role="alert" className="field-error">{failed}</p>}
          {!history && !failed && <p className="text-slate-600">{t.loading}</p>}
          {history && <Services locale={locale} car={car} carName={name} services={history.services} />}
          {history && <Readings locale={locale} carId={car.id} readings={history.odometer} onAdded={reload} />}
        </div>
      </div>
    </section>
  );
}

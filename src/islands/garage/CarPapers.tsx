import { useState } from 'react';
import { checkPlate, normalisePlate } from '../../../contract/rules/plate.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { dictionary, labelled } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { carInfoUpdate } from '../../lib/garage-endpoints.ts';

interface Props {
  locale: Locale;
  car: SavedCar;
  onSaved: (cars: SavedCar[]) => void;
}

/** The plate (checked as at checkout) and the road-tax and insurance expiry the customer types. */
export function CarPapers({ locale, car, onSaved }: Props) {
  const t = dictionary(locale).garage;
  const [plate, setPlate] = useState(car.plate);
  const [roadTax, setRoadTax] = useState(car.roadTaxExpiry ?? '');
  const [insurance, setInsurance] = useState(car.insuranceExpiry ?? '');
  const [plateError, setPlateError] = useState('');
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = (field: string) => `${field}-${car.id}`;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setDone(false);
    setFailure('');
    // A plate once given cannot be emptied; none given yet may stay empty.
    const problem = plate.trim() === '' && !car.plate ? null : checkPlate(plate);
    setPlateError(problem === 'plate.required' ? t.plateRequired : problem ? t.plateInvalid : '');
    if (problem) return;
    setBusy(true);
    try {
      const typed = plate.trim() ? (normalisePlate(plate) ?? plate) : undefined;
      const cars = await callApi(carInfoUpdate, { carId: car.id, ...(typed ? { plate: typed } : {}), roadTaxExpiry: roadTax || null, insuranceExpiry: insurance || null }, { quiet: true });
      const saved = cars.find((c) => c.id === car.id);
      if (saved) setPlate(saved.plate);
      onSaved(cars);
      setDone(true);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const dateField = (field: string, label: string, value: string, set: (v: string) => void) => (
    <div>
      <label htmlFor={id(field)} className="mb-1 block font-semibold">{label}</label>
      <div className="flex gap-2">
        <input id={id(field)} type="date" className="field-input" value={value} onInput={(e) => set(e.currentTarget.value)} onChange={(e) => set(e.currentTarget.value)} />
        {value && (
          <button type="button" className="btn-secondary" aria-label={labelled(locale, t.clear, label)} onClick={() => set('')}>
            {t.clear}
          </button>
        )}
      </div>
    </div>
  );

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <div>
        <label htmlFor={id('plate')} className="mb-1 block font-semibold">{t.plate}</label>
        <input
          id={id('plate')}
          className="field-input max-w-xs uppercase"
          autoComplete="off"
          maxLength={20}
          value={plate}
          aria-describedby={`${id('plate-hint')}${plateError ? ` ${id('plate-error')}` : ''}`}
          aria-invalid={plateError ? true : undefined}
          onInput={(e) => setPlate(e.currentTarget.value)}
        />
        <p id={id('plate-hint')} className="mt-1 text-sm text-slate-600">{t.plateHint}</p>
        {plateError && <p id={id('plate-error')} className="field-error" role="alert">{plateError}</p>}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {dateField('road-tax', t.roadTaxExpiry, roadTax, setRoadTax)}
        {dateField('insurance', t.insuranceExpiry, insurance, setInsurance)}
      </div>
      <p className="text-sm text-slate-600">{t.expiryNote}</p>
      {failure && <p className="field-error" role="alert">{failure}</p>}
      <div className="flex items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>{t.save}</button>
        <p aria-live="polite" className="text-sm text-emerald-800">{done ? t.saved : ''}</p>
      </div>
    </form>
  );
}

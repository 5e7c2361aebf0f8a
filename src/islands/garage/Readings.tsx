import { useState } from 'react';
import type { GarageHistory } from '../../../contract/garage.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { garageOdometer } from '../../lib/garage-endpoints.ts';

type Reading = GarageHistory['odometer'][number];

/** The car's odometer readings, newest first, and "Add a reading" (refused as the server words it). */
export function Readings({ locale, carId, readings, onAdded }: { locale: Locale; carId: string; readings: Reading[]; onAdded: () => void }) {
  const t = dictionary(locale).garage;
  const [km, setKm] = useState('');
  const [date, setDate] = useState(() => klDate(new Date()));
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const fmt = new Intl.NumberFormat(locale === 'zh-cn' ? 'zh-CN' : locale === 'ms' ? 'ms-MY' : 'en-MY');
  const sorted = [...readings].sort((a, b) => b.date.localeCompare(a.date) || b.km - a.km);
  const id = (field: string) => `${field}-${carId}`;

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setDone(false);
    const value = Number(km.replace(/[\s,.]/g, ''));
    if (!km.trim() || !Number.isInteger(value) || value < 0) {
      setError(t.kmRequired);
      return;
    }
    setError('');
    setBusy(true);
    try {
      await callApi(garageOdometer, { carId, km: value, ...(date ? { date } : {}) }, { quiet: true });
      setKm('');
      setDone(true);
      onAdded();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <h3 className="text-lg font-bold">{t.readings}</h3>
      {sorted.length === 0 ? (
        <p className="mt-2 text-slate-600">{t.noReadings}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {sorted.map((r) => (
            <li key={`${r.date}-${r.km}-${r.source}`} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span>{dateWords(r.date, locale)}</span>
              <span className="font-semibold">{fmt.format(r.km)} km <span className="font-normal text-slate-600">({t.readingBy[r.source]})</span></span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <h4 className="font-semibold">{t.addReading}</h4>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={id('km')} className="mb-1 block font-semibold">{t.km}</label>
            <input
              id={id('km')}
              className="field-input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              value={km}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? id('reading-error') : undefined}
              onInput={(e) => setKm(e.currentTarget.value)}
            />
          </div>
          <div>
            <label htmlFor={id('reading-date')} className="mb-1 block font-semibold">{t.readingDate}</label>
            <input id={id('reading-date')} type="date" className="field-input" value={date} onInput={(e) => setDate(e.currentTarget.value)} onChange={(e) => setDate(e.currentTarget.value)} />
          </div>
        </div>
        {error && <p id={id('reading-error')} className="field-error" role="alert">{error}</p>}
        <div className="mt-3 flex items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>{t.addReading}</button>
          <p aria-live="polite" className="text-sm text-emerald-800">{done ? t.readingAdded : ''}</p>
        </div>
      </form>
    </section>
  );
}

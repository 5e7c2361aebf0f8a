import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { carInfoList } from '../../lib/endpoints.ts';
import LoginGate from '../login/LoginGate.tsx';
import { GarageCar } from './GarageCar.tsx';
import { OrderUpdates } from './OrderUpdates.tsx';
import { Reminders } from './Reminders.tsx';

/** /garage: the customer's cars with their papers, history and what is due, under the reminder consent and the channel of order updates, for logged-in customers only. */
export default function Garage({ locale }: { locale: Locale }) {
  return (
    <LoginGate locale={locale}>
      <div className="space-y-6">
        <Reminders locale={locale} />
        <OrderUpdates locale={locale} />
        <CarList locale={locale} />
      </div>
    </LoginGate>
  );
}

function CarList({ locale }: { locale: Locale }) {
  const t = dictionary(locale).garage;
  const [cars, setCars] = useState<SavedCar[] | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    callApi(carInfoList, {}, { quiet: true }).then(setCars, (err: unknown) => setFailed(err instanceof Error ? err.message : String(err)));
  }, []);

  if (failed) return <p role="alert" className="field-error">{failed}</p>;
  if (!cars) return <p aria-live="polite" className="text-slate-600">{t.loading}</p>;
  if (!cars.length) return <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">{t.empty}</p>;
  return (
    <div className="space-y-6">
      {cars.map((car) => (
        <GarageCar key={car.id} locale={locale} car={car} onSaved={setCars} />
      ))}
    </div>
  );
}

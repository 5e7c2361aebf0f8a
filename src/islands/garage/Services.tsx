import { useState } from 'react';
import type { GarageHistory } from '../../../contract/garage.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { bookAgain } from '../../lib/book-again.ts';
import { fittedTyreText } from '../../lib/fitted-tyre.ts';

type Service = GarageHistory['services'][number];

const tabStorage = () => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** The car's completed services, newest first, each with "Book again"; tyres fitted with their date codes. */
export function Services({ locale, car, carName, services }: { locale: Locale; car: SavedCar; carName: string; services: Service[] }) {
  const t = dictionary(locale).garage;
  const [failure, setFailure] = useState('');
  const km = new Intl.NumberFormat(locale === 'zh-cn' ? 'zh-CN' : locale === 'ms' ? 'ms-MY' : 'en-MY');
  const sorted = [...services].sort((a, b) => b.date.localeCompare(a.date));

  const again = async (s: Service) => {
    setFailure('');
    const added = await bookAgain({ car, carName, storeId: s.storeId, items: s.items }, tabStorage());
    if (!added) setFailure(t.cartFull);
    else location.assign(href(locale, 'confirm'));
  };

  return (
    <section>
      <h3 className="text-lg font-bold">{t.services}</h3>
      {failure && <p className="field-error" role="alert">{failure}</p>}
      {sorted.length === 0 ? (
        <p className="mt-2 text-slate-600">{t.noServices}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {sorted.map((s) => {
            const items = s.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)).join(', ');
            return (
              <li key={s.orderNo} className="rounded-lg border border-slate-200 p-3">
                <p className="font-semibold">{fill(t.serviceAt, { date: dateWords(s.date, locale), workshop: s.storeName })}</p>
                <p className="text-slate-800">{items}</p>
                {s.items.map(
                  (item) =>
                    item.tyres.length > 0 && (
                      <ul key={item.productId} aria-label={item.name} className="text-sm text-slate-700">
                        {item.tyres.map((tyre, i) => (
                          <li key={i}>{fittedTyreText(tyre)}</li>
                        ))}
                      </ul>
                    ),
                )}
                <p className="text-sm text-slate-600">
                  {[s.odometerKm !== undefined ? fill(t.serviceKm, { km: km.format(s.odometerKm) }) : '', fill(t.order, { orderNo: s.orderNo })].filter(Boolean).join(' · ')}
                </p>
                <button type="button" className="btn-secondary mt-2" aria-label={fill(t.bookAgainLabel, { items, workshop: s.storeName })} onClick={() => void again(s)}>
                  {t.bookAgain}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

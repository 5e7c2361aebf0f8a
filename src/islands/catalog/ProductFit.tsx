import { useEffect, useState } from 'react';
import type { PriceBreakdownDto, ProductCard, ProductDetail } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { productChangeList, productFind } from '../../lib/endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { $carInfo, $carSummary } from '../../stores/car.ts';
import { $carPicker, askToLogIn } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { useClientStore, useHydrated } from '../ui/useClientStore.ts';
import { PriceTable } from './PriceTable.tsx';

interface Props {
  locale: Locale;
  id: string;
  /** The compact-car price, as prerendered. */
  initialPrice: PriceBreakdownDto;
  hasOil: boolean;
}

/** The product's fit and fitted price for the chosen car, and the way on to ordering it. */
export default function ProductFit({ locale, id, initialPrice, hasOil }: Props) {
  const t = dictionary(locale);
  const car = useClientStore($carInfo, null);
  const carName = useClientStore($carSummary, null);
  const hydrated = useHydrated();
  const [detail, setDetail] = useState<ProductDetail | null>(null);
  const [oils, setOils] = useState<(ProductCard & { differenceSen: number })[]>([]);
  const variantId = car?.variantId || undefined;

  useEffect(() => {
    if (!hydrated) return;
    callApi(productFind, { id, variantId }, { quiet: true }).then(setDetail, () => setDetail(null));
    if (hasOil) callApi(productChangeList, { id, variantId }, { quiet: true }).then((r) => setOils(r.list), () => setOils([]));
  }, [hydrated, id, variantId, hasOil]);

  const price = detail?.price ?? initialPrice;
  const sizeNote = detail && variantId ? fill(t.product.sizeNote, { size: price.sizeClass }) : t.product.sizeNoteDefault;
  const order = () => {
    const target = href(locale, `confirm?id=${encodeURIComponent(id)}`);
    if ($session.get()) location.assign(target);
    else askToLogIn(target);
  };

  return (
    <div className="space-y-4">
      {carName && detail?.fit.status === 'fits' && <p className="rounded-lg bg-green-50 p-3 font-semibold text-green-900">✓ {fill(t.catalog.fits, { car: carName })}</p>}
      {carName && detail?.fit.status === 'noFit' && (
        <p className="rounded-lg bg-red-50 p-3 text-red-900">
          <strong>{t.catalog.noFit}.</strong> {detail.fit.reason}
        </p>
      )}
      {!carName && <p className="rounded-lg bg-slate-100 p-3">{t.catalog.chooseCarLead}</p>}
      <button type="button" className="btn-secondary" disabled={!hydrated} onClick={() => $carPicker.set(true)}>
        {carName ? t.catalog.changeCar : t.catalog.chooseCar}
      </button>
      <PriceTable price={price} locale={locale} caption={t.product.breakdown} />
      <p className="text-sm text-slate-600">{sizeNote}</p>
      {detail?.wiper?.car && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
          <dt>{t.product.wiperLong}</dt>
          <dd>{detail.wiper.car.driver}″</dd>
          <dt>{t.product.wiperShort}</dt>
          <dd>{detail.wiper.car.passenger}″</dd>
          {detail.wiper.car.rear !== null && (
            <>
              <dt>{t.product.wiperRear}</dt>
              <dd>{detail.wiper.car.rear}″</dd>
            </>
          )}
        </dl>
      )}
      {oils.length > 0 && (
        <section>
          <h3 className="font-bold">{t.product.otherOils}</h3>
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {oils.map((o) => (
              <li key={o.id} className="flex justify-between gap-3 py-2">
                <span>{o.name}</span>
                <span className="tabular-nums">{fill(t.product.difference, { sign: o.differenceSen >= 0 ? '+' : '−', price: formatRM(Math.abs(o.differenceSen)) })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <button type="button" className="btn-primary w-full" disabled={!hydrated || detail?.fit.status === 'noFit'} onClick={order}>
        {t.product.order}
      </button>
    </div>
  );
}

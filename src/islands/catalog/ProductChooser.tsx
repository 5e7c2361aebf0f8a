import { atom } from 'nanostores';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { PriceBreakdownDto, ProductCard, ProductDetail } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href, plural } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { productChangeList, productFind } from '../../lib/endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { addToCart } from '../../stores/cart.ts';
import { $carInfo, type CarInfo } from '../../stores/car.ts';
import { $lastWorkshop } from '../../stores/location.ts';
import { $productChoices, chooseOption, chooseQuantity, forgetOptions, lineQuery } from '../../stores/product-choice.ts';
import { $carPicker, askToLogIn, chooseVariantOf, notify } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { AtomeLine } from '../payment/AtomeLine.tsx';
import { useClientStore, useHydrated } from '../ui/useClientStore.ts';
import { carLabel, variantKnown } from './car-label.ts';
import { ChoiceControls, type ChoiceOffer } from './ChoiceControls.tsx';
import { PriceTable } from './PriceTable.tsx';
import { MobileLine } from './MobileLine.tsx';
import { StockLine } from './StockLine.tsx';

/**
 * The engine oil a service package includes for the chosen car, by product id, as the server
 * answered this island. The description's oil name reads it, so the text names the oil the
 * oil choice shows.
 */
const $includedOil = atom<Record<string, string>>({});

/**
 * The name of the oil a service package includes, where the description names it: as
 * prerendered, then for the car chosen. An island of this module, so it adds no code of its own.
 */
export function IncludedOilName({ id, name }: { id: string; name: string }) {
  const live = useClientStore($includedOil, {})[id];
  return <>{live ?? name}</>;
}

interface Props {
  locale: Locale;
  id: string;
  /**
   * As prerendered: the compact-car price (a "from" price when cars pay differently), what one
   * unit is, what can be chosen without a car, whether the customer fits it themselves, and
   * whether it is made for the exact car (then it is ordered only once the variant is chosen).
   */
  initial: { price: PriceBreakdownDto; fromPrice: boolean; unit: string; offer: ChoiceOffer; everyCar: boolean; noFitting: boolean; needsVariant: boolean; stock: StockKind | null };
}

/** What a stocked product counts (a tyre size, wiper blade lengths, the product), or null when it is not stocked. */
export type StockKind = 'tyre' | 'wiper' | 'other';

/**
 * The product's price for the chosen car and choices, the Order button, the fit, and the
 * choices themselves. The choice lives in the product-choice store, which the Order link
 * (and a cart) read; the server prices it for the car on every change.
 */
export default function ProductChooser({ locale, id, initial }: Props) {
  const t = dictionary(locale);
  const car = useClientStore($carInfo, null);
  const carName = carLabel(car, locale);
  const hydrated = useHydrated();
  // The workshop the customer last ordered at on this device: the one the stock line speaks of.
  const workshop = useClientStore($lastWorkshop, null);
  const choice = useClientStore($productChoices, {})[id] ?? { quantity: 1, options: {} };
  const optionsKey = JSON.stringify(choice.options);
  const [detail, setDetail] = useState<ProductDetail | null>(null);
  // The other oils and what each adds, priced for the car they were asked for.
  const [oils, setOils] = useState<{ variantId: string; list: (ProductCard & { differenceSen: number })[] }>({ variantId: '', list: [] });
  const variantId = car?.variantId || undefined;
  // With the variant skipped, the model (and year) still tell what fits none of its variants.
  const modelId = variantId ? undefined : car?.modelId || undefined;
  const yearId = variantId ? undefined : car?.yearId || undefined;

  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    callApi(productFind, { id, variantId, modelId, yearId, quantity: choice.quantity, options: JSON.parse(optionsKey) }, { quiet: true }).then(
      (answer) => {
        if (!live) return;
        setDetail(answer);
        const oil = answer.oil;
        if (oil) $includedOil.set({ ...$includedOil.get(), [id]: oil.name });
      },
      (err: unknown) => {
        if (!live) return;
        const field = err instanceof ApiFailure ? ((err.data as { field?: string } | null)?.field ?? '') : '';
        // A choice made for another car, or one the product no longer offers: start again from what the car settles.
        if (field.startsWith('options')) forgetOptions(id);
        else if (field === 'quantity') chooseQuantity(id, 1);
        else setDetail(null);
      },
    );
    return () => {
      live = false;
    };
  }, [hydrated, id, variantId, modelId, yearId, choice.quantity, optionsKey]);

  const hasOil = initial.offer.oils !== null;
  useEffect(() => {
    if (!hydrated || !hasOil) return;
    let live = true;
    const asked = variantId ?? '';
    callApi(productChangeList, { id, variantId }, { quiet: true }).then(
      (r) => live && setOils({ variantId: asked, list: r.list }),
      () => live && setOils({ variantId: asked, list: [] }),
    );
    return () => {
      live = false;
    };
  }, [hydrated, id, variantId, hasOil]);
  // A list priced for the car chosen before this one is never shown against this car's price.
  const otherOils = oils.variantId === (variantId ?? '') ? oils.list : [];

  const offer: ChoiceOffer = detail
    ? {
        maxQuantity: detail.maxQuantity,
        tyreChoices: detail.tyreChoices,
        tint: detail.tint,
        wiper: detail.wiper ? { ...detail.wiper.choices, rearBladeSen: detail.wiper.rearBladeSen, car: detail.wiper.car } : null,
        oils: detail.oil ? { included: detail.oil, others: otherOils } : null,
      }
    : initial.offer;
  // What the customer just chose shows at once; what the server settled for the car fills the rest.
  const quantity = choice.quantity;
  const options = { ...detail?.options, ...choice.options };
  const unit = detail?.price ?? initial.price;
  const total = detail?.lineTotal ?? initial.price;
  const fromPrice = detail?.fromPrice ?? initial.fromPrice;
  const noFit = detail?.fit.status === 'noFit';
  const price = formatRM(total.totalSen, locale);
  const noFitting = detail?.noFitting ?? initial.noFitting;
  // Label what is shown: one unit ("Price per tyre"), or the line ("Total for 4 tyres").
  const unitName = options.wiper?.rearInch !== undefined ? t.product.wiperUnitWithRear : (detail?.unit ?? initial.unit);
  const unitLabel = fill(t.product.perUnit, { unit: unitName });
  const items = offer.tyreChoices ? plural(locale, t.product.tyreCount, quantity) : String(quantity);
  const totalLabel = fill(t.product.totalFor, { items });

  const target = href(locale, `confirm?${lineQuery({ productId: id, quantity, options })}`);
  const order = (e: MouseEvent) => {
    if ($session.get()) return;
    e.preventDefault();
    askToLogIn(target);
  };
  const orderText = noFitting ? t.product.orderNoFitting : t.product.order;
  // Made for the exact car, or sized by it (tyres, wiper blades) once a car is chosen: nothing goes
  // in a cart or an order until the variant is chosen, and the page says so once.
  const sizedByCar = initial.offer.tyreChoices !== null || initial.offer.wiper !== null;
  const waitsForVariant = !variantKnown(car) && (initial.needsVariant || (car !== null && sizedByCar));
  const variantMissing = car !== null && !variantKnown(car);
  const orderButton = (className: string) =>
    noFit ? (
      <button type="button" className={`btn-primary ${className}`} disabled>
        {orderText}
      </button>
    ) : waitsForVariant ? (
      <button type="button" className={`btn-primary ${className}`} onClick={() => (car ? chooseVariantOf(car) : $carPicker.set(true))}>
        {carName ? t.product.chooseVariantToOrder : t.product.chooseCarToOrder}
      </button>
    ) : (
      <a className={`btn-primary ${className}`} href={target} onClick={order}>
        {orderText}
      </a>
    );

  const addLine = () => {
    const added = addToCart({ productId: id, quantity, options, variantId: variantId ?? '', carName: carName ?? '' });
    notify(added ? 'success' : 'warning', added ? t.checkout.added : t.checkout.cartFull);
  };

  // On phones the price and Order button follow the customer down the page once the block scrolls away.
  const priceBlock = useRef<HTMLElement>(null);
  const [priceHidden, setPriceHidden] = useState(false);
  const [bar, setBar] = useState<HTMLElement | null>(null);
  useEffect(() => {
    setBar(document.getElementById('order-bar'));
    const block = priceBlock.current;
    if (!block || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setPriceHidden(!entry!.isIntersecting));
    observer.observe(block);
    return () => observer.disconnect();
  }, []);

  const headline = fromPrice ? fill(t.catalog.fromPrice, { price }) : price;
  return (
    <div className="space-y-5">
      <section ref={priceBlock} aria-label={t.product.orderBar} className="space-y-2">
        <p className="text-sm font-semibold text-slate-700">{quantity > 1 ? totalLabel : unitLabel}</p>
        <p className="text-3xl font-extrabold tabular-nums text-brand-900">{headline}</p>
        <AtomeLine locale={locale} totalSen={total.totalSen} />
        {quantity > 1 && <p className="text-sm text-slate-600">{fill(t.product.unitPrice, { label: unitLabel, price: formatRM(unit.totalSen, locale) })}</p>}
        {fromPrice && !variantMissing && <p className="text-sm text-slate-600">{t.product.fromNote}</p>}
        <div className="grid gap-2 sm:grid-cols-2">
          {orderButton('w-full')}
          <button type="button" className="btn-secondary w-full" disabled={noFit || waitsForVariant} onClick={addLine}>
            {t.checkout.addToCart}
          </button>
        </div>
        {hydrated && initial.stock && !noFit && <StockLine locale={locale} productId={id} kind={initial.stock} options={options} quantity={quantity} storeId={workshop} />}
        {hydrated && !noFitting && !noFit && <MobileLine locale={locale} productId={id} quantity={quantity} options={options} variantId={variantId} />}
      </section>
      {noFitting && (
        <div className="rounded-lg bg-slate-100 p-3">
          <p className="font-semibold">{t.product.noFittingTitle}</p>
          <p className="text-sm">{t.product.noFittingBody}</p>
        </div>
      )}
      <FitStatus locale={locale} detail={detail} car={car} carName={carName} known={variantKnown(car)} everyCar={initial.everyCar} madeForVariant={initial.needsVariant} />
      <ChoiceControls
        locale={locale}
        // Sizes and lengths waiting for the variant are the car's to settle, not picked by hand.
        offer={waitsForVariant ? { ...offer, tyreChoices: null, wiper: null } : offer}
        quantity={quantity}
        options={options}
        carKnown={variantKnown(car) && detail !== null}
        onQuantity={(n) => chooseQuantity(id, n)}
        onOption={(name, value) => chooseOption(id, name, value)}
      />
      <PriceTable price={total} locale={locale} fitted={!noFitting} caption={quantity > 1 ? `${t.product.breakdown} · ${totalLabel}` : t.product.breakdown} />
      {!noFitting && !variantMissing && <p className="text-sm text-slate-600">{detail && variantId ? fill(t.product.sizeNote, { size: unit.sizeClass }) : t.product.sizeNoteDefault}</p>}
      {bar &&
        priceHidden &&
        createPortal(
          <div className="-mx-4 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur">
            <p className="flex-1 text-xl font-extrabold tabular-nums text-brand-900">{headline}</p>
            {orderButton('shrink-0')}
          </div>,
          bar,
        )}
    </div>
  );
}

function FitStatus({
  locale,
  detail,
  car,
  carName,
  known,
  everyCar,
  madeForVariant,
}: {
  locale: Locale;
  detail: ProductDetail | null;
  car: CarInfo | null;
  carName: string | null;
  known: boolean;
  everyCar: boolean;
  madeForVariant: boolean;
}) {
  const dict = dictionary(locale);
  const t = dict.catalog;
  let status;
  const noFit = carName !== null && detail?.fit.status === 'noFit';
  // "Choose your variant" goes on from the chosen car, at its variant step; "Change car" starts afresh.
  const pick = () => (car && !known && !noFit ? chooseVariantOf(car) : $carPicker.set(true));
  if (known && carName && detail?.fit.status === 'fits') status = <p className="rounded-lg bg-green-50 p-3 font-semibold text-green-900">✓ {fill(t.fits, { car: carName })}</p>;
  else if (noFit) {
    // With the variant skipped too: the server says so only when none of the car's variants takes it.
    status = (
      <p className="rounded-lg bg-red-50 p-3 text-red-900">
        <strong>{t.noFit}.</strong> {detail.fit.reason}
      </p>
    );
  } else if (everyCar) status = <p className="rounded-lg bg-green-50 p-3 text-green-900">✓ {t.fitsEveryCar}</p>;
  else if (madeForVariant && !known) status = <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{dict.product.madeForVariant}</p>;
  else if (carName && !known) status = <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t.chooseVariant}</p>;
  else if (!carName) status = <p className="rounded-lg bg-slate-100 p-3">{t.chooseCarLead}</p>;
  return (
    <div className="space-y-2">
      {status}
      <button type="button" className="btn-secondary" onClick={pick}>
        {!carName ? t.chooseCar : known || noFit ? t.changeCar : t.chooseVariantAction}
      </button>
    </div>
  );
}

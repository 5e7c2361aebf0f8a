import { useStore } from '@nanostores/react';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import type { SavedCar } from '../../../contract/vehicles.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { variantDetail } from './variant-detail.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { carInfoCurrent, carInfoDel, carInfoList, carSizeChose } from '../../lib/endpoints.ts';
import { fromSaved, saveCar } from '../../lib/garage.ts';
import { $carInfo } from '../../stores/car.ts';
import { $carPicker, notify } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { canConfirm, pickerReducer, startingAt, toCarInfo, type PickerState } from './steps.ts';

type Option = { id: string; label: string; detail?: string; popular?: boolean; pick: () => void };


/**
 * The four-step car picker (docs/contracts/shop.md §2, §4) with the customer's saved cars above it: the car
 * dialog's content, loaded when the dialog is first opened, and started afresh each time.
 */
export default function CarPicker({ locale }: { locale: Locale }) {
  const t = dictionary(locale).picker;
  const session = useStore($session);
  // Opened by "Choose your variant", it starts at the variant step of the chosen car.
  const [state, dispatch] = useReducer(pickerReducer, $carPicker.get(), startingAt);
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<Option[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [garage, setGarage] = useState<SavedCar[]>([]);
  const searchId = useId();
  const search = useRef<HTMLInputElement>(null);
  // Each step starts in its search box, so the picker is used from the keyboard step by step.
  useEffect(() => {
    search.current?.focus();
  }, [state.step]);

  useEffect(() => {
    if (!session) return;
    callApi(carInfoList, {}, { quiet: true }).then(setGarage, () => setGarage([]));
  }, [session]);

  // Each step lists what the level below the last pick holds, narrowed by the search box.
  const requestKey = JSON.stringify(requestFor(state, keyword));
  useEffect(() => {
    let live = true;
    const request = JSON.parse(requestKey) as ReturnType<typeof requestFor>;
    setFailed(false);
    const timer = setTimeout(() => {
      callApi(carSizeChose, request, { quiet: true })
        .then((answer) => {
          if (!live) return;
          if (answer.level === 'brand') setOptions(answer.list.map((b) => ({ id: b.brandId, label: b.brand, popular: b.popular, pick: () => dispatch({ type: 'brand', brand: b }) })));
          if (answer.level === 'model') setOptions(answer.list.map((m) => ({ id: m.modelId, label: m.carModel, pick: () => dispatch({ type: 'model', model: m }) })));
          if (answer.level === 'year') setOptions(answer.list.map((y) => ({ id: y.yearId, label: y.carYear, pick: () => dispatch({ type: 'year', year: y }) })));
          if (answer.level === 'variant') {
            setOptions(
              answer.list.map((v) => ({
                id: v.variantId,
                label: v.carVariant,
                detail: variantDetail(v, locale),
                pick: () => dispatch({ type: 'variant', variant: v }),
              })),
            );
          }
        })
        .catch(() => live && setFailed(true));
    }, request.keyword ? 150 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [requestKey, attempt, locale]);

  const close = () => $carPicker.set(false);

  /** Saves the car as chosen in `chosen` (the state, or the state with the variant left out). */
  async function confirm(chosen: PickerState = state) {
    const car = toCarInfo(chosen);
    if (!car) return;
    $carInfo.set(car);
    close();
    dispatch({ type: 'reset' });
    setKeyword('');
    const name = `${car.brand} ${car.model}`;
    notify('success', fill(t.saved, { car: name }));
    if ($session.get()) {
      await saveCar(car).catch((err: unknown) => err instanceof ApiFailure && notify('warning', err.message));
    }
  }

  async function chooseSaved(car: SavedCar) {
    $carInfo.set(fromSaved(car));
    close();
    await callApi(carInfoCurrent, { id: car.id }, { quiet: true }).catch(() => {});
  }

  const step = state.step;
  const chosen = [state.brand?.brand, state.model?.carModel, state.year?.carYear ?? (state.noYear ? t.anyYear : null), state.variant?.carVariant]
    .filter(Boolean)
    .join(' · ');
  const popular = step === 0 && !keyword ? (options ?? []).filter((o) => o.popular) : [];

  return (
    <>
      {garage.length > 0 && step === 0 && (
        <section aria-label={t.yourCars} className="mb-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-600">{t.yourCars}</h3>
          <ul className="flex flex-wrap gap-2">
            {garage.map((car) => (
              <li key={car.id} className="flex">
                <button type="button" className="btn-secondary rounded-r-none text-sm" onClick={() => void chooseSaved(car)}>
                  {[car.brand, car.model, car.year, car.variant].filter(Boolean).join(' ')}
                  {car.current && <span className="rounded bg-brand-100 px-1 text-xs text-brand-900">{t.current}</span>}
                </button>
                <button
                  type="button"
                  className="btn-secondary rounded-l-none border-l-0 px-3 text-sm"
                  aria-label={fill(t.remove, { car: [car.brand, car.model, car.year, car.variant].filter(Boolean).join(' ') })}
                  onClick={() => void callApi(carInfoDel, { id: car.id }, { quiet: true }).then(setGarage, () => {})}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ol className="mb-3 flex gap-1 text-xs" aria-label={t.title}>
        {t.steps.map((name, i) => (
          <li key={name} aria-current={i === step ? 'step' : undefined} className={`flex-1 rounded px-2 py-1 text-center ${i === step ? 'bg-brand-600 font-bold text-white' : i < step ? 'bg-brand-100 text-brand-900' : 'bg-slate-100 text-slate-600'}`}>
            {name}
          </li>
        ))}
      </ol>
      {chosen && <p className="mb-2 text-sm text-slate-700">{fill(t.chosen, { car: chosen })}</p>}
      <label htmlFor={searchId} className="sr-only">
        {t.search[step]}
      </label>
      <input
        id={searchId}
        ref={search}
        key={step}
        type="search"
        className="field-input mb-3"
        placeholder={t.search[step]}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <div className="max-h-72 overflow-y-auto" aria-live="polite">
        {failed ? (
          <p>
            {t.failed}{' '}
            <button type="button" className="underline" onClick={() => setAttempt(attempt + 1)}>
              {t.retry}
            </button>
          </p>
        ) : !options ? (
          <p>{t.loading}</p>
        ) : options.length === 0 ? (
          <p>{fill(t.nothing, { q: keyword })}</p>
        ) : (
          <>
            {popular.length > 0 && <OptionList title={t.popular} options={popular} selected={null} />}
            <OptionList
              title={step === 0 && popular.length > 0 ? t.allBrands : t.steps[step]!}
              options={options}
              selected={step === 3 ? (state.variant?.variantId ?? null) : null}
            />
          </>
        )}
      </div>
      {step === 2 && <p className="mt-2 text-sm text-slate-600">{t.skipYearHint}</p>}
      {step === 3 && <p className="mt-2 text-sm text-slate-600">{t.skipVariantHint}</p>}
      <div className="mt-4 flex flex-wrap justify-between gap-2">
        <button type="button" className="btn-secondary" disabled={step === 0} onClick={() => (setKeyword(''), dispatch({ type: 'back' }))}>
          {t.back}
        </button>
        {step === 2 && (
          <button type="button" className="btn-secondary" onClick={() => (setKeyword(''), dispatch({ type: 'skipYear' }))}>
            {t.skipYear}
          </button>
        )}
        {step === 3 && !state.noBt && !state.variant && (
          <button type="button" className="btn-secondary" onClick={() => void confirm(pickerReducer(state, { type: 'skipVariant' }))}>
            {t.saveWithoutVariant}
          </button>
        )}
        {canConfirm(state) && (
          <button type="button" className="btn-primary" onClick={() => void confirm()}>
            {t.confirm}
          </button>
        )}
      </div>
    </>
  );

  function OptionList({ title, options: list, selected }: { title: string; options: Option[]; selected: string | null }) {
    return (
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-semibold text-slate-600">{title}</legend>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {list.map((o) => (
            <li key={o.id} className={o.detail ? 'col-span-full' : undefined}>
              <button
                type="button"
                aria-pressed={selected === o.id}
                className={`w-full rounded-lg border px-3 py-2 text-left hover:border-brand-600 hover:bg-brand-50 ${selected === o.id ? 'border-brand-600 bg-brand-50 font-bold' : 'border-slate-300'}`}
                onClick={() => {
                  setKeyword('');
                  o.pick();
                }}
              >
                <span className="block">{o.label}</span>
                {o.detail && <span className="block text-xs text-slate-600">{o.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }
}

function requestFor(s: PickerState, keyword: string) {
  const k = keyword.trim() || undefined;
  if (s.step === 0 || !s.brand) return { keyword: k };
  if (s.step === 1 || !s.model) return { brandId: s.brand.brandId, keyword: k };
  if (s.step === 2) return { modelId: s.model.modelId, keyword: k };
  if (s.year) return { yearId: s.year.yearId, keyword: k };
  return { modelId: s.model.modelId, level: 'variant' as const, keyword: k };
}

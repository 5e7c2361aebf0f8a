import { useState } from 'react';
import type { ProductCard } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { LineOptions } from '../../../contract/line.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';

/** What a product page offers to choose, for the car as far as it is known. */
export interface ChoiceOffer {
  maxQuantity: number;
  tyreChoices: { size: string; partsSen: number }[] | null;
  tint: { front: number[]; rearWindscreen: number[]; sideWindows: number[] } | null;
  wiper: { driver: number[]; passenger: number[]; rear: number[]; rearBladeSen: number | null; car: { driver: number; passenger: number; rear: number | null } | null } | null;
  /** Service packages: the oil included, and the others with what they add or take off. */
  oils: { included: { id: string; name: string }; others: (ProductCard & { differenceSen: number })[] } | null;
}

interface Props {
  locale: Locale;
  offer: ChoiceOffer;
  quantity: number;
  /** The choices as the server settled them for this car. */
  options: LineOptions;
  /** The car's sizes are known: the tyre choice is among them. */
  carKnown: boolean;
  onQuantity: (quantity: number) => void;
  onOption: <K extends keyof LineOptions>(name: K, value: LineOptions[K] | undefined) => void;
}

const select = 'min-h-11 w-full rounded-lg border border-slate-400 bg-white px-2';
const signed = (sen: number, locale: Locale) => `${sen >= 0 ? '+' : '−'}${formatRM(Math.abs(sen), locale)}`;

/** The controls for quantity, tyre size, engine oil, tint shades and wiper lengths. */
export function ChoiceControls({ locale, offer, quantity, options, carKnown, onQuantity, onOption }: Props) {
  const t = dictionary(locale).product;
  return (
    <div className="space-y-4">
      {offer.tyreChoices && offer.tyreChoices.length > 0 && (
        <TyreSize locale={locale} sizes={offer.tyreChoices} chosen={options.tyreSize} carKnown={carKnown} onChoose={(size) => onOption('tyreSize', size)} />
      )}
      {offer.maxQuantity > 1 && (
        <label className="block">
          <span className="font-bold">{t.quantity}</span>
          <select className={select} value={quantity} onChange={(e) => onQuantity(Number(e.target.value))}>
            {Array.from({ length: offer.maxQuantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {offer.oils && (
        <fieldset>
          <legend className="font-bold">{t.oil}</legend>
          <ul className="mt-1 divide-y divide-slate-200 text-sm">
            {[{ id: offer.oils.included.id, name: offer.oils.included.name, differenceSen: 0 }, ...offer.oils.others].map((oil) => {
              const included = oil.id === offer.oils!.included.id;
              // Named in words, as it is read: "… (included)" or "…, +RM 20.00", not the parts run together.
              const name = included ? `${oil.name} (${t.oilStandard})` : `${oil.name}, ${signed(oil.differenceSen, locale)}`;
              return (
                <li key={oil.id}>
                  <label className="flex min-h-11 items-center gap-3 py-1">
                    <input type="radio" name="oil" aria-label={name} className="h-5 w-5" checked={(options.oilId ?? offer.oils!.included.id) === oil.id} onChange={() => onOption('oilId', oil.id)} />
                    <span className="flex-1">
                      {oil.name}
                      {included && <span className="ml-2 rounded bg-green-100 px-1.5 text-xs text-green-900">{t.oilStandard}</span>}
                    </span>
                    {!included && <span className="tabular-nums">{signed(oil.differenceSen, locale)}</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {offer.tint && <Tint locale={locale} tint={offer.tint} chosen={options.tint} onChoose={(tint) => onOption('tint', tint)} />}
      {offer.wiper && <Wiper locale={locale} wiper={offer.wiper} chosen={options.wiper} onChoose={(wiper) => onOption('wiper', wiper)} />}
    </div>
  );
}

function TyreSize({ locale, sizes, chosen, carKnown, onChoose }: { locale: Locale; sizes: { size: string; partsSen: number }[]; chosen?: string; carKnown: boolean; onChoose: (size: string) => void }) {
  const t = dictionary(locale).product;
  if (carKnown) {
    return (
      <fieldset>
        <legend className="font-bold">{t.tyreSize}</legend>
        <p className="text-sm text-slate-600">{fill(t.tyreSizeCar, { sizes: sizes.map((s) => s.size).join(', ') })}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          {sizes.map((s) => (
            <label key={s.size} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" name="tyre-size" className="h-5 w-5" checked={chosen === s.size} onChange={() => onChoose(s.size)} />
              <span className="font-semibold">{s.size}</span>
              <span className="text-sm tabular-nums text-slate-600">{formatRM(s.partsSen, locale)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <label className="block">
      <span className="font-bold">{t.tyreSize}</span>
      <span className="block text-sm text-slate-600">{t.tyreSizeAny}</span>
      <select className={select} value={chosen ?? ''} onChange={(e) => e.target.value && onChoose(e.target.value)}>
        <option value="">—</option>
        {sizes.map((s) => (
          <option key={s.size} value={s.size}>
            {s.size} · {formatRM(s.partsSen, locale)}
          </option>
        ))}
      </select>
    </label>
  );
}

type TintChoice = NonNullable<LineOptions['tint']>;

function Tint({ locale, tint, chosen, onChoose }: { locale: Locale; tint: NonNullable<ChoiceOffer['tint']>; chosen?: TintChoice; onChoose: (tint: TintChoice) => void }) {
  const t = dictionary(locale).product;
  const current: TintChoice = chosen ?? { frontPct: tint.front[0]!, rearWindscreenPct: tint.rearWindscreen[0]!, sideWindowsPct: tint.sideWindows[0]! };
  const groups = [
    ['frontPct', t.tintFront, tint.front],
    ['sideWindowsPct', t.tintSide, tint.sideWindows],
    ['rearWindscreenPct', t.tintRear, tint.rearWindscreen],
  ] as const;
  return (
    <fieldset>
      <legend className="font-bold">{t.tint}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-3">
        {groups.map(([field, label, shades]) => (
          <label key={field} className="block text-sm">
            {label}
            <select className={select} value={current[field]} onChange={(e) => onChoose({ ...current, [field]: Number(e.target.value) })}>
              {shades.map((pct) => (
                <option key={pct} value={pct}>
                  {pct}%
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t.tintLegal}</p>
    </fieldset>
  );
}

type WiperChoice = NonNullable<LineOptions['wiper']>;

function Wiper({ locale, wiper, chosen, onChoose }: { locale: Locale; wiper: NonNullable<ChoiceOffer['wiper']>; chosen?: WiperChoice; onChoose: (wiper: WiperChoice | undefined) => void }) {
  const t = dictionary(locale).product;
  // Lengths picked one at a time for an unknown car; the choice counts once both front blades are chosen.
  const [draft, setDraft] = useState<{ driverInch?: number; passengerInch?: number; rearInch?: number }>({});
  const value: Partial<WiperChoice> = chosen ?? draft;
  const set = (patch: Partial<WiperChoice>) => {
    const next = { ...value, ...patch };
    if (next.rearInch === undefined) delete next.rearInch;
    setDraft(next);
    onChoose(next.driverInch && next.passengerInch ? (next as WiperChoice) : undefined);
  };
  const rearPrice = wiper.rearBladeSen === null ? '' : `+${formatRM(wiper.rearBladeSen, locale)}`;
  const car = wiper.car;
  return (
    <fieldset>
      <legend className="font-bold">{t.wiperLengths}</legend>
      {car ? (
        <>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
            <dt>{t.wiperLong}</dt>
            <dd>{car.driver}″</dd>
            <dt>{t.wiperShort}</dt>
            <dd>{car.passenger}″</dd>
            {car.rear !== null && (
              <>
                <dt>{t.wiperRear}</dt>
                <dd>{car.rear}″</dd>
              </>
            )}
          </dl>
          {wiper.rear.length > 0 && (
            <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={value.rearInch !== undefined}
                onChange={(e) => set({ driverInch: car.driver, passengerInch: car.passenger, rearInch: e.target.checked ? wiper.rear[0] : undefined })}
              />
              {fill(t.wiperAddRear, { inch: wiper.rear[0]!, price: rearPrice })}
            </label>
          )}
        </>
      ) : (
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          <LengthSelect label={t.wiperLong} lengths={wiper.driver} value={value.driverInch} onChange={(inch) => set({ driverInch: inch })} />
          <LengthSelect label={t.wiperShort} lengths={wiper.passenger} value={value.passengerInch} onChange={(inch) => set({ passengerInch: inch })} />
          {wiper.rear.length > 0 && (
            <LengthSelect label={`${t.wiperRear} (${rearPrice})`} lengths={wiper.rear} value={value.rearInch} none={t.wiperRearNone} onChange={(inch) => set({ rearInch: inch })} />
          )}
        </div>
      )}
    </fieldset>
  );
}

function LengthSelect({ label, lengths, value, none, onChange }: { label: string; lengths: number[]; value?: number; none?: string; onChange: (inch: number | undefined) => void }) {
  return (
    <label className="block text-sm">
      {label}
      <select className={select} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}>
        <option value="">{none ?? '—'}</option>
        {lengths.map((inch) => (
          <option key={inch} value={inch}>
            {inch}″
          </option>
        ))}
      </select>
    </label>
  );
}

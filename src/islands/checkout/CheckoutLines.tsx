import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, labelled } from '../../i18n/index.ts';
import type { OrderLine } from '../../lib/checkout.ts';
import { optionWords } from '../../lib/line-words.ts';
import { chosenForAnotherCar } from './line-car.ts';
import { formatRM } from '../../lib/money.ts';
import { lineKind } from '../../lib/stock-words.ts';
import { StockLine } from '../catalog/StockLine.tsx';
import type { CarInfo } from '../../stores/car.ts';
import type { CartLine } from '../../stores/cart.ts';
import type { LineLook, QuoteLine } from './useQuote.ts';

/** A line with the car it was chosen for. */
export type ShownLine = OrderLine & Pick<CartLine, 'variantId' | 'carName' | 'modelId'>;

interface Props {
  locale: Locale;
  lines: ShownLine[];
  /** Each line as the server's quote priced it; null while it is asked. */
  quoted: QuoteLine[] | null;
  /** Each product's name and picture as the last quote gave them, by product id. */
  looks: ReadonlyMap<string, LineLook>;
  /** A message the server gave about a line (a method it does not allow, a car it does not fit). */
  problems: Record<number, string>;
  /** The car chosen now: lines chosen for another one say so. */
  currentCar: CarInfo | null;
  /** What each stocked line's availability is read at: the chosen workshop, or the warehouse for a parcel. */
  stock: { unstocked: readonly string[]; storeId: string; place: 'store' | 'parcel'; refresh: number };
  onQuantity: (index: number, quantity: number) => void;
  onRemove: (index: number) => void;
}

/** The order's lines: name, options in words, quantity to change, price from the server's quote. */
export function CheckoutLines({ locale, lines, quoted, looks, problems, currentCar, stock, onQuantity, onRemove }: Props) {
  const t = dictionary(locale);
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {lines.map((line, i) => {
        const priced = quoted?.[i]?.productId === line.productId ? quoted[i] : undefined;
        const look = priced ?? looks.get(line.productId);
        // Until the name is known the line says so, never showing the product's id.
        const name = look?.name ?? t.checkout.lineLoading;
        const max = look?.maxQuantity ?? 4;
        return (
          <li key={`${line.productId}-${i}`} className="flex flex-wrap items-start gap-3 p-4">
            {look?.image && <img src={look.image} alt="" width="64" height="64" className="h-16 w-16 rounded-lg object-contain" />}
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-semibold">{name}</p>
              {optionWords(line.options, locale, look?.oil?.id === line.options?.oilId ? look?.oil?.name : undefined).map((w) => (
                <p key={w} className="text-sm text-slate-600">
                  {w}
                </p>
              ))}
              {!stock.unstocked.includes(line.productId) && (
                <StockLine locale={locale} productId={line.productId} kind={lineKind(line.options)} options={line.options} quantity={line.quantity} storeId={stock.storeId} place={stock.place} refresh={stock.refresh} />
              )}
              {chosenForAnotherCar(line, currentCar) && <p className="text-sm text-amber-800">{fill(t.checkout.forCar, { car: line.carName })}</p>}
              {problems[i] && (
                <p className="field-error" role="alert">
                  {problems[i]}
                </p>
              )}
            </div>
            <div className="flex items-center gap-2">
              <select
                id={`line-${i}-quantity`}
                aria-label={fill(t.checkout.quantityOf, { name })}
                className="field-input w-20"
                value={line.quantity}
                onChange={(e) => onQuantity(i, Number(e.currentTarget.value))}
              >
                {Array.from({ length: Math.max(max, line.quantity) }, (_, n) => n + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <button type="button" className="btn-secondary" aria-label={labelled(locale, t.checkout.remove, name)} onClick={() => onRemove(i)}>
                {t.checkout.remove}
              </button>
            </div>
            <p className="w-full text-right font-semibold tabular-nums sm:w-auto">{priced ? formatRM(priced.totalSen, locale) : ''}</p>
          </li>
        );
      })}
    </ul>
  );
}

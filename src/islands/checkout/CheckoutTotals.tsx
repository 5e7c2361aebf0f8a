import { useEffect, useState } from 'react';
import type { ProductDetail } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/language.ts';
import type { FulfilmentMethod } from '../../../contract/order-status.ts';
import type { ResponseOf } from '../../../contract/call.ts';
import type { couponClientGet as couponCall } from '../../../contract/orders.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import type { OrderLine } from '../../lib/checkout.ts';
import { couponClientGet } from '../../lib/order-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { Field } from './Field.tsx';

/** What the server said about a method for this cart: its worth, or the line that rules it out. */
export interface MethodCheck {
  ok: boolean;
  goodsSen: number;
  message: string;
  lineIndex: number | null;
}

type Quote = ResponseOf<typeof couponCall>;
type Coupon = NonNullable<Quote['entered']>;

interface Props {
  locale: Locale;
  items: OrderLine[];
  variantId: string;
  method: FulfilmentMethod;
  details: (ProductDetail | null)[];
  check: MethodCheck | undefined;
  /** Mailing: the address's state, for the delivery fee; "" until chosen. */
  state: string;
  couponCode: string;
  couponError?: string;
  onCoupon: (code: string) => void;
}

/**
 * The summary: parts, labour and its 8 % service tax as the server priced each line; the
 * delivery fee, a coupon's discount and the total as the server answers them, worked out by
 * the same code that prices the order. The order's own total is computed again when placed.
 */
export function CheckoutTotals({ locale, items, variantId, method, details, check, state, couponCode, couponError, onCoupon }: Props) {
  const t = dictionary(locale).checkout;
  const [typed, setTyped] = useState(couponCode);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [problem, setProblem] = useState('');
  const itemsKey = JSON.stringify(items);
  const mailTo = method === 'mail' ? state : '';

  // Asked again whenever the cart, car, method, state or code changes, so what shows is for this cart.
  useEffect(() => {
    let live = true;
    setQuote(null);
    const ask = (code: string) =>
      callApi(couponClientGet, { items: JSON.parse(itemsKey), variantId: variantId || undefined, method, ...(mailTo ? { state: mailTo } : {}), ...(code ? { couponCode: code } : {}) }, { quiet: true });
    (async () => {
      try {
        const answer = await ask(couponCode);
        if (!live) return;
        setQuote(answer);
        setProblem(answer.entered && !answer.entered.usable ? answer.entered.reason : '');
      } catch (err) {
        if (!live) return;
        const field = err instanceof ApiFailure ? (err.data as { field?: string } | null)?.field : undefined;
        const aboutCode = Boolean(couponCode) && field === 'couponCode';
        setProblem(aboutCode || (couponCode && !field) ? (err as Error).message : '');
        // A code that is no coupon: the cart's total is still shown, without it.
        if (aboutCode) {
          const plain = await ask('').catch(() => null);
          if (live) setQuote(plain);
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [couponCode, itemsKey, variantId, method, mailTo]);

  const coupon: Coupon | null = couponCode ? (quote?.entered ?? null) : null;
  const installed = method === 'install';
  const sum = (pick: (d: ProductDetail) => number) => details.reduce((n, d) => n + (d ? pick(d) : 0), 0);
  const discount = coupon?.usable ? coupon.discountSen : 0;
  const rows: [string, string][] = [
    [t.parts, formatRM(sum((d) => d.lineTotal.partsSen), locale)],
    ...(installed
      ? ([
          [t.labour, formatRM(sum((d) => d.lineTotal.labourSen), locale)],
          [t.serviceTax, formatRM(sum((d) => d.lineTotal.serviceTaxSen), locale)],
        ] as [string, string][])
      : []),
    ...(method === 'mail'
      ? ([[t.delivery, quote?.deliverySen == null ? (mailTo ? '…' : t.deliveryLater) : quote.deliverySen === 0 ? t.deliveryFree : formatRM(quote.deliverySen, locale)]] as [string, string][])
      : []),
    ...(discount ? ([[t.discount, `−${formatRM(discount, locale)}`]] as [string, string][]) : []),
  ];
  const ready = check?.ok && details.every(Boolean) && quote !== null;

  return (
    <section aria-labelledby="totals-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="totals-heading" className="text-lg font-bold">
        {t.totals}
      </h2>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Field id="coupon-code" label={t.coupon} error={couponError || problem || undefined} hint={coupon?.usable ? fill(t.couponOff, { title: coupon.title, discount: formatRM(coupon.discountSen, locale) }) : undefined}>
            {(p) => (
              <input
                {...p}
                className="field-input uppercase"
                autoComplete="off"
                maxLength={40}
                value={typed}
                onInput={(e) => setTyped(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    onCoupon(typed.trim());
                  }
                }}
              />
            )}
          </Field>
        </div>
        <button type="button" className="btn-secondary mb-auto mt-7" onClick={() => onCoupon(typed.trim())}>
          {t.apply}
        </button>
      </div>
      <dl className="space-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-extrabold">
          <dt>{t.total}</dt>
          <dd className="tabular-nums">{ready ? formatRM(quote.totalSen, locale) : '…'}</dd>
        </div>
      </dl>
    </section>
  );
}

import { useEffect, useState } from 'react';
import type { ProductDetail } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/language.ts';
import type { FulfilmentMethod } from '../../../contract/order-status.ts';
import type { ResponseOf } from '../../../contract/call.ts';
import type { couponClientGet as couponCall } from '../../../contract/orders.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import type { OrderLine } from '../../lib/checkout.ts';
import { couponClientGet } from '../../lib/endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { Field } from './Field.tsx';

/** What the server said about a method for this cart: its worth, or the line that rules it out. */
export interface MethodCheck {
  ok: boolean;
  goodsSen: number;
  message: string;
  lineIndex: number | null;
}

type Coupon = NonNullable<ResponseOf<typeof couponCall>['entered']>;

interface Props {
  locale: Locale;
  items: OrderLine[];
  variantId: string;
  method: FulfilmentMethod;
  details: (ProductDetail | null)[];
  check: MethodCheck | undefined;
  couponCode: string;
  couponError?: string;
  onCoupon: (code: string) => void;
}

/**
 * The summary: parts, labour and its 8 % service tax as the server priced each line, the
 * cart's worth and a coupon's discount as the server answers them. The order's own total is
 * computed again by the server when it is placed.
 */
export function CheckoutTotals({ locale, items, variantId, method, details, check, couponCode, couponError, onCoupon }: Props) {
  const t = dictionary(locale).checkout;
  const [typed, setTyped] = useState(couponCode);
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [problem, setProblem] = useState('');
  const itemsKey = JSON.stringify(items);

  // Asked again whenever the cart, car or method changes, so the discount shown is for this cart.
  useEffect(() => {
    if (!couponCode) {
      setCoupon(null);
      setProblem('');
      return;
    }
    let live = true;
    callApi(couponClientGet, { items: JSON.parse(itemsKey), variantId: variantId || undefined, method, couponCode }, { quiet: true }).then(
      (answer) => {
        if (!live) return;
        setCoupon(answer.entered);
        setProblem(answer.entered && !answer.entered.usable ? answer.entered.reason : '');
      },
      (err: unknown) => {
        if (!live) return;
        setCoupon(null);
        const field = err instanceof ApiFailure ? (err.data as { field?: string } | null)?.field : undefined;
        setProblem(field === 'couponCode' || !field ? (err as Error).message : '');
      },
    );
    return () => {
      live = false;
    };
  }, [couponCode, itemsKey, variantId, method]);

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
    ...(method === 'mail' ? ([[t.delivery, t.deliveryLater]] as [string, string][]) : []),
    ...(discount ? ([[t.discount, `−${formatRM(discount, locale)}`]] as [string, string][]) : []),
  ];
  const ready = check?.ok && details.every(Boolean);

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
          <dd className="tabular-nums">{ready ? formatRM(check.goodsSen - discount, locale) : '…'}</dd>
        </div>
      </dl>
    </section>
  );
}

import type { Locale } from '../../../contract/rules/language.ts';
import { isFitted } from '../../../contract/rules/order-required.ts';
import type { FulfilmentMethod } from '../../../contract/rules/order-status.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';
import { AtomeLine } from '../payment/AtomeLine.tsx';
import { CouponField } from './CouponField.tsx';
import type { Quote } from './useQuote.ts';

/** What the server said about a method for this cart: allowed, or the line that rules it out. */
export interface MethodCheck {
  ok: boolean;
  message: string;
  lineIndex: number | null;
}

interface Props {
  locale: Locale;
  method: FulfilmentMethod;
  /** The server's bill (cart/quote); null while it is asked. */
  quote: Quote | null;
  check: MethodCheck | undefined;
  /** Mailing: the address's state, for the delivery fee; "" until chosen. */
  state: string;
  /** The coupon field as typed, and whether it is applied. */
  couponCode: string;
  couponApplied: boolean;
  /** Why the applied coupon does not apply, as the quote said. */
  couponProblem: string;
  /** Why the order was refused for its coupon. */
  couponError?: string | undefined;
  onCoupon: (code: string, applied: boolean) => void;
}

/**
 * The summary, as the server's quote itemises it: parts, labour and its 8 % service tax,
 * the delivery fee, a coupon's discount and the total. Nothing is added up here: the quote is
 * priced by the same code that prices the order when it is placed.
 */
export function CheckoutTotals({ locale, method, quote, check, state, couponCode, couponApplied, couponProblem, couponError, onCoupon }: Props) {
  const t = dictionary(locale).checkout;
  const mailTo = method === 'mail' ? state : '';
  const coupon = couponApplied && couponCode.trim() ? (quote?.coupon ?? null) : null;
  const installed = isFitted(method);
  const money = (sen: number | undefined) => (sen === undefined ? '…' : formatRM(sen, locale));
  const rows: [string, string][] = [
    [t.parts, money(quote?.partsSen)],
    ...(installed
      ? ([
          [t.labour, money(quote?.labourSen)],
          [t.serviceTax, money(quote?.serviceTaxSen)],
        ] as [string, string][])
      : []),
    ...(method === 'mail'
      ? ([[t.delivery, quote?.deliveryFeeSen == null ? (mailTo ? '…' : t.deliveryLater) : quote.deliveryFeeSen === 0 ? t.deliveryFree : formatRM(quote.deliveryFeeSen, locale)]] as [string, string][])
      : []),
    // At the customer's place: the visit fee with its service tax, never discounted.
    ...(method === 'mobile' ? ([[t.visitFee, quote ? formatRM(quote.visitFeeSen + quote.visitFeeTaxSen, locale) : '…']] as [string, string][]) : []),
    ...(quote?.discountSen ? ([[t.discount, `−${formatRM(quote.discountSen, locale)}`]] as [string, string][]) : []),
  ];
  const ready = check?.ok && quote !== null;

  return (
    <section aria-labelledby="totals-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="totals-heading" className="text-lg font-bold">
        {t.totals}
      </h2>
      <CouponField
        locale={locale}
        code={couponCode}
        applied={couponApplied}
        error={couponError || couponProblem}
        hint={coupon?.usable && quote ? fill(t.couponOff, { title: coupon.title ?? coupon.code, discount: formatRM(quote.discountSen, locale) }) : undefined}
        onChange={onCoupon}
      />
      <dl className="space-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="whitespace-nowrap tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-extrabold">
          <dt>{t.total}</dt>
          <dd className="tabular-nums">{ready ? formatRM(quote.totalSen, locale) : '…'}</dd>
        </div>
      </dl>
      {ready && <AtomeLine locale={locale} totalSen={quote.totalSen} />}
    </section>
  );
}

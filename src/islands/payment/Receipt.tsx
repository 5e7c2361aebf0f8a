import type { Locale } from '../../../contract/rules/language.ts';
import type { OrderDetailDto } from './types.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';

/** The order's lines and totals as the server computed them: the summary before paying, the receipt after. */
export function Receipt({ locale, order, paid }: { locale: Locale; order: OrderDetailDto; paid: boolean }) {
  const d = dictionary(locale);
  const t = d.checkout;
  const money = (sen: number) => formatRM(sen, locale);
  // The method that paid it, as the order's payments name it.
  const paidBy = paid ? order.payments.findLast((p) => p.state === 'succeeded') : undefined;
  // A parcel always has a delivery line: free delivery says "Free", as the checkout did.
  const rows: [string, string][] = [
    [t.parts, money(order.totals.partsSen)],
    ...(order.totals.labourSen ? ([[t.labour, money(order.totals.labourSen)]] as [string, string][]) : []),
    ...(order.totals.labourSen ? ([[t.serviceTax, money(order.totals.serviceTaxSen)]] as [string, string][]) : []),
    ...(order.method === 'mail' || order.totals.deliveryFeeSen
      ? ([[t.delivery, order.totals.deliveryFeeSen ? money(order.totals.deliveryFeeSen) : t.deliveryFree]] as [string, string][])
      : []),
    // At the customer's place: the visit fee with its service tax (never discounted).
    ...(order.totals.visitFeeSen ? ([[t.visitFee, money(order.totals.visitFeeSen + order.totals.visitFeeTaxSen)]] as [string, string][]) : []),
  ];
  return (
    <section aria-labelledby="receipt-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 print:border-0 print:p-0">
      <h2 id="receipt-heading" className="text-lg font-bold">
        {paid ? d.payment.receipt : d.payment.summary} · {fill(d.payment.orderNo, { orderNo: order.orderNo })}
      </h2>
      <p className="text-sm text-slate-700">{order.car.plate ? fill(d.payment.plate, { car: order.car.name, plate: order.car.plate }) : fill(d.payment.carOnly, { car: order.car.name })}</p>
      <table className="w-full text-sm">
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.productId} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-2">
                <span className="font-semibold">
                  {l.name} × {l.quantity}
                </span>
                {l.optionWords.map((w) => (
                  <span key={w} className="block text-slate-600">
                    {w}
                  </span>
                ))}
                {order.method === 'install' && l.labourSen > 0 && (
                  <span className="block text-slate-600">
                    {t.parts} {money(l.partsSen)} · {t.labour} {money(l.labourSen)} · {t.serviceTax} {money(l.serviceTaxSen)}
                  </span>
                )}
              </td>
              <td className="whitespace-nowrap py-2 text-right tabular-nums">{money(l.totalSen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="space-y-1">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="whitespace-nowrap tabular-nums">{amount}</dd>
          </div>
        ))}
        {order.totals.discountSen > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">
              {t.discount}
              {order.coupon ? ` (${order.coupon.code})` : ''}
            </dt>
            <dd className="tabular-nums">−{money(order.totals.discountSen)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-extrabold">
          <dt>{t.total}</dt>
          <dd className="tabular-nums">{money(order.totals.totalSen)}</dd>
        </div>
        {paidBy && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">{d.payment.paidBy}</dt>
            <dd className="text-right">{methodWords(d.payment, paidBy)}</dd>
          </div>
        )}
        {paid && (
          <div className="flex justify-between gap-4 font-semibold text-green-800">
            <dt>{d.payment.paidWith}</dt>
            <dd className="tabular-nums">{money(order.paidSen)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The method in the customer's words: FPX with its bank, a card as credit or debit when the provider said. */
function methodWords(t: ReturnType<typeof dictionary>['payment'], payment: OrderDetailDto['payments'][number]): string {
  if (payment.method === 'fpx' && payment.bank) return fill(t.fpxBank, { bank: payment.bank.name });
  if (payment.method === 'card' && payment.cardType) return payment.cardType === 'credit' ? t.cardCredit : t.cardDebit;
  return t[payment.method];
}

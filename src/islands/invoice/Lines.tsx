import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';
import type { InvoiceDto } from './types.ts';

const num = 'px-2 py-2 text-right tabular-nums whitespace-nowrap';

/**
 * Each line with its parts, labour and service tax, then the order's figures as the server
 * computed them. On a phone each line is a block of its own, its figures one under another,
 * so nothing needs a sideways scroll; on a wider screen and on paper, the table.
 */
export function Lines({ locale, invoice }: { locale: Locale; invoice: InvoiceDto }) {
  const t = dictionary(locale).invoice;
  const money = (sen: number) => formatRM(sen, locale);
  const tax = invoice.serviceTax;
  return (
    <div className="min-w-0 space-y-3">
      <h2 id="invoice-lines" className="text-base font-bold text-slate-900">
        {t.lines}
      </h2>
      <div role="region" aria-labelledby="invoice-lines" className="rounded-xl border border-slate-200 bg-white print:rounded-none print:border-0">
        <ul className="divide-y divide-slate-100 md:hidden print:hidden">
          {invoice.lines.map((l) => (
            <li key={l.productId} className="space-y-1 px-3 py-3 text-sm">
              <p className="font-medium">{l.name}</p>
              <dl className="space-y-0.5">
                <Figure label={t.quantity} value={String(l.quantity)} />
                <Figure label={t.unitPrice} value={money(l.unitSen)} />
                <Figure label={t.parts} value={money(l.partsSen)} />
                <Figure label={t.labour} value={money(l.labourSen)} />
                <Figure label={t.serviceTax} value={money(l.serviceTaxSen)} />
                <Figure label={t.amount} value={money(l.totalSen)} className="font-semibold" />
              </dl>
            </li>
          ))}
        </ul>
        {/* Focusable, so the table can be scrolled from the keyboard should it not fit. */}
        <div tabIndex={0} className="hidden overflow-x-auto md:block print:block print:overflow-visible">
          <table className="w-full min-w-[44rem] text-sm print:min-w-0 print:text-[9pt]">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="min-w-40 px-2 py-2 text-left">
                  {t.product}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t.quantity}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t.unitPrice}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t.parts}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t.labour}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t.serviceTax}
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  {t.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((l) => (
                <tr key={l.productId} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 text-left font-medium">
                    {l.name}
                  </th>
                  <td className={num}>{l.quantity}</td>
                  <td className={num}>{money(l.unitSen)}</td>
                  <td className={num}>{money(l.partsSen)}</td>
                  <td className={num}>{money(l.labourSen)}</td>
                  <td className={num}>{money(l.serviceTaxSen)}</td>
                  <td className={`${num} font-semibold`}>{money(l.totalSen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <dl className="ml-auto max-w-md space-y-1 text-sm">
        {invoice.totals.deliveryFeeSen > 0 && <Figure label={t.delivery} value={money(invoice.totals.deliveryFeeSen)} />}
        {invoice.totals.discountSen > 0 && <Figure label={t.discount} value={`−${money(invoice.totals.discountSen)}`} />}
        <Figure label={fill(t.taxLine, { rate: tax.ratePercent, sstNo: tax.sstNo })} value={money(tax.amountSen)} className="border-t border-slate-200 pt-1 font-semibold" />
        <Figure label={t.taxable} value={money(tax.taxableSen)} className="pl-3 text-slate-700" />
        <Figure label={t.taxAmount} value={money(tax.amountSen)} className="pl-3 text-slate-700" />
        <Figure label={t.total} value={money(invoice.totals.totalSen)} className="border-t border-slate-300 pt-1 text-base font-extrabold" />
        <Figure label={t.paid} value={money(invoice.totals.paidSen)} className="font-semibold" />
      </dl>
    </div>
  );
}

function Figure({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

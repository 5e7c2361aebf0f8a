import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { fittedTyreText } from '../../lib/fitted-tyre.ts';
import { formatRM } from '../../lib/money.ts';
import type { InvoiceDto } from './types.ts';

const num = 'px-2 py-2 text-right tabular-nums whitespace-nowrap';
type Line = InvoiceDto['lines'][number];

/**
 * Each line with its parts, labour and service tax, then the order's figures as the server
 * computed them; a line of tyres names each tyre's date code under it. On a phone each line is a block of its own, its figures one under another,
 * so nothing needs a sideways scroll; on a wider screen and on paper, the table.
 */
export function Lines({ locale, invoice }: { locale: Locale; invoice: InvoiceDto }) {
  const t = dictionary(locale).invoice;
  const money = (sen: number) => formatRM(sen, locale);
  const tax = invoice.serviceTax;
  /** A line's figures, in the order both the phone's blocks and the table show them; the amount last. */
  const columns: { label: string; value: (l: Line) => string }[] = [
    { label: t.quantity, value: (l) => String(l.quantity) },
    { label: t.unitPrice, value: (l) => money(l.unitSen) },
    { label: t.parts, value: (l) => money(l.partsSen) },
    { label: t.labour, value: (l) => money(l.labourSen) },
    { label: t.serviceTax, value: (l) => money(l.serviceTaxSen) },
    { label: t.amount, value: (l) => money(l.totalSen) },
  ];
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
              {l.tyres.map((tyre, i) => (
                <p key={i} className="text-slate-600">
                  {fittedTyreText(tyre)}
                </p>
              ))}
              <dl className="space-y-0.5">
                {columns.map((c, i) => (
                  <Figure key={c.label} label={c.label} value={c.value(l)} className={i === columns.length - 1 ? 'font-semibold' : undefined} />
                ))}
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
                {columns.map((c) => (
                  <th key={c.label} scope="col" className="px-2 py-2 text-right">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((l) => (
                <tr key={l.productId} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 text-left font-medium">
                    {l.name}
                    {l.tyres.map((tyre, i) => (
                      <span key={i} className="block text-xs font-normal text-slate-600 print:text-[8pt]">
                        {fittedTyreText(tyre)}
                      </span>
                    ))}
                  </th>
                  {columns.map((c, i) => (
                    <td key={c.label} className={i === columns.length - 1 ? `${num} font-semibold` : num}>
                      {c.value(l)}
                    </td>
                  ))}
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

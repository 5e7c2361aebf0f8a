import type { PriceBreakdownDto } from '../../../contract/catalog.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';

/**
 * Parts, labour, service tax and the total: the fitted price, itemised. What the customer fits
 * themselves (`fitted` false) has no labour or tax to itemise: its total alone.
 */
export function PriceTable({ price, locale, caption, fitted = true }: { price: PriceBreakdownDto; locale: Locale; caption: string; fitted?: boolean }) {
  const t = dictionary(locale).product;
  const rows = fitted
    ? ([
        [t.parts, price.partsSen],
        [t.labour, price.labourSen],
        [t.serviceTax, price.serviceTaxSen],
      ] as const)
    : [];
  return (
    <table className="w-full text-left">
      <caption className="mb-2 text-left font-bold">{caption}</caption>
      <tbody>
        {rows.map(([label, sen]) => (
          <tr key={label} className="border-b border-slate-200">
            <th scope="row" className="py-2 font-normal">
              {label}
            </th>
            <td className="whitespace-nowrap py-2 text-right tabular-nums">{formatRM(sen, locale)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-2">
            {fitted ? t.total : t.totalNoFitting}
          </th>
          <td className="whitespace-nowrap py-2 text-right text-xl font-extrabold tabular-nums text-brand-900">{formatRM(price.totalSen, locale)}</td>
        </tr>
      </tbody>
    </table>
  );
}

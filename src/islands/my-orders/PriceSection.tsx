import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { fittedTyreText } from '../../lib/fitted-tyre.ts';
import { formatRM } from '../../lib/money.ts';
import { reservedWords } from '../../lib/reserved-words.ts';
import { Section } from './DetailSections.tsx';
import type { OrderDetailDto } from './format.ts';

/** The lines with what was chosen for each (the units held for it, and each tyre fitted, by its date code), and the total itemised as the server computed it. */
export function PriceSection({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const d = dictionary(locale);
  const c = d.checkout;
  const t = d.orderDetail;
  const money = (sen: number) => formatRM(sen, locale);
  const { partsSen, labourSen, serviceTaxSen, deliveryFeeSen, visitFeeSen, visitFeeTaxSen, discountSen, totalSen } = order.totals;
  const rows: [string, string][] = [[c.parts, money(partsSen)]];
  if (labourSen) rows.push([c.labour, money(labourSen)], [c.serviceTax, money(serviceTaxSen)]);
  if (visitFeeSen) rows.push([c.visitFee, money(visitFeeSen + visitFeeTaxSen)]);
  if (deliveryFeeSen || order.method === 'mail') rows.push([c.delivery, deliveryFeeSen ? money(deliveryFeeSen) : c.deliveryFree]);
  if (discountSen) rows.push([order.coupon ? `${c.discount} (${order.coupon.code})` : c.discount, `−${money(discountSen)}`]);
  rows.push([c.total, money(totalSen)]);
  return (
    <Section title={t.price} id="price-heading">
      <ul className="text-sm">
        {order.lines.map((l) => (
          <li key={l.productId} className="flex justify-between gap-3 border-b border-slate-100 py-2">
            <span>
              <span className="block font-semibold">
                {l.name} × {l.quantity}
              </span>
              {l.optionWords.map((w) => (
                <span key={w} className="block text-slate-600">
                  {w}
                </span>
              ))}
              {l.tyres.map((tyre, i) => (
                <span key={i} className="block text-slate-600">
                  {fittedTyreText(tyre)}
                </span>
              ))}
              {reservedWords(l.reserved, d.availability).map((words, i) => (
                <span key={`reserved-${i}`} className="block text-slate-600">
                  {words}
                </span>
              ))}
            </span>
            <span className="whitespace-nowrap tabular-nums">{money(l.totalSen)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1">
        {rows.map(([label, value], i) => (
          <div key={label} className={`flex justify-between gap-4 ${i === rows.length - 1 ? 'border-t border-slate-200 pt-2 text-lg font-extrabold' : ''}`}>
            <dt>{label}</dt>
            <dd className="whitespace-nowrap tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

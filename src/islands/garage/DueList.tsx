import type { GarageHistory } from '../../../contract/garage.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';

type Due = GarageHistory['due'][number];

/** What is due next, soonest first, each with the server's words for why that date. */
export function DueList({ locale, due }: { locale: Locale; due: Due[] }) {
  const t = dictionary(locale).garage;
  const what = (d: Due) => (d.kind === 'service' ? (d.name ? fill(t.dueService, { name: d.name }) : t.serviceDue) : d.kind === 'roadTax' ? t.dueRoadTax : t.dueInsurance);
  const sorted = [...due].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return (
    <section>
      <h3 className="text-lg font-bold">{t.due}</h3>
      {sorted.length === 0 ? (
        <p className="mt-2 text-slate-600">{t.noDue}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {sorted.map((d) => (
            <li key={`${d.kind}-${d.productId ?? ''}`} className={`rounded-lg border p-3 ${d.daysLeft < 0 ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-slate-50'}`}>
              <p className="font-semibold">
                {what(d)}
                {d.daysLeft < 0 && <span className="ml-2 rounded bg-red-700 px-2 py-0.5 text-sm text-white">{t.overdue}</span>}
              </p>
              <p className="text-sm text-slate-700">{fill(t.dueOn, { date: dateWords(d.dueDate, locale) })}</p>
              <p className="text-sm text-slate-700">{d.basis}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleEinvoicePage } from '../../../contract/einvoice.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, plural } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';

export type EinvoicePageDto = ResponseOf<typeof consoleEinvoicePage>;
export type ConsoleEinvoiceDto = EinvoicePageDto['list'][number];

const statusColours: Record<ConsoleEinvoiceDto['status'], string> = {
  PENDING: 'bg-slate-100 text-slate-800',
  SUBMITTED: 'bg-sky-50 text-sky-900',
  VALID: 'bg-green-50 text-green-900',
  INVALID: 'bg-red-50 text-red-900',
  CANCELLED: 'bg-slate-100 text-slate-700',
};

/** The receipts a document covers: each order number, or how many for a month's consolidated one. */
function Orders({ locale, orderNos }: { locale: Locale; orderNos: string[] }) {
  const t = dictionary(locale).consoleEinvoices;
  if (orderNos.length > 3) return <span title={orderNos.join(', ')}>{plural(locale, t.receiptCount, orderNos.length)}</span>;
  return (
    <ul>
      {orderNos.map((o) => (
        <li key={o} className="font-mono">
          {o}
        </li>
      ))}
    </ul>
  );
}

/** A month's documents: type and status in words, LHDN's errors under an invalid one, and its retry. */
export function EinvoiceTable({ locale, month, list, busy, onRetry }: { locale: Locale; month: string; list: ConsoleEinvoiceDto[]; busy: string; onRetry: (doc: ConsoleEinvoiceDto) => void }) {
  const t = dictionary(locale).consoleEinvoices;
  const when = (iso: string | null) => (iso ? momentWords(iso, locale) : '—');
  return (
    // Focusable, so the table can be scrolled from the keyboard on a narrow screen.
    <div role="region" aria-labelledby="einvoices-caption" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[56rem] text-sm">
        <caption id="einvoices-caption" className="p-3 text-start text-base font-bold">
          {fill(t.caption, { month })}
        </caption>
        <thead className="border-b border-slate-300 text-start text-slate-700">
          <tr>
            {[t.type, t.status, t.documentNo, t.orders, t.total, t.submitted, t.validated, ''].map((h, i) => (
              <th key={i} scope="col" className="px-3 py-2 text-start font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {list.map((d) => (
          <tbody key={d.documentId} className="border-b border-slate-200 last:border-0">
            <tr className="align-top">
              <th scope="row" className="min-w-36 px-3 py-2 text-start font-semibold">
                {t.types[d.type]}
              </th>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 font-semibold whitespace-nowrap ${statusColours[d.status]}`}>{t.statuses[d.status]}</span>
              </td>
              <td className="px-3 py-2">
                <span className="font-mono">{d.documentNo}</span>
                {d.uuid && <span className="block font-mono text-xs text-slate-600">{d.uuid}</span>}
              </td>
              <td className="px-3 py-2">
                <Orders locale={locale} orderNos={d.orderNos} />
              </td>
              <td className="px-3 py-2 text-end whitespace-nowrap">{formatRM(d.totalSen, locale)}</td>
              <td className="px-3 py-2">{when(d.submittedAt)}</td>
              <td className="px-3 py-2">{when(d.validatedAt)}</td>
              <td className="px-3 py-2">
                {d.actions.retry && (
                  <button type="button" className="btn-secondary" disabled={busy === d.documentId} aria-label={fill(t.retryFor, { documentNo: d.documentNo })} onClick={() => onRetry(d)}>
                    {t.retry}
                  </button>
                )}
              </td>
            </tr>
            {d.status === 'INVALID' && d.errors.length > 0 && (
              <tr>
                <td colSpan={8} className="px-3 pb-3">
                  {/* Held at the box's left edge, so a phone reads LHDN's errors without scrolling sideways. */}
                  <div className="sticky left-3 max-w-[calc(100vw-3.5rem)] rounded-lg bg-red-50 p-3 text-red-900 sm:max-w-none">
                    <p className="font-semibold">{t.errors}</p>
                    <ul className="list-disc ps-5">
                      {d.errors.map((e, i) => (
                        <li key={i}>
                          {e.message} <span className="font-mono text-xs">({e.target ? `${e.code}, ${e.target}` : e.code})</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </td>
              </tr>
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { documentStatuses, type DocumentStatus } from '../../../contract/rules/einvoice-rules.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleEinvoicePage, consoleEinvoiceRetry } from '../../lib/console-einvoice-endpoints.ts';
import { klMonth } from '../../../contract/rules/kl-calendar.ts';
import { MONTH, monthWords } from '../../lib/einvoice-months.ts';
import { notify } from '../../stores/ui.ts';
import ConsoleShell from './ConsoleShell.tsx';
import { ConsolidateLastMonth, Consolidation } from './Consolidation.tsx';
import { EinvoiceCertificate } from './EinvoiceCertificate.tsx';
import { EinvoiceTable, type ConsoleEinvoiceDto, type EinvoicePageDto } from './EinvoiceTable.tsx';
import { errorText, LoadFailed, Loading } from './parts.tsx';

const PAGE_SIZE = 50;

function EinvoiceDesk({ locale }: { locale: Locale }) {
  const t = dictionary(locale).consoleEinvoices;
  const [month, setMonth] = useState(() => klMonth(new Date()));
  const [status, setStatus] = useState<DocumentStatus | ''>('');
  const [pages, setPages] = useState(1);
  const [answer, setAnswer] = useState<EinvoicePageDto | null>(null);
  const [list, setList] = useState<ConsoleEinvoiceDto[] | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  const [retrying, setRetrying] = useState('');

  useEffect(() => {
    // A month being typed is asked for once it is whole.
    if (!MONTH.test(month)) return;
    let live = true;
    setFailed('');
    const filter = { month, ...(status ? { status } : {}) };
    // Every page asked again: a document moved by a retry is never shown twice.
    Promise.all(Array.from({ length: pages }, (_, i) => callApi(consoleEinvoicePage, { ...filter, pageNum: i + 1, pageSize: PAGE_SIZE }, { quiet: true }))).then(
      (answers) => {
        if (!live) return;
        setAnswer(answers[0] ?? null);
        setList(answers.flatMap((a) => a.list));
      },
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [month, status, pages, reloads]);

  const retry = (doc: ConsoleEinvoiceDto) => {
    setRetrying(doc.documentId);
    callApi(consoleEinvoiceRetry, { documentId: doc.documentId }, { quiet: true })
      .then((again) => {
        setList((l) => (l ?? []).map((d) => (d.documentId === again.documentId ? again : d)));
        notify('success', t.retried);
      })
      .catch((err: unknown) => notify('error', errorText(err)))
      .finally(() => setRetrying(''));
  };

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t.intro}</p>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex flex-col gap-1 font-semibold">
          {t.month}
          <input
            type="month"
            className="field-input min-h-11 font-normal"
            value={month}
            onChange={(e) => {
              setMonth(e.target.value);
              setPages(1);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 font-semibold">
          {t.status}
          <select
            className="field-input min-h-11 font-normal"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as DocumentStatus | '');
              setPages(1);
            }}
          >
            <option value="">{t.allStatuses}</option>
            {documentStatuses.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        <ConsolidateLastMonth locale={locale} onDone={() => setReloads((n) => n + 1)} />
      </div>
      {failed ? (
        <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />
      ) : !answer || !list ? (
        <Loading locale={locale} />
      ) : (
        <>
          <EinvoiceCertificate locale={locale} certificate={answer.certificate} />
          <Consolidation locale={locale} answer={answer} />
          {list.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4">{t.none}</p>
          ) : (
            <EinvoiceTable locale={locale} month={monthWords(answer.month, locale)} list={list} busy={retrying} onRetry={retry} />
          )}
          {list.length < answer.total && (
            <button type="button" className="btn-secondary" onClick={() => setPages((n) => n + 1)}>
              {t.more}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** /console/einvoices (admins): a month's e-invoices with LHDN's answers, their retry, and the month's consolidation. */
export default function Einvoices({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="einvoices">{() => <EinvoiceDesk locale={locale} />}</ConsoleShell>;
}

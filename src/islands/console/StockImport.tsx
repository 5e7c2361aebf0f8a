import { useId, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { consoleStockImport } from '../../../contract/stock.ts';
import { dictionary, fill, plural } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleStockImport as importEndpoint } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Failure } from '../my-orders/form-parts.tsx';
import { errorText } from './parts.tsx';

type Outcome = ResponseOf<typeof consoleStockImport>;

/**
 * Admins: many receipts at once from CSV text, pasted or read from a file. "Check" runs the dry
 * run and lists each refused line with its reason; "Import" is offered once the text as it
 * stands was checked with no line refused (the server refuses any other way too).
 */
export function StockImport({ locale, onImported }: { locale: Locale; onImported: () => void }) {
  const t = dictionary(locale).consoleStock;
  const id = useId();
  const [csv, setCsv] = useState('');
  const [checked, setChecked] = useState<{ csv: string; outcome: Outcome } | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const current = checked?.csv === csv ? checked.outcome : null;
  const ready = current !== null && current.refused.length === 0 && current.accepted > 0;

  const run = async (dryRun: boolean) => {
    if (busy) return;
    setBusy(true);
    setFailure('');
    setImported(null);
    try {
      const outcome = await callApi(importEndpoint, { csv, dryRun }, { quiet: true });
      if (dryRun || outcome.refused.length > 0) setChecked({ csv, outcome });
      else {
        setChecked(null);
        setCsv('');
        setImported(outcome.accepted);
        notify('success', plural(locale, t.imported, outcome.accepted));
        onImported();
      }
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-4">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">{t.import}</summary>
      <form className="mt-3 space-y-3" noValidate onSubmit={(e) => (e.preventDefault(), void run(true))}>
        <p id={`${id}-intro`} className="text-sm break-words text-slate-700">
          {t.importIntro}
        </p>
        <div className="space-y-1">
          <label htmlFor={`${id}-csv`} className="block font-semibold">
            {t.csv}
          </label>
          <textarea
            id={`${id}-csv`}
            className="field-input min-h-32 font-mono text-sm"
            rows={6}
            spellCheck={false}
            aria-describedby={`${id}-intro`}
            placeholder="sku,location,quantity,dot"
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-file`} className="block font-semibold">
            {t.file}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="block w-full max-w-full text-sm"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) file.text().then(setCsv, (err: unknown) => setFailure(errorText(err)));
            }}
          />
        </div>
        <p className="text-sm text-slate-600">{t.checkFirst}</p>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-secondary" disabled={busy || !csv.trim()}>
            {t.check}
          </button>
          <button type="button" className="btn-primary" disabled={busy || !ready} onClick={() => void run(false)}>
            {t.importAction}
          </button>
        </div>
        <Failure text={failure} />
        <div role="status" className="space-y-2">
          {current && current.refused.length === 0 && <p className="font-semibold">{plural(locale, t.wouldAccept, current.accepted)}</p>}
          {imported !== null && <p className="font-semibold">{plural(locale, t.imported, imported)}</p>}
        </div>
        {current && current.refused.length > 0 && (
          <section aria-labelledby={`${id}-refused`} className="rounded-lg bg-red-50 p-3 text-red-900">
            <h3 id={`${id}-refused`} className="font-bold">
              {t.refused}
            </h3>
            <ul className="list-disc space-y-1 pl-5 break-words">
              {current.refused.map((r) => (
                <li key={`${r.line}-${r.reason}`}>{fill(t.refusedLine, { line: r.line, reason: r.reason })}</li>
              ))}
            </ul>
          </section>
        )}
      </form>
    </details>
  );
}

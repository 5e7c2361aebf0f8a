import { useState } from 'react';
import { dateWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleEinvoiceConsolidate } from '../../lib/console-einvoice-endpoints.ts';
import { klMonth, previousMonth } from '../../../contract/rules/kl-calendar.ts';
import { monthWords } from '../../lib/einvoice-months.ts';
import { notify } from '../../stores/ui.ts';
import { Failure, useAction } from '../my-orders/form-parts.tsx';
import { Modal } from '../ui/Modal.tsx';
import type { EinvoicePageDto } from './EinvoiceTable.tsx';

/** The month's consolidated e-invoice: where it stands, the receipts waiting for it, and by when LHDN must have it. */
export function Consolidation({ locale, answer }: { locale: Locale; answer: EinvoicePageDto }) {
  const t = dictionary(locale).consoleEinvoices;
  const c = answer.consolidation;
  const month = monthWords(answer.month, locale);
  return (
    <section aria-labelledby="consolidation-title" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="consolidation-title" className="text-lg font-bold">
        {fill(t.consolidation, { month })}
      </h2>
      {c.late && <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900">{fill(t.late, { month, date: dateWords(c.dueBy, locale) })}</p>}
      <dl className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-slate-600">{t.status}</dt>
        <dd className="font-semibold">{c.status ? t.statuses[c.status] : t.notBuilt}</dd>
        <dt className="text-slate-600">{t.receipts}</dt>
        <dd className="font-semibold">{c.receipts}</dd>
        <dt className="text-slate-600">{t.dueBy}</dt>
        <dd className="font-semibold">{dateWords(c.dueBy, locale)}</dd>
      </dl>
    </section>
  );
}

/** "Consolidate last month", after a confirmation: builds and submits the month before this one. */
export function ConsolidateLastMonth({ locale, onDone }: { locale: Locale; onDone: () => void }) {
  const t = dictionary(locale).consoleEinvoices;
  const close = dictionary(locale).console.close;
  const [open, setOpen] = useState(false);
  const { busy, failure, run } = useAction();
  const last = previousMonth(klMonth(new Date()));
  const month = monthWords(last, locale);
  const consolidate = () =>
    run(async () => {
      const document = await callApi(consoleEinvoiceConsolidate, { month: last }, { quiet: true });
      setOpen(false);
      notify('success', fill(document ? t.consolidated : t.nothingToConsolidate, { month }));
      onDone();
    });
  return (
    <>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        {t.consolidate}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={fill(t.confirmTitle, { month })} closeLabel={close} role="alertdialog">
        <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void consolidate())}>
          <p>{fill(t.confirmBody, { month })}</p>
          <Failure text={failure} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? dictionary(locale).console.working : t.confirm}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}

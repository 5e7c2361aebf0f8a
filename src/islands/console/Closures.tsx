import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, labelled, plural } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleStoresBookings, consoleStoresClosure, consoleStoresList } from '../../lib/console-endpoints.ts';
import { isIsoDate, klDate } from '../../../contract/rules/kl-calendar.ts';
import { notify } from '../../stores/ui.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { Buttons, Failure, useAction } from '../my-orders/form-parts.tsx';
import { Modal } from '../ui/Modal.tsx';
import ConsoleShell from './ConsoleShell.tsx';
import { errorText, LoadFailed, Loading, StorePicker, type ConsoleStore } from './parts.tsx';

const REASON_MAX = 200;

function ClosureDesk({ locale }: { locale: Locale }) {
  const t = dictionary(locale).console;
  const [stores, setStores] = useState<ConsoleStore[] | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  const [storeId, setStoreId] = useState('');
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ store?: string; date?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState(false);
  /** The bookings the closure would hit, asked when the dialog opens; a text when that failed. */
  const [hits, setHits] = useState<number | string | null>(null);
  const asking = useRef(0);
  const { busy, failure, run } = useAction();
  const today = klDate(new Date());

  useEffect(() => {
    let live = true;
    callApi(consoleStoresList, {}, { quiet: true }).then(
      (list) => live && setStores(list),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [reloads]);

  const store = stores?.find((s) => s.id === storeId);
  const check = () => {
    const found = {
      store: storeId ? undefined : t.workshopRequired,
      date: isIsoDate(date) && date >= today ? undefined : t.dateRequired,
      reason: reason.trim() ? undefined : t.reasonRequired,
    };
    setProblems(found);
    if (found.store || found.date || found.reason) return;
    setHits(null);
    setConfirming(true);
    const asked = (asking.current += 1);
    callApi(consoleStoresBookings, { storeId, date }, { quiet: true }).then(
      (answer) => asked === asking.current && setHits(answer.bookings),
      (err: unknown) => asked === asking.current && setHits(errorText(err)),
    );
  };
  const hitsText = hits === null ? t.countingBookings : typeof hits === 'string' ? hits : hits === 0 ? t.closeHitsNone : plural(locale, t.closeHits, hits);
  const close = () =>
    run(async () => {
      await callApi(consoleStoresClosure, { storeId, date, reason: reason.trim() }, { quiet: true });
      notify('success', fill(t.closedDone, { store: store?.name ?? storeId, date: dateWords(date, locale) }));
      setConfirming(false);
      setReason('');
      setReloads((n) => n + 1);
    });

  if (failed) return <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />;
  if (!stores) return <Loading locale={locale} />;
  const problem = (id: string, text?: string) => text && <p id={id} className="field-error">{text}</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4" noValidate onSubmit={(e) => (e.preventDefault(), check())}>
        <p className="text-slate-700">{t.closuresIntro}</p>
        <div>
          <StorePicker locale={locale} stores={stores} value={storeId} onChange={setStoreId} />
          {problem('closure-store-problem', problems.store)}
        </div>
        <div>
          <label htmlFor="closure-date" className="block font-semibold">
            {t.date}
          </label>
          <input id="closure-date" type="date" min={today} className="field-input min-h-11 max-w-56" value={date} aria-invalid={problems.date ? true : undefined} aria-describedby={problems.date ? 'closure-date-problem' : undefined} onChange={(e) => setDate(e.target.value)} />
          {problem('closure-date-problem', problems.date)}
        </div>
        <div>
          <label htmlFor="closure-reason" className="block font-semibold">
            {t.closeReason}
          </label>
          <input id="closure-reason" className="field-input min-h-11" maxLength={REASON_MAX} placeholder={t.closeReasonHint} value={reason} aria-invalid={problems.reason ? true : undefined} aria-describedby={problems.reason ? 'closure-reason-problem' : undefined} onChange={(e) => setReason(e.target.value)} />
          {problem('closure-reason-problem', problems.reason)}
        </div>
        <button type="submit" className="btn-primary">
          {t.closeDay}
        </button>
      </form>
      {stores.some((s) => s.closures.length > 0) && (
        <section aria-labelledby="closed-days" className="space-y-2">
          <h2 id="closed-days" className="text-xl font-bold">
            {t.pages.closures}
          </h2>
          <ul className="space-y-2">
            {stores
              .filter((s) => s.closures.length > 0)
              .map((s) => (
                <li key={s.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                  <p className="font-semibold">{s.name}</p>
                  <ul className="text-sm">
                    {s.closures.map((c) => (
                      <li key={c.date}>
                        {labelled(locale, dateWords(c.date, locale), c.reason)}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
          </ul>
        </section>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={fill(t.closeTitle, { store: store?.name ?? '', date: date ? dateWords(date, locale) : '' })} closeLabel={t.close} role="alertdialog">
        <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void close())}>
          <p className="font-semibold" role="status">
            {hitsText}
          </p>
          <p>{t.closeBody}</p>
          <Failure text={failure} />
          <Buttons action={t.confirmClose} back={t.back} busy={busy} working={t.working} onBack={() => setConfirming(false)} danger />
        </form>
      </Modal>
    </div>
  );
}

/** /console/closures (admins): close a workshop for a day; its booked customers are told. */
export default function Closures({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="closures">{() => <ClosureDesk locale={locale} />}</ConsoleShell>;
}

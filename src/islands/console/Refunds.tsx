import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleRefundsPage } from '../../../contract/console-refunds.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleRefundsPage as refundsEndpoint, consoleRefundsReview } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { amountForInput, senOfRinggit } from '../../lib/order-view.ts';
import { notify } from '../../stores/ui.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import { Buttons, Failure, useAction } from '../my-orders/form-parts.tsx';
import { AUTOFOCUS, Modal } from '../ui/Modal.tsx';
import { Attention } from './Attention.tsx';
import ConsoleShell from './ConsoleShell.tsx';
import { Customer, errorText, Lines, LoadFailed, Loading } from './parts.tsx';

type Request = ResponseOf<typeof consoleRefundsPage>['list'][number];
type Decision = 'approve' | 'reject';

const PAGE_SIZE = 50;

function ReviewForm({ locale, request, decision, onClose, onDone }: { locale: Locale; request: Request; decision: Decision; onClose: () => void; onDone: () => void }) {
  const t = dictionary(locale).console;
  // The server answers the most it may be approved for; the page only checks the form before sending.
  const max = request.approvableSen;
  const approve = decision === 'approve';
  const [amount, setAmount] = useState(amountForInput(max));
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; note?: string }>({});
  const { busy, failure, run } = useAction();
  const maxText = formatRM(max, locale);
  const sen = senOfRinggit(amount);
  const submit = () => {
    const amountOk = !approve || (sen !== null && sen >= 1 && sen <= max);
    // Less than asked, or a rejection, is explained to the customer (the server refuses it otherwise).
    const needsNote = !approve || (sen !== null && sen < request.refund.requestedSen);
    const found = { amount: amountOk ? undefined : fill(t.amountInvalid, { max: maxText }), note: needsNote && !note.trim() ? (approve ? t.noteRequired : t.rejectRequired) : undefined };
    setProblems(found);
    if (found.amount || found.note) return;
    void run(async () => {
      const { orderNo } = request;
      await callApi(consoleRefundsReview, approve ? { orderNo, decision, amountSen: sen ?? max, note: note.trim() } : { orderNo, decision, note: note.trim() }, { quiet: true });
      notify('success', approve ? fill(t.approved, { amount: formatRM(sen ?? max, locale), orderNo }) : fill(t.rejected, { orderNo }));
      onDone();
    });
  };
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      {approve && (
        <div>
          <label htmlFor="review-amount" className="block font-semibold">
            {t.amount}
          </label>
          <input
            id="review-amount"
            {...AUTOFOCUS}
            className="field-input min-h-11 max-w-48"
            inputMode="decimal"
            value={amount}
            aria-invalid={problems.amount ? true : undefined}
            aria-describedby="review-amount-help"
            onChange={(e) => setAmount(e.target.value)}
          />
          <p id="review-amount-help" className={problems.amount ? 'field-error' : 'mt-1 text-sm text-slate-600'}>
            {problems.amount ?? fill(t.amountHelp, { max: maxText })}
          </p>
        </div>
      )}
      <div>
        <label htmlFor="review-note" className="block font-semibold">
          {approve ? t.note : t.rejectReason}
        </label>
        <textarea
          id="review-note"
          {...(approve ? {} : AUTOFOCUS)}
          className="field-input"
          rows={3}
          maxLength={500}
          value={note}
          aria-invalid={problems.note ? true : undefined}
          aria-describedby={problems.note ? 'review-note-problem' : undefined}
          onChange={(e) => setNote(e.target.value)}
        />
        {problems.note && (
          <p id="review-note-problem" className="field-error">
            {problems.note}
          </p>
        )}
      </div>
      <Failure text={failure} />
      <Buttons action={approve ? fill(t.confirmApprove, { amount: formatRM(sen !== null && sen <= max ? sen : max, locale) }) : t.confirmReject} back={t.back} busy={busy} working={t.working} onBack={onClose} danger={!approve} />
    </form>
  );
}

function RequestCard({ locale, request, onReview }: { locale: Locale; request: Request; onReview: (d: Decision) => void }) {
  const t = dictionary(locale).console;
  const r = request.refund;
  const due = momentWords(request.deadline, locale);
  return (
    <article className={`space-y-3 rounded-2xl border bg-white p-4 shadow-sm ${request.late ? 'border-red-400' : 'border-slate-200'}`} aria-labelledby={`refund-${r.refundNo}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`refund-${r.refundNo}`} className="text-lg font-bold">
          {fill(t.openOrder, { orderNo: request.orderNo })}
          <span className="block text-sm font-normal text-slate-600">
            {fill(t.requestedOn, { date: momentWords(r.createdAt, locale) })}
            {request.store && ` · ${request.store.name}`}
          </span>
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${request.late ? 'bg-red-100 text-red-900' : 'bg-amber-50 text-amber-950'}`}>{request.late ? fill(t.late, { date: due }) : fill(t.due, { date: due })}</span>
      </header>
      <p className="font-semibold">
        {fill(t.asked, { amount: formatRM(r.requestedSen, locale) })} · <span className="font-normal">{fill(t.paid, { amount: formatRM(request.paidSen, locale) })}</span>
      </p>
      <section aria-label={t.items} className="text-sm">
        <Lines lines={request.lines} />
      </section>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">{t.reason}</dt>
        <dd className="whitespace-pre-line">{r.reason}</dd>
        <dt className="font-semibold">{t.contact}</dt>
        <dd>
          {!request.customer.closedAccount && `${r.contact} · `}
          <Customer locale={locale} customer={request.customer} sep=", " />
        </dd>
      </dl>
      {r.images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t.photos}>
          {r.images.map((img, i) => (
            <li key={img.key}>
              <a href={img.url} target="_blank" rel="noopener noreferrer">
                <img src={img.url} alt={fill(t.photoOf, { n: i + 1, orderNo: request.orderNo })} width="96" height="96" loading="lazy" className="size-24 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {(request.actions.approve || request.actions.reject) && (
        <div className="flex flex-wrap gap-2">
          {request.actions.approve && (
            <button type="button" className="btn-primary" onClick={() => onReview('approve')}>
              {t.approve}
            </button>
          )}
          {request.actions.reject && (
            <button type="button" className="btn-secondary" onClick={() => onReview('reject')}>
              {t.reject}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function Queue({ locale }: { locale: Locale }) {
  const t = dictionary(locale).console;
  const [page, setPage] = useState<{ list: Request[]; total: number } | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  const [review, setReview] = useState<{ request: Request; decision: Decision } | null>(null);

  useEffect(() => {
    let live = true;
    setFailed('');
    callApi(refundsEndpoint, { pageNum: 1, pageSize: PAGE_SIZE }, { quiet: true }).then(
      (p) => live && setPage({ list: p.list, total: p.total }),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [reloads]);

  const reload = () => setReloads((n) => n + 1);
  const attention = <Attention locale={locale} reloads={reloads} onChanged={reload} />;
  if (failed) return (
    <div className="space-y-4">
      {attention}
      <LoadFailed locale={locale} text={failed} onRetry={reload} />
    </div>
  );
  if (!page) return (
    <div className="space-y-4">
      {attention}
      <Loading locale={locale} />
    </div>
  );
  return (
    <div className="space-y-4">
      {attention}
      <p className="text-slate-700">{t.refundsIntro}</p>
      {page.list.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center">{t.noRefunds}</p>
      ) : (
        <ol className="grid gap-4 lg:grid-cols-2">
          {page.list.map((request) => (
            <li key={request.refund.refundNo}>
              <RequestCard locale={locale} request={request} onReview={(decision) => setReview({ request, decision })} />
            </li>
          ))}
        </ol>
      )}
      {page.total > page.list.length && <p className="text-center text-sm text-slate-600">{fill(t.shown, { shown: page.list.length, total: page.total })}</p>}
      <Modal
        open={review !== null}
        onClose={() => setReview(null)}
        title={review ? fill(review.decision === 'approve' ? t.approveTitle : t.rejectTitle, { orderNo: review.request.orderNo }) : ''}
        closeLabel={t.close}
        role="alertdialog"
      >
        {review && (
          <ReviewForm
            key={`${review.request.refund.refundNo}-${review.decision}`}
            locale={locale}
            request={review.request}
            decision={review.decision}
            onClose={() => setReview(null)}
            onDone={() => {
              setReview(null);
              reload();
            }}
          />
        )}
      </Modal>
    </div>
  );
}

/** /console/refunds (admins): what needs attention, then the review queue, oldest first, each decision confirmed in a dialog. */
export default function Refunds({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="refunds">{() => <Queue locale={locale} />}</ConsoleShell>;
}

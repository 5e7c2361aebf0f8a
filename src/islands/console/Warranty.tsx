import { useId, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import { dateTimeWords, dateWords, momentWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { WARRANTY_REASON_MAX, warrantyStatuses, type WarrantyStatus } from '../../../contract/rules/warranty.ts';
import type { consoleWarrantyPage } from '../../../contract/warranty.ts';
import { dictionary, fill, plural } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleWarrantyAccept, consoleWarrantyPage as pageEndpoint, consoleWarrantyRefund, consoleWarrantyReject, consoleWarrantyResolve } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { senOfRinggit } from '../../lib/order-view.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure, useAction } from '../my-orders/form-parts.tsx';
import { AUTOFOCUS, Modal } from '../ui/Modal.tsx';
import ConsoleShell, { type StaffMember } from './ConsoleShell.tsx';
import { LoadFailed, Loading, StatusFilter, StorePicker, useFilteredPages, useStores } from './parts.tsx';

type Claim = ResponseOf<typeof consoleWarrantyPage>['list'][number];
type Decision = 'accept' | 'reject' | 'refund' | 'resolve';

const PAGE_SIZE = 20;

const tone: Record<WarrantyStatus, string> = {
  SUBMITTED: 'bg-amber-100 text-amber-950',
  ACCEPTED: 'bg-brand-50 text-brand-900',
  RESOLVED: 'bg-green-100 text-green-900',
  REJECTED: 'bg-slate-200 text-slate-800',
  REFUND_OFFERED: 'bg-red-50 text-red-900',
};

/** One decision on a claim, in a dialog: its note, reason or amount, the server's refusal shown in place. */
function DecisionForm({ locale, claim, decision, onClose, onDone }: { locale: Locale; claim: Claim; decision: Decision; onClose: () => void; onDone: (c: Claim) => void }) {
  const t = dictionary(locale).console;
  const id = useId();
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState('');
  const { busy, failure, run } = useAction();
  const sen = senOfRinggit(amount);
  const { claimId, claimNo } = claim;
  // Resolved before the rework's booked day: a reason is needed, as the server says.
  const early = decision === 'resolve' && claim.rework !== null && claim.rework.date > klDate(new Date());
  const submit = () => {
    // The server checks again; the form only stops what it would refuse for certain.
    if (decision === 'reject' && !text.trim()) return setProblem(t.rejectRequired);
    if (early && !text.trim()) return setProblem(t.resolveEarlyRequired);
    if (decision === 'refund' && (sen === null || sen < 1)) return setProblem(t.claimAmountInvalid);
    setProblem('');
    const note = text.trim() ? { note: text.trim() } : {};
    return run(async () => {
      let answer: Claim;
      if (decision === 'accept') answer = await callApi(consoleWarrantyAccept, { claimId, ...note }, { quiet: true });
      else if (decision === 'reject') answer = await callApi(consoleWarrantyReject, { claimId, reason: text.trim() }, { quiet: true });
      else if (decision === 'refund') answer = await callApi(consoleWarrantyRefund, { claimId, amountSen: sen! }, { quiet: true });
      else answer = await callApi(consoleWarrantyResolve, { claimId, ...note }, { quiet: true });
      const done = { accept: t.claimAccepted, reject: t.claimRejected, refund: t.claimRefundOffered, resolve: t.claimResolved }[decision];
      notify('success', fill(done, { claimNo, amount: formatRM(sen ?? 0, locale) }));
      onDone(answer);
    });
  };
  const body = { accept: fill(t.acceptBody, { workshop: claim.workshop.name }), reject: t.rejectClaimBody, refund: t.refundClaimBody, resolve: t.resolveBody }[decision];
  const action = { accept: t.confirmAccept, reject: t.confirmRejectClaim, refund: fill(t.confirmRefundClaim, { amount: sen !== null && sen >= 1 ? formatRM(sen, locale) : '' }).trim(), resolve: t.confirmResolve }[decision];
  const problemId = `${id}-problem`;
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p className="text-slate-700">{body}</p>
      {early && <p className="text-slate-700">{fill(t.resolveEarlyBody, { when: dateTimeWords(claim.rework!.date, claim.rework!.time, locale) })}</p>}
      {decision === 'refund' ? (
        <div>
          <label htmlFor={`${id}-amount`} className="block font-semibold">
            {t.amount}
          </label>
          <input
            id={`${id}-amount`}
            {...AUTOFOCUS}
            className="field-input min-h-11 max-w-48"
            inputMode="decimal"
            value={amount}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
      ) : (
        <div>
          <label htmlFor={`${id}-text`} className="block font-semibold">
            {decision === 'reject' ? t.rejectReason : decision === 'accept' ? t.optionalNote : early ? t.resolveEarlyNote : t.resolveNote}
          </label>
          <textarea
            id={`${id}-text`}
            {...AUTOFOCUS}
            className="field-input"
            rows={3}
            maxLength={WARRANTY_REASON_MAX}
            required={decision === 'reject' || early}
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      )}
      {problem && (
        <p id={problemId} className="field-error">
          {problem}
        </p>
      )}
      <Failure text={failure} />
      <Buttons action={action} back={t.back} busy={busy} working={t.working} onBack={onClose} danger={decision === 'reject'} />
    </form>
  );
}

/** One claim as staff read it: the order, car and workshop, what is claimed and why, the photos, where it stands, its steps and what this member may do. */
function ClaimCard({ locale, claim: c, onDecide }: { locale: Locale; claim: Claim; onDecide: (d: Decision) => void }) {
  const t = dictionary(locale).console;
  const headingId = `claim-${c.claimNo}`;
  const buttons: [Decision, string][] = [];
  if (c.actions.accept) buttons.push(['accept', t.acceptClaim]);
  if (c.actions.resolve) buttons.push(['resolve', t.resolveClaim]);
  if (c.actions.reject) buttons.push(['reject', t.rejectClaim]);
  if (c.actions.refund) buttons.push(['refund', t.offerRefund]);
  return (
    <article className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={headingId}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          {fill(t.claimTitle, { claimNo: c.claimNo })}
          <span className="block text-sm font-normal text-slate-600">
            {fill(t.openOrder, { orderNo: c.orderNo })} · {fill(t.claimedOn, { date: momentWords(c.createdAt, locale) })}
          </span>
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${tone[c.status]}`}>{t.warrantyStatus[c.status]}</span>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">{t.car}</dt>
        <dd>{c.car.name}</dd>
        {c.car.plate && (
          <>
            <dt className="font-semibold">{t.plate}</dt>
            <dd className="font-mono text-base font-bold">{c.car.plate}</dd>
          </>
        )}
        <dt className="font-semibold">{t.workshop}</dt>
        <dd>{c.workshop.name}</dd>
        <dt className="font-semibold">{t.claimCompleted}</dt>
        <dd>
          {dateWords(c.completedOn, locale)}
          <span className="block text-slate-700">{plural(locale, t.claimDaysLeft, c.daysLeft)}</span>
        </dd>
      </dl>
      <section aria-label={t.claimLines} className="text-sm">
        <h4 className="font-semibold">{t.claimLines}</h4>
        <ul className="mt-1 space-y-1">
          {c.lines.map((l) => (
            <li key={l.lineId}>
              {l.quantity} × {l.name}
            </li>
          ))}
        </ul>
      </section>
      <div className="text-sm">
        <h4 className="font-semibold">{t.claimDescription}</h4>
        <p className="mt-1 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-base">{c.description}</p>
      </div>
      {c.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t.claimPhotos}>
          {c.photos.map((img, i) => (
            <li key={img.key}>
              <a href={img.url} target="_blank" rel="noopener noreferrer">
                <img src={img.url} alt={fill(t.claimPhotoOf, { n: i + 1, claimNo: c.claimNo })} width="96" height="96" loading="lazy" className="size-24 rounded-lg border border-slate-300 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {c.preApproved && <p className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-950">{t.claimPreApproved}</p>}
      {(c.decisionNote || c.refundAmountSen !== null || c.status === 'ACCEPTED' || c.rework) && (
        <dl className="grid gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-[auto_1fr]">
          {c.decisionNote && (
            <>
              <dt className="font-semibold">{c.status === 'REJECTED' ? t.claimReason : t.claimNote}</dt>
              <dd className="whitespace-pre-line">{c.decisionNote}</dd>
            </>
          )}
          {c.refundAmountSen !== null && (
            <>
              <dt className="font-semibold">{t.claimRefund}</dt>
              <dd>{formatRM(c.refundAmountSen, locale)}</dd>
            </>
          )}
          {(c.status === 'ACCEPTED' || c.rework) && (
            <>
              <dt className="font-semibold">{t.claimRework}</dt>
              <dd>{c.rework ? dateTimeWords(c.rework.date, c.rework.time, locale) : t.reworkNotBooked}</dd>
            </>
          )}
        </dl>
      )}
      <section className="text-sm" aria-label={t.claimSteps}>
        <h4 className="font-semibold">{t.claimSteps}</h4>
        <ol className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3">
          {c.history.map((h, i) => (
            <li key={i}>
              <span className="font-semibold">{t.warrantyStatus[h.status]}</span> · {momentWords(h.at, locale)} · {t.claimBy[h.by]}
              {h.note && <span className="block whitespace-pre-line text-slate-700">{h.note}</span>}
            </li>
          ))}
        </ol>
      </section>
      {buttons.length > 0 && (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          {buttons.map(([d, label]) => (
            <button key={d} type="button" className={d === 'accept' || d === 'resolve' ? 'btn-primary' : 'btn-secondary'} onClick={() => onDecide(d)}>
              {label}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}

function ClaimDesk({ locale, member }: { locale: Locale; member: StaffMember }) {
  const t = dictionary(locale).console;
  const [open, setOpen] = useState<{ claim: Claim; decision: Decision } | null>(null);
  const { stores } = useStores();
  const { status, storeId, list, total, failed, filterStatus, filterStore, more, reload, replace } = useFilteredPages<WarrantyStatus, Claim>(
    (filter, pageNum) => callApi(pageEndpoint, { ...filter, pageNum, pageSize: PAGE_SIZE }, { quiet: true }),
    (a, b) => a.claimId === b.claimId,
  );

  const titles = { accept: t.acceptTitle, reject: t.rejectClaimTitle, refund: t.refundClaimTitle, resolve: t.resolveTitle };

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t.warrantyIntro}</p>
      <div className="flex flex-wrap items-start gap-4">
        <StatusFilter label={t.warrantyShow} all={t.warrantyAll} statuses={warrantyStatuses} names={t.warrantyStatus} value={status} onChange={filterStatus} />
        {member.role === 'admin' && stores && stores.length > 1 && (
          <div className="min-w-64">
            <StorePicker
              locale={locale}
              stores={stores}
              value={storeId}
              all={t.everyWorkshop}
              onChange={filterStore}
            />
          </div>
        )}
      </div>
      {failed ? (
        <LoadFailed locale={locale} text={failed} onRetry={reload} />
      ) : !list ? (
        <Loading locale={locale} />
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center">{t.noClaims}</p>
      ) : (
        <ol className="grid gap-4 lg:grid-cols-2">
          {list.map((c) => (
            <li key={c.claimId}>
              <ClaimCard locale={locale} claim={c} onDecide={(decision) => setOpen({ claim: c, decision })} />
            </li>
          ))}
        </ol>
      )}
      {list && list.length < total && (
        <div className="text-center">
          <p className="text-sm text-slate-600">{fill(t.shown, { shown: list.length, total })}</p>
          <button type="button" className="btn-secondary mt-2" onClick={more}>
            {t.moreClaims}
          </button>
        </div>
      )}
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open ? fill(titles[open.decision], { claimNo: open.claim.claimNo }) : ''} closeLabel={t.close}>
        {open && (
          <DecisionForm
            key={`${open.claim.claimId}-${open.decision}`}
            locale={locale}
            claim={open.claim}
            decision={open.decision}
            onClose={() => setOpen(null)}
            onDone={(claim) => {
              setOpen(null);
              replace(claim);
            }}
          />
        )}
      </Modal>
    </div>
  );
}

/** /console/warranty (admins and workshop staff): warranty claims, oldest first, each decision made in a dialog. */
export default function Warranty({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="warranty">{(member) => <ClaimDesk locale={locale} member={member} />}</ConsoleShell>;
}

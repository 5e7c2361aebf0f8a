import { useEffect, useId, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { WARRANTY_DESCRIPTION_MAX, WARRANTY_DESCRIPTION_MIN } from '../../../contract/rules/warranty.ts';
import type { warrantyMine } from '../../../contract/warranty.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { formatRM } from '../../lib/money.ts';
import { warrantyAdd, warrantyBook, warrantyMine as mineCall } from '../../lib/order-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Modal } from '../ui/Modal.tsx';
import { PhotoList } from './DetailSections.tsx';
import { Buttons, Failure, useAction } from './form-parts.tsx';
import type { OrderDetailDto } from './format.ts';
import { RefundPhotos } from './RefundPhotos.tsx';
import { StepList, type Step } from './Steps.tsx';
import { itemsOf, TimeChoice } from './TimeChoice.tsx';
import { usePhotoDrafts } from './upload-photos.ts';

type Warranty = ResponseOf<typeof warrantyMine>;
type Claim = Warranty['claims'][number];
type Props = { locale: Locale; order: OrderDetailDto };
type Open = { kind: 'claim' } | { kind: 'book'; claim: Claim } | null;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The inside of a completed installation's "30-day warranty" section: until when a claim may be opened, the claim form,
 * and each claim with its steps; an accepted one books its free repair. Part of the order
 * page's own script: loaded apart, it weighed more (the page's budget counts both).
 */
export default function WarrantySection({ locale, order }: Props) {
  const d = dictionary(locale);
  const t = d.warranty;
  const [data, setData] = useState<Warranty | null>(null);
  const [failed, setFailed] = useState('');
  const [open, setOpen] = useState<Open>(null);

  useEffect(() => {
    let live = true;
    callApi(mineCall, { orderNo: order.orderNo }, { quiet: true }).then(
      (w) => live && setData(w),
      (err: unknown) => live && setFailed(message(err)),
    );
    return () => {
      live = false;
    };
  }, [order.orderNo]);

  const done = (w: Warranty, text: string) => {
    setData(w);
    setOpen(null);
    notify('success', text);
  };

  return (
    <>
      <Failure text={failed} />
      {!data ? (
        !failed && <p role="status">{t.loading}</p>
      ) : (
        <>
          {data.lastDay && (
            <p className={data.daysLeft < 0 ? 'text-slate-700' : 'font-semibold'}>{fill(data.daysLeft < 0 ? t.ended : t.until, { date: dateWords(data.lastDay, locale) })}</p>
          )}
          {data.claimable.length > 0 && (
            <>
              <p className="text-slate-700">{t.intro}</p>
              <button type="button" className="btn-primary" onClick={() => setOpen({ kind: 'claim' })}>
                {t.claim}
              </button>
            </>
          )}
          {data.claims.map((c) => (
            <ClaimView key={c.claimId} locale={locale} claim={c} onBook={() => setOpen({ kind: 'book', claim: c })} />
          ))}
        </>
      )}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.kind === 'book' ? (open.claim.rework ? t.changeTitle : t.bookTitle) : t.claim}
        closeLabel={d.myOrders.close}
      >
        {open?.kind === 'claim' && data && <ClaimForm locale={locale} order={order} claimable={data.claimable} onClose={() => setOpen(null)} onDone={done} />}
        {open?.kind === 'book' && <BookForm locale={locale} order={order} claim={open.claim} onClose={() => setOpen(null)} onDone={done} />}
      </Modal>
    </>
  );
}

/** A claim's steps: sent, accepted, repair booked, repaired; or not accepted; or a refund offered. */
function claimSteps(c: Claim, locale: Locale): Step[] {
  const t = dictionary(locale).warranty;
  const row = (status: Claim['status']) => c.history.filter((h) => h.status === status).at(-1);
  const step = (status: Claim['status'], title: string, note = row(status)?.note || (c.status === status ? c.decisionNote : '')) => ({ key: status, title, at: row(status)?.at ?? null, note });
  const when = c.rework && fill(t.at, { when: fill(dictionary(locale).myOrders.when, { date: dateWords(c.rework.date, locale), time: c.rework.time }), workshop: c.workshop.name });
  const sent = { ...step('SUBMITTED', t.submitted, ''), at: row('SUBMITTED')?.at ?? c.createdAt };
  const accepted = step('ACCEPTED', t.accepted);
  const path =
    c.status === 'REJECTED'
      ? [sent, step('REJECTED', t.rejected)]
      : c.status === 'REFUND_OFFERED'
        ? [sent, ...(row('ACCEPTED') ? [accepted] : []), step('REFUND_OFFERED', t.refund, fill(t.refundOf, { amount: formatRM(c.refundAmountSen ?? 0, locale) }))]
        : [sent, accepted, { key: 'booked', title: t.booked, at: null, note: '', ...(when ? { when } : {}) }, step('RESOLVED', t.resolved)];
  const reached = c.status === 'SUBMITTED' ? 0 : c.status === 'ACCEPTED' ? (c.rework ? 2 : 1) : path.length - 1;
  const ended = c.status !== 'SUBMITTED' && c.status !== 'ACCEPTED';
  return path.map((s, i) => ({ ...s, state: i < reached || (i === reached && ended) ? 'done' : i === reached ? 'current' : 'todo' }));
}

function ClaimView({ locale, claim: c, onBook }: { locale: Locale; claim: Claim; onBook: () => void }) {
  const d = dictionary(locale);
  const t = d.warranty;
  const id = `claim-${c.claimNo}`;
  return (
    <article aria-labelledby={id} className="space-y-3 border-t border-slate-200 pt-3">
      <h3 id={id} className="font-bold">
        {fill(t.claimNo, { claimNo: c.claimNo })} · {t.status[c.status]}
      </h3>
      <p>
        <span className="block text-slate-600">{t.items}</span>
        {c.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ')}
      </p>
      <p className="break-words">
        <span className="block text-slate-600">{t.problem}</span>
        {c.description}
      </p>
      {c.photos.length > 0 && (
        <PhotoList photos={c.photos} alt={(n) => fill(t.photoOf, { n, claimNo: c.claimNo })} />
      )}
      <StepList locale={locale} label={t.steps} notYet={d.orderDetail.notYet} steps={claimSteps(c, locale)} />
      {c.status === 'ACCEPTED' && (
        <button type="button" className={c.rework ? 'btn-secondary' : 'btn-primary'} onClick={onBook}>
          {c.rework ? t.change : t.book}
        </button>
      )}
    </article>
  );
}

type FormProps = Props & { onClose: () => void; onDone: (w: Warranty, text: string) => void };

/** Lines, what is wrong (10 to 1,000 characters) and up to 3 photos; refusals shown by their field. */
function ClaimForm({ locale, order, claimable, onClose, onDone }: FormProps & { claimable: Warranty['claimable'] }) {
  const d = dictionary(locale);
  const t = d.warranty;
  const [lines, setLines] = useState<string[]>(() => (claimable.length === 1 ? [claimable[0]!.lineId] : []));
  const [text, setText] = useState('');
  const { photos, setPhotos, progress, upload } = usePhotoDrafts(locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, run } = useAction();
  const id = useId();

  const length = text.trim().length;
  const submit = () => {
    const found: Record<string, string> = {};
    if (!lines.length) found.lineIds = t.linesRequired;
    if (length < WARRANTY_DESCRIPTION_MIN) found.description = t.descriptionShort;
    setErrors(found);
    if (Object.keys(found).length) return;
    return run(async () => {
      try {
        const photoIds = await upload();
        const w = await callApi(warrantyAdd, { orderNo: order.orderNo, lineIds: lines, description: text.trim(), photoIds }, { quiet: true });
        onDone(w, fill(t.sent, { claimNo: w.claims.at(-1)?.claimNo ?? '' }));
      } catch (err) {
        // A refusal naming a field is said by it; anything else below the form.
        const field = err instanceof ApiFailure ? (err.data as { field?: string } | null)?.field?.split('.')[0] : undefined;
        if (field !== 'lineIds' && field !== 'description') throw err;
        setErrors({ [field]: message(err) });
      }
    });
  };
  const error = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}`} className="field-error" role="alert">
        {errors[name]}
      </p>
    );
  const tied = (name: string, hint = '') => ({ 'aria-invalid': Boolean(errors[name]), 'aria-describedby': `${errors[name] ? `${id}-${name} ` : ''}${hint}`.trim() || undefined });

  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <fieldset>
        <legend className="mb-1 font-semibold">{t.lines}</legend>
        {claimable.map((l, i) => (
          <label key={l.lineId} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              className="size-5"
              checked={lines.includes(l.lineId)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setLines((now) => (on ? [...now, l.lineId] : now.filter((x) => x !== l.lineId)));
                if (on) setErrors(({ lineIds: _gone, ...rest }) => rest);
              }}
              {...tied('lineIds')}
              {...(i === 0 ? { 'data-autofocus': '' } : {})}
            />
            {l.name}
          </label>
        ))}
        {error('lineIds')}
      </fieldset>
      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block font-semibold">
          {t.description}
        </label>
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
          {t.descriptionHint}
        </p>
        <textarea
          id={`${id}-text`}
          className="field-input"
          rows={4}
          maxLength={WARRANTY_DESCRIPTION_MAX}
          value={text}
          onInput={(e) => {
            const v = e.currentTarget.value;
            setText(v);
            if (v.trim().length >= WARRANTY_DESCRIPTION_MIN) setErrors(({ description: _gone, ...rest }) => rest);
          }}
          {...tied('description', `${id}-hint ${id}-count`)}
        />
        <p id={`${id}-count`} className="text-right text-sm text-slate-600 tabular-nums">
          {fill(t.count, { n: text.length })}
        </p>
        {error('description')}
      </div>
      <RefundPhotos locale={locale} photos={photos} onChange={setPhotos} disabled={busy} />
      {progress && <p role="status">{progress}</p>}
      <Failure text={failure} />
      <Buttons action={t.send} back={d.myOrders.back} busy={busy} working={d.myOrders.working} onBack={onClose} />
    </form>
  );
}

/** The free repair's date and time at the order's workshop, from the times it has free for the claimed lines: the checkout's picker. */
function BookForm({ locale, order, claim, onClose, onDone }: FormProps & { claim: Claim }) {
  const d = dictionary(locale);
  const t = d.warranty;
  const [choice, setChoice] = useState({ date: '', time: '' });
  const [missing, setMissing] = useState('');
  const { busy, failure, run } = useAction();
  const ids = claim.lines.map((l) => l.lineId);
  const ask = { storeId: claim.workshop.id, items: itemsOf(order.lines.filter((l) => ids.includes(l.lineId))), claimId: claim.claimId };

  const when = (date: string, time: string) => fill(d.myOrders.when, { date: dateWords(date, locale), time });
  const submit = () => {
    if (!choice.date || !choice.time) return setMissing(d.myOrders.chooseTime);
    return run(async () => {
      const w = await callApi(warrantyBook, { claimId: claim.claimId, ...choice }, { quiet: true });
      onDone(w, fill(t.bookedSent, { when: when(choice.date, choice.time) }));
    });
  };

  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      {claim.rework && <p className="font-semibold">{fill(d.myOrders.changeNow, { when: when(claim.rework.date, claim.rework.time) })}</p>}
      <p className="text-sm text-slate-700">{fill(t.bookRule, { workshop: claim.workshop.name })}</p>
      <TimeChoice locale={locale} ask={ask} choice={choice} error={missing} onChoice={(c) => (setChoice(c), setMissing(''))} />
      <Failure text={failure} />
      <Buttons action={t.confirm} back={d.myOrders.back} busy={busy} working={d.myOrders.working} onBack={onClose} />
    </form>
  );
}

import { useId, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { hideReasons, REVIEW_REPLY_MAX, type HideReason } from '../../../contract/rules/review-rules.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleReviewsHide, consoleReviewsReply, consoleReviewsShow } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure, useAction } from '../my-orders/form-parts.tsx';
import type { ConsoleReviewDto } from './ReviewCard.tsx';

interface DialogProps {
  locale: Locale;
  review: ConsoleReviewDto;
  onClose: () => void;
  onDone: (review: ConsoleReviewDto) => void;
}

/**
 * Hide a review for one of the four reasons; the dialog says first that being negative is not one.
 * Kept hidden from the publish dialog, it starts on "personal data" and says so.
 */
export function HideForm({ locale, review, onClose, onDone, keep = false }: DialogProps & { keep?: boolean }) {
  const t = dictionary(locale).consoleReviews;
  const c = dictionary(locale).console;
  const [reason, setReason] = useState<HideReason | ''>(keep ? 'personal-data' : '');
  const [problem, setProblem] = useState('');
  const { busy, failure, run } = useAction();
  const name = useId();
  const submit = () => {
    if (!reason) return setProblem(t.reasonRequired);
    setProblem('');
    return run(async () => {
      const answer = await callApi(consoleReviewsHide, { reviewId: review.reviewId, reason }, { quiet: true });
      notify('success', t.hidden);
      onDone(answer);
    });
  };
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p id={`${name}-body`}>{keep ? t.keepHiddenBody : t.hideBody}</p>
      <fieldset aria-describedby={problem ? `${name}-problem` : undefined}>
        <legend className="mb-1 font-semibold">{t.reason}</legend>
        <div className="space-y-1">
          {hideReasons.map((r, i) => (
            <label key={r} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={name} value={r} checked={reason === r} onChange={() => setReason(r)} className="size-5" data-autofocus={i === 0 ? '' : undefined} />
              {t.reasons[r]}
            </label>
          ))}
        </div>
        {problem && (
          <p id={`${name}-problem`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </fieldset>
      <Failure text={failure} />
      <Buttons action={keep ? t.keepHidden : t.confirmHide} back={c.back} busy={busy} working={c.working} onBack={onClose} danger />
    </form>
  );
}

/**
 * Publishing a review whose text names a phone number or a plate: the dialog shows what was
 * found and offers to publish it masked (the public reads •••), to keep it hidden with a reason,
 * or to publish it as written.
 */
export function PublishForm({ locale, review, onClose, onDone }: DialogProps) {
  const t = dictionary(locale).consoleReviews;
  const c = dictionary(locale).console;
  const [keeping, setKeeping] = useState(false);
  const { busy, failure, run } = useAction();
  if (keeping) return <HideForm locale={locale} review={review} onClose={onClose} onDone={onDone} keep />;
  const publish = (mask: boolean) =>
    run(async () => {
      const answer = await callApi(consoleReviewsShow, { reviewId: review.reviewId, mask }, { quiet: true });
      notify('success', mask ? t.publishedMasked : t.published);
      onDone(answer);
    });
  return (
    <div className="space-y-4">
      <blockquote className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-slate-800">{review.text}</blockquote>
      <div>
        <p className="font-semibold">{t.publishFound}</p>
        <ul className="mt-1 list-disc space-y-1 ps-6">
          {review.found.map((f, i) => (
            <li key={i}>{fill(t.foundItem[f.kind], { value: f.value })}</li>
          ))}
        </ul>
      </div>
      <p>{t.publishAsk}</p>
      <Failure text={failure} />
      <div className="flex flex-col gap-2 pt-2">
        <button type="button" className="btn-primary" disabled={busy} aria-busy={busy} onClick={() => void publish(true)} data-autofocus="">
          {busy ? c.working : t.publishMasked}
        </button>
        <button type="button" className="btn-secondary text-red-800" disabled={busy} onClick={() => setKeeping(true)}>
          {t.keepHidden}
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => void publish(false)}>
          {t.publishAsWritten}
        </button>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {c.back}
        </button>
      </div>
    </div>
  );
}

/** The shop's one public reply, written or changed. */
export function ReplyForm({ locale, review, onClose, onDone }: DialogProps) {
  const t = dictionary(locale).consoleReviews;
  const c = dictionary(locale).console;
  const [text, setText] = useState(review.reply?.text ?? '');
  const [problem, setProblem] = useState('');
  const { busy, failure, run } = useAction();
  const id = useId();
  const submit = () => {
    if (!text.trim()) return setProblem(t.replyRequired);
    setProblem('');
    return run(async () => {
      const answer = await callApi(consoleReviewsReply, { reviewId: review.reviewId, text: text.trim() }, { quiet: true });
      notify('success', t.replied);
      onDone(answer);
    });
  };
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <blockquote className="rounded-lg bg-slate-50 p-3 text-slate-800">{review.text || fill(t.ratingOf, { count: review.rating })}</blockquote>
      <div>
        <label htmlFor={id} className="mb-1 block font-semibold">
          {t.replyLabel}
        </label>
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
          {t.replyHint}
        </p>
        <textarea
          id={id}
          className="field-input"
          rows={4}
          maxLength={REVIEW_REPLY_MAX}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          data-autofocus=""
        />
        {problem && (
          <p id={`${id}-problem`} className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <Failure text={failure} />
      <Buttons action={t.saveReply} back={c.back} busy={busy} working={c.working} onBack={onClose} />
    </form>
  );
}

import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { reviewAdd, reviewCheck, reviewUpdate } from '../../lib/order-endpoints.ts';
import { REVIEW_TEXT_MAX, reviewLength, type AuthorReview, type ReviewSubject } from '../../lib/reviews.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure, useAction } from './form-parts.tsx';
import { RefundPhotos } from './RefundPhotos.tsx';
import { usePhotoDrafts } from './upload-photos.ts';

const STARS = [1, 2, 3, 4, 5] as const;
/** How long the author pauses typing before the text is checked for a phone number or a plate. */
const CHECK_AFTER_MS = 400;

/**
 * Whether `text` names a phone number or a plate, as the server reads it (the detector and its
 * word lists stay on the server, out of the page's script); asked once the author pauses, the
 * latest answer wins, and a failed check only leaves the warning out (sending checks again).
 */
function useNamesPersonalData(text: string): boolean {
  const [flagged, setFlagged] = useState(false);
  useEffect(() => {
    if (!/\p{Nd}/u.test(text)) {
      setFlagged(false);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      callApi(reviewCheck, { text }, { quiet: true }).then(
        (answer) => live && setFlagged(answer.names !== null),
        () => undefined,
      );
    }, CHECK_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return flagged;
}

/** Stars as a radio group: arrow keys move between them, each named in words. */
function StarPicker({ locale, value, onChange, error }: { locale: Locale; value: number; onChange: (n: number) => void; error: string }) {
  const t = dictionary(locale).reviewForm;
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 font-semibold">{t.stars}</legend>
      <div className="flex gap-1">
        {STARS.map((n) => (
          <label key={n} className="relative cursor-pointer rounded-md has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500">
            <input type="radio" name={name} value={n} className="absolute inset-0 m-0 size-full cursor-pointer opacity-0" checked={value === n} onChange={() => onChange(n)} data-autofocus={n === (value || 1) ? '' : undefined} />
            <span aria-hidden="true" className={`block px-1 text-4xl leading-none ${n <= value ? 'text-amber-500' : 'text-slate-300'}`}>
              ★
            </span>
            <span className="sr-only">{t.starWords[n]}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 min-h-6 text-sm text-slate-700">{value ? t.starWords[value as 1] : ''}</p>
      {error && (
        <p id={`${name}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Write or change one review: stars, words (counted), photos sent one by one through the upload path. */
export default function ReviewForm({ locale, orderNo, subject, onClose, onDone }: { locale: Locale; orderNo: string; subject: ReviewSubject; onClose: () => void; onDone: (review: AuthorReview) => void }) {
  const t = dictionary(locale).reviewForm;
  const before = subject.review;
  const [rating, setRating] = useState(before?.rating ?? 0);
  const [text, setText] = useState(before?.text ?? '');
  const [kept, setKept] = useState(before?.images ?? []);
  const { photos, setPhotos, progress, upload } = usePhotoDrafts(locale);
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const { busy, failure, run } = useAction();
  const textId = useId();

  const length = reviewLength(text);
  const flagged = useNamesPersonalData(text);
  const submit = () => {
    const found = { rating: rating ? undefined : t.ratingRequired, text: length > REVIEW_TEXT_MAX ? fill(t.tooLong, { max: REVIEW_TEXT_MAX }) : undefined };
    setErrors(found);
    if (found.rating || found.text) return;
    return run(async () => {
      const images = [...kept.map((k) => k.key), ...(await upload())];
      const review = before
        ? await callApi(reviewUpdate, { reviewId: before.reviewId, rating, text: text.trim(), images }, { quiet: true })
        : await callApi(
            reviewAdd,
            { orderNo, target: subject.target, ...(subject.productId ? { productId: subject.productId } : {}), rating, text: text.trim(), images },
            { quiet: true },
          );
      notify('success', review.status === 'visible' ? t.sent : t.held, { style: 'notification' });
      onDone(review);
    });
  };

  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <StarPicker locale={locale} value={rating} onChange={setRating} error={errors.rating ?? ''} />
      <div>
        <label htmlFor={textId} className="mb-1 block font-semibold">
          {t.text}
        </label>
        <p id={`${textId}-hint`} className="mb-1 text-sm text-slate-600">
          {t.textHint}
        </p>
        <textarea
          id={textId}
          className="field-input"
          rows={5}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${textId}-hint ${textId}-count${errors.text ? ` ${textId}-error` : ''}`}
        />
        <p id={`${textId}-count`} className={`text-sm tabular-nums ${length > REVIEW_TEXT_MAX ? 'font-semibold text-red-800' : 'text-slate-600'}`} aria-live="polite">
          {fill(t.counter, { count: length, max: REVIEW_TEXT_MAX })}
        </p>
        {flagged && <p className="mt-1 rounded-lg bg-amber-50 p-2 text-sm text-amber-950">{t.heldWarning}</p>}
        {errors.text && (
          <p id={`${textId}-error`} className="field-error" role="alert">
            {errors.text}
          </p>
        )}
      </div>
      {kept.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {kept.map((k, i) => (
            <li key={k.key} className="relative">
              <img src={k.url} alt={fill(t.keptPhoto, { n: i + 1 })} className="size-20 rounded-lg border border-slate-300 object-cover" />
              <button
                type="button"
                className="absolute -right-2 -top-2 flex size-8 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 shadow"
                aria-label={fill(t.removeKept, { n: i + 1 })}
                disabled={busy}
                onClick={() => setKept(kept.filter((x) => x !== k))}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <RefundPhotos locale={locale} photos={photos} onChange={setPhotos} disabled={busy} kept={kept.length} />
      {progress && (
        <p className="text-slate-700" role="status">
          {progress}
        </p>
      )}
      <Failure text={failure} />
      <Buttons action={before ? t.save : t.publish} back={t.back} busy={busy} working={t.working} onBack={onClose} />
    </form>
  );
}

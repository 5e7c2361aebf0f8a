import { lazy, Suspense, useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import { dictionary, fill, labelled } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { reviewMine } from '../../lib/order-endpoints.ts';
import { reviewSubjects, type AuthorReview, type ReviewSubject } from '../../lib/reviews.ts';
import { Modal } from '../ui/Modal.tsx';
import { Section } from './DetailSections.tsx';
import type { OrderDetailDto } from './format.ts';

// Loaded when the customer opens it: the order page stays within its JavaScript budget.
const ReviewForm = lazy(() => import('./ReviewForm.tsx'));

const tone = { visible: 'bg-green-100 text-green-900', pending: 'bg-amber-100 text-amber-950', hidden: 'bg-slate-200 text-slate-800' } as const;

/** A completed order's invitation to rate each product and, for an installation, the workshop; with the reviews written and where they stand. */
export function ReviewsSection({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const t = dictionary(locale).reviewForm;
  const [mine, setMine] = useState<AuthorReview[] | null>(null);
  const [failed, setFailed] = useState('');
  const [open, setOpen] = useState<ReviewSubject | null>(null);
  const completed = order.status === 'COMPLETED';

  useEffect(() => {
    if (!completed) return;
    let live = true;
    callApi(reviewMine, { orderNo: order.orderNo }, { quiet: true }).then(
      (list) => live && setMine(list),
      (err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [completed, order.orderNo]);

  // Coming from My Orders' "Rate your order": the section is there once the reviews are read.
  useEffect(() => {
    if (mine && location.hash === '#reviews') document.getElementById('reviews')?.scrollIntoView();
  }, [mine]);

  if (!completed) return null;
  const subjects = mine ? reviewSubjects(order, mine) : [];
  // Every subject rated and no review changeable any more: nothing left to invite.
  const closed = subjects.length > 0 && subjects.every((s) => s.review && !s.review.editable);
  return (
    <div id="reviews">
      <Section title={closed ? t.closedTitle : t.title} id="reviews-heading">
        {!closed && <p className="text-slate-700">{t.intro}</p>}
        {failed && (
          <p className="rounded-lg bg-red-50 p-3 text-red-900" role="alert">
            {failed}
          </p>
        )}
        {!mine && !failed && <p role="status">{t.loading}</p>}
        <ul className="divide-y divide-slate-100">
          {subjects.map((s) => (
            <li key={s.key} className="space-y-2 py-3">
              <Subject locale={locale} subject={s} onOpen={() => setOpen(s)} />
            </li>
          ))}
        </ul>
      </Section>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open ? fill(open.review ? t.editTitle : t.rateTitle, { name: open.name }) : ''} closeLabel={t.close}>
        {open && (
          <Suspense fallback={<p role="status">{t.loading}</p>}>
            <ReviewForm
              locale={locale}
              orderNo={order.orderNo}
              subject={open}
              onClose={() => setOpen(null)}
              onDone={(review) => {
                setOpen(null);
                setMine((list) => [...(list ?? []).filter((r) => r.reviewId !== review.reviewId), review]);
              }}
            />
          </Suspense>
        )}
      </Modal>
    </div>
  );
}

function Subject({ locale, subject, onOpen }: { locale: Locale; subject: ReviewSubject; onOpen: () => void }) {
  const t = dictionary(locale).reviewForm;
  const r = subject.review;
  const label = labelled(locale, subject.target === 'workshop' ? t.workshop : t.product, subject.name);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-semibold">{label}</p>
        {(!r || r.editable) && (
          <button type="button" className={r ? 'btn-secondary' : 'btn-primary'} onClick={onOpen} aria-label={`${r ? t.edit : t.rate}: ${label}`}>
            {r ? t.edit : t.rate}
          </button>
        )}
      </div>
      {r && (
        <div className="space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base text-amber-600" aria-hidden="true">
              {'★'.repeat(r.rating)}
              <span className="text-slate-300">{'★'.repeat(5 - r.rating)}</span>
            </span>
            <span className="sr-only">{fill(t.yourRating, { count: r.rating })}</span>
            <span className={`rounded-full px-2 py-0.5 font-semibold ${tone[r.status]}`}>{t.status[r.status]}</span>
          </p>
          {r.statusNote && <p className="rounded-lg bg-amber-50 p-2 text-amber-950">{r.statusNote}</p>}
          {r.text && <p className="whitespace-pre-line text-slate-800">{r.text}</p>}
          {r.reply && (
            <p className="rounded-lg bg-slate-50 p-2">
              <span className="font-semibold">{labelled(locale, t.reply)}</span>
              {r.reply.text}
            </p>
          )}
          {r.editable && <p className="text-slate-600">{fill(t.editableUntil, { date: dateWords(klDate(new Date(r.editableUntil)), locale) })}</p>}
        </div>
      )}
    </>
  );
}

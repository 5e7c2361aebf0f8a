import { useId } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleReviewsPage } from '../../../contract/console-reviews.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import { dictionary, fill } from '../../i18n/index.ts';

export type ConsoleReviewDto = ResponseOf<typeof consoleReviewsPage>['list'][number];
export type ReviewAction = 'hide' | 'show' | 'reply';

const tone = { visible: 'bg-green-100 text-green-900', pending: 'bg-amber-100 text-amber-950', hidden: 'bg-slate-200 text-slate-800' } as const;

/** One review as staff read it: what it rates, by whom, where it stands and why, the reply, and what this member may do. */
export function ReviewCard({ locale, review: r, busy, onAction }: { locale: Locale; review: ConsoleReviewDto; busy: boolean; onAction: (action: ReviewAction) => void }) {
  const t = dictionary(locale).consoleReviews;
  const headingId = useId();
  const subject = r.target === 'workshop' ? fill(t.workshopTarget, { name: r.store?.name ?? '' }) : fill(t.productTarget, { name: r.product?.name ?? '' });
  return (
    <article aria-labelledby={headingId} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="font-bold">
          {subject}
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${tone[r.status]}`}>{t.status[r.status]}</span>
      </div>
      <p>
        <span className="text-amber-600" aria-hidden="true">
          {'★'.repeat(r.rating)}
          <span className="text-slate-300">{'★'.repeat(5 - r.rating)}</span>
        </span>
        <span className="sr-only">{fill(t.ratingOf, { count: r.rating })}</span>
      </p>
      <p className="text-sm text-slate-600">{fill(t.byLine, { author: r.authorName, car: r.carModel, date: momentWords(r.createdAt, locale), orderNo: r.orderNo })}</p>
      {r.text && <p className="whitespace-pre-line">{r.text}</p>}
      {r.status === 'visible' && r.publicText !== null && <p className="whitespace-pre-line rounded-lg bg-slate-50 p-2 text-sm">{fill(t.publicReads, { text: r.publicText })}</p>}
      {r.images.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {r.images.map((img, i) => (
            <li key={img.key}>
              <a href={img.url} target="_blank" rel="noopener">
                <img src={img.url} alt={fill(t.photo, { n: i + 1 })} loading="lazy" className="size-20 rounded-lg border border-slate-300 object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.status === 'pending' && r.heldFor && <p className="rounded-lg bg-amber-50 p-2 text-sm font-semibold text-amber-950">{t.heldFor[r.heldFor]}</p>}
      {r.status === 'hidden' && r.hiddenReason && <p className="rounded-lg bg-slate-100 p-2 text-sm font-semibold">{fill(t.hiddenFor, { reason: t.reasons[r.hiddenReason] })}</p>}
      {r.reply && (
        <div className="rounded-lg bg-slate-50 p-2 text-sm">
          <p className="font-semibold">{t.replyShown}</p>
          <p className="whitespace-pre-line">{r.reply.text}</p>
        </div>
      )}
      {(r.actions.show || r.actions.hide || r.actions.reply) && (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-2" role="group" aria-label={subject}>
          {r.actions.show && (
            <button type="button" className="btn-primary" disabled={busy} onClick={() => onAction('show')}>
              {t.publish}
            </button>
          )}
          {r.actions.reply && (
            <button type="button" className="btn-secondary" onClick={() => onAction('reply')}>
              {r.reply ? t.editReply : t.reply}
            </button>
          )}
          {r.actions.hide && (
            <button type="button" className="btn-secondary text-red-800" onClick={() => onAction('hide')}>
              {t.hide}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

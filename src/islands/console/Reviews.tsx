import { useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { reviewStatuses, type ReviewStatus } from '../../../contract/rules/review-rules.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleReviewsPage, consoleReviewsShow } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Modal } from '../ui/Modal.tsx';
import ConsoleShell, { type StaffMember } from './ConsoleShell.tsx';
import { errorText, LoadFailed, Loading, StatusFilter, useFilteredPages, useStores } from './parts.tsx';
import { ReviewCard, type ConsoleReviewDto, type ReviewAction } from './ReviewCard.tsx';
import { HideForm, PublishForm, ReplyForm } from './ReviewDialogs.tsx';

const PAGE_SIZE = 20;

function WorkshopFilter({ locale, value, onChange }: { locale: Locale; value: string; onChange: (id: string) => void }) {
  const t = dictionary(locale).consoleReviews;
  const { stores } = useStores();
  return (
    <label className="flex flex-col gap-1 font-semibold">
      {t.workshop}
      <select className="field-input min-h-11 font-normal" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t.allWorkshops}</option>
        {(stores ?? []).map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function ReviewDesk({ locale, member }: { locale: Locale; member: StaffMember }) {
  const t = dictionary(locale).consoleReviews;
  const c = dictionary(locale).console;
  const [open, setOpen] = useState<{ action: 'hide' | 'reply' | 'publish'; review: ConsoleReviewDto } | null>(null);
  const [showing, setShowing] = useState('');
  const { status, storeId, list, total, failed, filterStatus, filterStore, more, reload, replace: replaced } = useFilteredPages<ReviewStatus, ConsoleReviewDto>(
    (filter, pageNum) => callApi(consoleReviewsPage, { ...filter, pageNum, pageSize: PAGE_SIZE }, { quiet: true }),
    (a, b) => a.reviewId === b.reviewId,
  );

  const act = (review: ConsoleReviewDto, action: ReviewAction) => {
    if (action !== 'show') return setOpen({ action, review });
    // A phone number or a plate in the text: published only after the admin has seen them and chosen how.
    if (review.found.length > 0) return setOpen({ action: 'publish', review });
    setShowing(review.reviewId);
    callApi(consoleReviewsShow, { reviewId: review.reviewId }, { quiet: true })
      .then((answer) => {
        replaced(answer);
        notify('success', t.published);
      })
      .catch((err: unknown) => notify('error', errorText(err)))
      .finally(() => setShowing(''));
  };

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t.intro}</p>
      <div className="flex flex-wrap gap-4">
        <StatusFilter label={t.show} all={t.all} statuses={reviewStatuses} names={t.status} value={status} onChange={filterStatus} />
        {member.role === 'admin' && (
          <WorkshopFilter
            locale={locale}
            value={storeId}
            onChange={filterStore}
          />
        )}
      </div>
      {failed ? (
        <LoadFailed locale={locale} text={failed} onRetry={reload} />
      ) : !list ? (
        <Loading locale={locale} />
      ) : list.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4">{t.none}</p>
      ) : (
        <ul className="space-y-3">
          {list.map((r) => (
            <li key={r.reviewId}>
              <ReviewCard locale={locale} review={r} busy={showing === r.reviewId} onAction={(a) => act(r, a)} />
            </li>
          ))}
        </ul>
      )}
      {list && list.length < total && (
        <button type="button" className="btn-secondary" onClick={more}>
          {t.more}
        </button>
      )}
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open?.action === 'hide' ? t.hideTitle : open?.action === 'publish' ? t.publishTitle : t.replyTitle} closeLabel={c.close}>
        {open?.action === 'hide' && <HideForm locale={locale} review={open.review} onClose={() => setOpen(null)} onDone={(r) => (setOpen(null), replaced(r))} />}
        {open?.action === 'publish' && <PublishForm locale={locale} review={open.review} onClose={() => setOpen(null)} onDone={(r) => (setOpen(null), replaced(r))} />}
        {open?.action === 'reply' && <ReplyForm locale={locale} review={open.review} onClose={() => setOpen(null)} onDone={(r) => (setOpen(null), replaced(r))} />}
      </Modal>
    </div>
  );
}

/** /console/reviews: buyers' reviews to look at, publish or hide (admins), and answer in public (admins and the reviewed workshop). */
export default function Reviews({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="reviews">{(member) => <ReviewDesk locale={locale} member={member} />}</ConsoleShell>;
}

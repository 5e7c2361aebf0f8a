import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { reviewStatuses, type ReviewStatus } from '../../../contract/rules/review-rules.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleReviewsPage, consoleReviewsShow } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Modal } from '../ui/Modal.tsx';
import ConsoleShell, { type StaffMember } from './ConsoleShell.tsx';
import { errorText, LoadFailed, Loading, useStores } from './parts.tsx';
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
  const [status, setStatus] = useState<ReviewStatus | ''>('');
  const [storeId, setStoreId] = useState('');
  const [pages, setPages] = useState(1);
  const [list, setList] = useState<ConsoleReviewDto[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  const [open, setOpen] = useState<{ action: 'hide' | 'reply' | 'publish'; review: ConsoleReviewDto } | null>(null);
  const [showing, setShowing] = useState('');

  useEffect(() => {
    let live = true;
    setFailed('');
    const filter = { ...(status ? { status } : {}), ...(storeId ? { storeId } : {}) };
    // Every page asked again: a review moved by a filter or an action is never shown twice.
    Promise.all(Array.from({ length: pages }, (_, i) => callApi(consoleReviewsPage, { ...filter, pageNum: i + 1, pageSize: PAGE_SIZE }, { quiet: true }))).then(
      (answers) => {
        if (!live) return;
        setList(answers.flatMap((a) => a.list));
        setTotal(answers[0]?.total ?? 0);
      },
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [status, storeId, pages, reloads]);

  const replaced = (review: ConsoleReviewDto) => setList((l) => (l ?? []).map((r) => (r.reviewId === review.reviewId ? review : r)));
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
        <label className="flex flex-col gap-1 font-semibold">
          {t.show}
          <select
            className="field-input min-h-11 font-normal"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ReviewStatus | '');
              setPages(1);
            }}
          >
            <option value="">{t.all}</option>
            {reviewStatuses.map((s) => (
              <option key={s} value={s}>
                {t.status[s]}
              </option>
            ))}
          </select>
        </label>
        {member.role === 'admin' && (
          <WorkshopFilter
            locale={locale}
            value={storeId}
            onChange={(id) => {
              setStoreId(id);
              setPages(1);
            }}
          />
        )}
      </div>
      {failed ? (
        <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />
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
        <button type="button" className="btn-secondary" onClick={() => setPages((n) => n + 1)}>
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

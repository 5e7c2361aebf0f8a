import { useEffect, useState, type ReactNode } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleRefundsAttention } from '../../../contract/console-refunds.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleRefundsAttention as attentionEndpoint } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { Modal } from '../ui/Modal.tsx';
import { FailedRefundForm, type FailedRefund, type Resolution } from './FailedRefundForm.tsx';
import { errorText, LoadFailed, Loading } from './parts.tsx';

type Lists = ResponseOf<typeof consoleRefundsAttention>;
type Texts = ReturnType<typeof dictionary>['console'];

/** How long money has waited, in the largest unit that reads naturally. */
function waitedText(t: Texts, minutes: number) {
  if (minutes < 120) return fill(t.minutes, { n: minutes });
  if (minutes < 48 * 60) return fill(t.hours, { n: Math.floor(minutes / 60) });
  return fill(t.days, { n: Math.floor(minutes / (24 * 60)) });
}

function Group({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-bold">
        {title}
      </h3>
      <ul className="space-y-2">{children}</ul>
    </section>
  );
}

const itemClass = 'rounded-xl border border-slate-200 bg-white p-3';

/**
 * Above the review queue: refunds the provider could not pay (each with Try again and Paid
 * outside the provider), money an order cannot use not yet back, and late refunds.
 */
export function Attention({ locale, reloads, onChanged }: { locale: Locale; reloads: number; onChanged: () => void }) {
  const t = dictionary(locale).console;
  const [lists, setLists] = useState<Lists | null>(null);
  const [failed, setFailed] = useState('');
  const [again, setAgain] = useState(0);
  const [open, setOpen] = useState<{ refund: FailedRefund; resolution: Resolution } | null>(null);

  useEffect(() => {
    let live = true;
    setFailed('');
    callApi(attentionEndpoint, {}, { quiet: true }).then(
      (l) => live && setLists(l),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [reloads, again]);

  const money = (sen: number) => formatRM(sen, locale);
  const body = () => {
    if (failed) return <LoadFailed locale={locale} text={failed} onRetry={() => setAgain((n) => n + 1)} />;
    if (!lists) return <Loading locale={locale} />;
    if (lists.failed.length + lists.surplus.length + lists.late.length + lists.notices.length === 0) return <p className="text-slate-700">{t.attentionNone}</p>;
    return (
      <div className="space-y-4">
        <p className="text-slate-700">{t.attentionIntro}</p>
        {lists.failed.length > 0 && (
          <Group title={t.failedRefunds} id="attention-failed">
            {lists.failed.map((f) => (
              <li key={f.refundNo} className={`${itemClass} space-y-2`} aria-label={f.refundNo}>
                <p className="font-semibold">{fill(t.failedItem, { refundNo: f.refundNo, amount: money(f.amountSen), date: momentWords(f.failedAt, locale) })}</p>
                {f.lastError && <p className="text-sm text-slate-600">{fill(t.providerSaid, { error: f.lastError })}</p>}
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn-primary" onClick={() => setOpen({ refund: f, resolution: 'retry' })}>
                    {t.tryAgain}
                  </button>
                  <button type="button" className="btn-secondary" onClick={() => setOpen({ refund: f, resolution: 'manual' })}>
                    {t.paidOutside}
                  </button>
                </div>
              </li>
            ))}
          </Group>
        )}
        {lists.surplus.length > 0 && (
          <Group title={t.surplusWaiting} id="attention-surplus">
            {lists.surplus.map((s) => (
              <li key={s.paymentId} className={itemClass}>
                <p className="font-semibold">
                  {fill(t.surplusItem, { orderNo: s.orderNo, amount: money(s.amountSen), waited: waitedText(t, s.waitedMinutes) })}
                  {s.sending && <span className="font-normal text-slate-600"> · {t.surplusSending}</span>}
                </p>
                {s.lastError && <p className="text-sm text-slate-600">{fill(t.providerSaid, { error: s.lastError })}</p>}
              </li>
            ))}
          </Group>
        )}
        {lists.late.length > 0 && (
          <Group title={t.lateRefunds} id="attention-late">
            {lists.late.map((l) => (
              <li key={l.refundNo} className={itemClass}>
                <p className="font-semibold">{fill(t.lateItem, { refundNo: l.refundNo, amount: money(l.amountSen), date: momentWords(l.deadline, locale) })}</p>
              </li>
            ))}
          </Group>
        )}
        {lists.notices.length > 0 && (
          <Group title={t.unsentNotices} id="attention-notices">
            {lists.notices.map((n, i) => (
              <li key={i} className={itemClass}>
                <p className="font-semibold">{fill(t.unsentItem, { orderNo: n.orderNo, phone: formatPhone(n.phone), date: momentWords(n.at, locale) })}</p>
                {n.lastError && <p className="text-sm text-slate-600">{fill(t.providerSaid, { error: n.lastError })}</p>}
              </li>
            ))}
          </Group>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby="attention-heading" className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="attention-heading" className="text-xl font-bold">
        {t.attention}
      </h2>
      {body()}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? fill(open.resolution === 'retry' ? t.retryTitle : t.outsideTitle, { refundNo: open.refund.refundNo }) : ''}
        closeLabel={t.close}
        role="alertdialog"
      >
        {open && (
          <FailedRefundForm
            key={`${open.refund.refundNo}-${open.resolution}`}
            locale={locale}
            refund={open.refund}
            resolution={open.resolution}
            onClose={() => setOpen(null)}
            onDone={() => {
              setOpen(null);
              onChanged();
            }}
          />
        )}
      </Modal>
    </section>
  );
}

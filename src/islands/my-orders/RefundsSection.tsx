import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';
import { refundSteps } from '../../lib/order-view.ts';
import { PhotoList, Rows, Section } from './DetailSections.tsx';
import { dateWords } from '../../../contract/rules/dates.ts';
import { type OrderDetailDto } from './format.ts';
import { StepList } from './Steps.tsx';

type Refund = OrderDetailDto['refunds'][number];

/** Each refund request with its own steps, times and notes; one waiting for review says by when. */
export function RefundsSection({ locale, refunds }: { locale: Locale; refunds: Refund[] }) {
  const t = dictionary(locale).orderDetail;
  if (!refunds.length) return null;
  return (
    <Section title={t.refunds} id="refunds-heading">
      {refunds.map((r, i) => (
        <article key={r.refundNo} aria-labelledby={`refund-${r.refundNo}`} className={`space-y-3 ${i ? 'border-t border-slate-200 pt-3' : ''}`}>
          <h3 id={`refund-${r.refundNo}`} className="font-bold">
            {fill(t.refundNo, { refundNo: r.refundNo })} · {dictionary(locale).myOrders.refundStatus[r.status]}
          </h3>
          {r.status === 'PENDING_REVIEW' && (
            <p className="rounded-lg bg-amber-50 p-3 text-amber-950">{fill(t.reviewBy, { date: dateWords(r.reviewBy, locale) })}</p>
          )}
          <StepList
            locale={locale}
            label={t.stepsLabel}
            notYet={t.notYet}
            steps={refundSteps(r.status, r.history).map((step) => ({ key: step.status, title: t.steps[step.status], state: step.state, at: step.at, note: step.note }))}
          />
          <Rows
            none={t.none}
            rows={[
              [t.amount, formatRM(r.amountSen, locale)],
              ...(r.requestedSen !== r.amountSen ? ([[t.requested, formatRM(r.requestedSen, locale)]] as [string, string][]) : []),
              [t.reason, r.reason],
              [t.refundContact, r.contact],
            ]}
          />
          {r.images.length > 0 && (
            <div>
              <p className="mb-1 text-slate-600">{t.photos}</p>
              <PhotoList photos={r.images} alt={(n) => fill(t.photoOf, { n, refundNo: r.refundNo })} />
            </div>
          )}
        </article>
      ))}
    </Section>
  );
}

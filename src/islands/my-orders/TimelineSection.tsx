import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';
import { noticeChannelLine, orderTimeline } from '../../lib/order-view.ts';
import { Section } from './DetailSections.tsx';
import { momentWords } from '../../../contract/rules/dates.ts';
import { type OrderDetailDto } from './format.ts';

/** Every state change and every message sent about the order (SMS or WhatsApp, and how far it got), with its Kuala Lumpur time. */
export function TimelineSection({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const d = dictionary(locale);
  const t = d.orderDetail;
  return (
    <Section title={t.timeline} id="timeline-heading">
      <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
        {orderTimeline(order.history, order.notices).map((e, i) => (
          <li key={i} className="relative">
            <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 size-3 rounded-full bg-brand-600" />
            <time dateTime={e.at} className="block text-sm text-slate-600">
              {momentWords(e.at, locale)}
            </time>
            {e.kind === 'state' ? (
              <>
                <span className="block font-semibold">{e.stage ? d.myOrders.stage[e.stage] : d.myOrders.status[e.status]}</span>
                <span className="block text-sm text-slate-700">
                  {t.by[e.by]}
                  {e.note ? ` · ${e.note}` : ''}
                </span>
              </>
            ) : (
              <>
                {/* "SMS to …", "WhatsApp to … could not be sent" */}
                <span className="block font-semibold">{fill(t[`${e.channel}${e.state === 'failed' ? 'Failed' : ''}` as const], { phone: formatPhone(e.phone) })}</span>
                <span className="block text-sm font-semibold text-slate-600">{noticeChannelLine(e, t)}</span>
                <span className="block text-sm text-slate-700">{e.text}</span>
                {e.status && <span className="block text-sm text-amber-900">{e.status}</span>}
              </>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** The attempts to pay, and what was paid and refunded. */
export function PaymentsSection({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const d = dictionary(locale);
  const t = d.orderDetail;
  return (
    <Section title={t.payments} id="payments-heading">
      {order.payments.length === 0 ? (
        <p className="text-slate-700">{t.noPayments}</p>
      ) : (
        <ul className="space-y-2">
          {order.payments.map((p, i) => (
            <li key={i} className="flex justify-between gap-4 border-b border-slate-100 pb-2 last:border-0">
              <span className="min-w-0">
                <span className="block font-semibold">{d.payment[p.method]}</span>
                <span className="block text-sm text-slate-600">{momentWords(p.paidAt ?? p.createdAt, locale)}</span>
                {p.refundDue && <span className="block text-sm text-amber-900">{order.money.toReturnSen === 0 ? t.refundDueBack : t.refundDue}</span>}
              </span>
              <span className="shrink-0 text-right">
                <span className="block tabular-nums">{formatRM(p.amountSen, locale)}</span>
                <span className="block text-sm text-slate-700">{t.paymentState[p.state]}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="space-y-1 border-t border-slate-200 pt-2">
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{t.paid}</dt>
          <dd className="tabular-nums">{formatRM(order.money.paidSen, locale)}</dd>
        </div>
        {order.money.returnedSen > 0 && (
          <div className="flex justify-between gap-4 font-semibold">
            <dt>{t.refunded}</dt>
            <dd className="tabular-nums">{formatRM(order.money.returnedSen, locale)}</dd>
          </div>
        )}
        {order.money.toReturnSen > 0 && (
          <div className="flex justify-between gap-4">
            <dt>{t.toReturn}</dt>
            <dd className="tabular-nums">{formatRM(order.money.toReturnSen, locale)}</dd>
          </div>
        )}
      </dl>
    </Section>
  );
}

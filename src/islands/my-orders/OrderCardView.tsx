import { useId } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href, labelled, plural } from '../../i18n/index.ts';
import { hasInvoice, invoiceHref } from '../../lib/invoice-link.ts';
import { formatRM } from '../../lib/money.ts';
import { targetOf, type Done } from './action-types.ts';
import { dateWords, momentWords } from '../../../contract/rules/dates.ts';
import { standing, type OrderCardDto } from './format.ts';
import { OrderActions } from './OrderActions.tsx';

const tone: Record<string, string> = {
  PENDING_PAYMENT: 'bg-amber-100 text-amber-950',
  UPCOMING: 'bg-brand-100 text-brand-900',
  IN_PROGRESS: 'bg-brand-100 text-brand-900',
  COMPLETED: 'bg-green-100 text-green-900',
  CANCELLED: 'bg-slate-200 text-slate-800',
  REFUNDED: 'bg-slate-200 text-slate-800',
};

/** One order in the list: what, for which car, how and where, the total, where it stands, and what can be done now. */
export function OrderCardView({ locale, card, onDone }: { locale: Locale; card: OrderCardDto; onDone: Done }) {
  const d = dictionary(locale);
  const t = d.myOrders;
  const headingId = useId();
  const where = standing(card);
  const detailHref = href(locale, `myorder-status/detail?orderNo=${encodeURIComponent(card.orderNo)}`);
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-bold">
            <a href={detailHref} className="hover:underline">
              {fill(t.orderNo, { orderNo: card.orderNo })}
            </a>
          </h2>
          <p className="text-sm text-slate-600">{fill(t.placed, { date: momentWords(card.createdAt, locale) })}</p>
        </div>
        <p className={`rounded-full px-3 py-1 text-sm font-semibold ${tone[card.status] ?? ''}`}>{card.appointmentPassed ? t.passed : where.kind === 'stage' ? t.stage[where.key] : t.status[where.key]}</p>
      </div>
      <div className="flex gap-3">
        <img src={card.firstLine.image} alt="" width="64" height="64" loading="lazy" decoding="async" className="size-16 shrink-0 rounded-lg bg-slate-50 object-contain" />
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">
            {card.firstLine.name} × {card.firstLine.quantity}
          </p>
          {card.moreLines > 0 && <p className="text-sm text-slate-700">{plural(locale, t.moreItems, card.moreLines)}</p>}
          <p className="text-sm text-slate-700">{card.car.plate ? fill(t.carPlate, { car: card.car.name, plate: card.car.plate }) : card.car.name}</p>
        </div>
      </div>
      <div className="space-y-1 text-sm">
        {card.method === 'install' && card.store && <p>{fill(t.installAt, { store: card.store.name })}</p>}
        {card.method === 'install' && card.appointment && <p className="font-semibold">{fill(t.when, { date: dateWords(card.appointment.date, locale), time: card.appointment.time })}</p>}
        {card.appointmentPassed && <p className="rounded-lg bg-amber-50 p-2 text-amber-950">{t.passedNote}</p>}
        {card.method === 'pickup' && card.store && <p>{fill(t.pickupAt, { store: card.store.name })}</p>}
        {card.pickupCode && <p className="font-semibold">{fill(t.pickupCode, { code: card.pickupCode })}</p>}
        {card.method === 'mail' && <p>{t.byPost}</p>}
        {card.expressCompany && card.expressNo && <p>{fill(t.parcel, { company: card.expressCompany, no: card.expressNo })}</p>}
        {card.refund && (
          <p className="font-semibold text-slate-800">
            {t.refundStatus[card.refund.status]} · {formatRM(card.refund.amountSen, locale)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <p className="text-lg font-extrabold tabular-nums">{fill(t.total, { total: formatRM(card.totalSen, locale) })}</p>
        <div className="flex flex-wrap gap-2">
          {hasInvoice(card.status) && (
            <a href={invoiceHref(locale, card.orderNo)} className="btn-secondary" aria-label={labelled(locale, d.invoice.link, fill(t.orderNo, { orderNo: card.orderNo }))}>
              {d.invoice.link}
            </a>
          )}
          <a href={detailHref} className="btn-secondary" aria-label={labelled(locale, t.details, fill(t.orderNo, { orderNo: card.orderNo }))}>
            {t.details}
          </a>
        </div>
      </div>
      {card.reviewOpen && (
        <a href={`${detailHref}#reviews`} className="btn-secondary" aria-label={labelled(locale, d.reviewForm.invite, fill(t.orderNo, { orderNo: card.orderNo }))}>
          <span aria-hidden="true" className="text-amber-500">
            ★
          </span>{' '}
          {d.reviewForm.invite}
        </a>
      )}
      <OrderActions locale={locale} target={targetOf(card)} onDone={onDone} />
    </article>
  );
}

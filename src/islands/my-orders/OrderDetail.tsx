import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderFind } from '../../lib/order-endpoints.ts';
import { hasInvoice, invoiceHref } from '../../lib/invoice-link.ts';
import { formatRM } from '../../lib/money.ts';
import LoginGate from '../login/LoginGate.tsx';
import { targetOf, type ActionResult } from './action-types.ts';
import { CarAndContact, Delivery, Rows, Section, Visit, Workshop } from './DetailSections.tsx';
import { dateWords, momentWords } from '../../../contract/rules/dates.ts';
import { standing, type OrderDetailDto } from './format.ts';
import { OrderActions } from './OrderActions.tsx';
import { PriceSection } from './PriceSection.tsx';
import { RefundsSection } from './RefundsSection.tsx';
import { ReviewsSection } from './ReviewsSection.tsx';
import { PaymentsSection, TimelineSection } from './TimelineSection.tsx';

// Loaded only for a completed installation, the one order that has a warranty.
import WarrantySection from './WarrantySection.tsx';

/** /myorder-status/detail?orderNo=…: one order of the logged-in customer, all of it. */
export default function OrderDetail({ locale }: { locale: Locale }) {
  return (
    <LoginGate locale={locale}>
      <OrderPage locale={locale} />
    </LoginGate>
  );
}

function OrderPage({ locale }: { locale: Locale }) {
  const d = dictionary(locale);
  const t = d.orderDetail;
  const [orderNo] = useState(() => new URLSearchParams(location.search).get('orderNo')?.trim() ?? '');
  const [order, setOrder] = useState<OrderDetailDto | null>(null);
  const [failed, setFailed] = useState('');
  // A new answer after an action: the buttons start again from the server's word.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!orderNo) return;
    let live = true;
    callApi(orderFind, { orderNo }, { quiet: true }).then(
      (o) => live && setOrder(o),
      (err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [orderNo]);

  const done = (result: ActionResult) => {
    if (result.kind === 'deleted') {
      location.assign(href(locale, 'myorder-status'));
      return;
    }
    setOrder(result.order);
    setVersion((v) => v + 1);
  };

  if (!orderNo) return <p className="rounded-lg bg-amber-50 p-4 text-amber-900">{t.noOrder}</p>;
  if (failed) return <p className="rounded-lg bg-red-50 p-4 text-red-900" role="alert">{failed}</p>;
  if (!order) return <p className="text-slate-600" role="status">{t.loading}</p>;

  const where = standing(order);
  // Lines name their category by className ("Wiper Blade"), as the dictionary does.
  const types = [...new Set(order.lines.map((l) => d.categories[l.category as keyof typeof d.categories] ?? l.category))].join(', ');
  const method = d.checkout[order.method];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <div className="min-w-0 space-y-4">
        <ClosedDayBanner locale={locale} order={order} />
        <Section title={t.summary} id="summary-heading">
          <Rows
            none={t.none}
            rows={[
              [t.orderNo, <span className="font-mono">{order.orderNo}</span>],
              [t.placed, momentWords(order.createdAt, locale)],
              [t.status, where.kind === 'stage' ? `${d.myOrders.status[order.status]} · ${order.appointmentPassed ? d.myOrders.passed : d.myOrders.stage[where.key]}` : d.myOrders.status[where.key]],
              [t.orderType, types],
              [t.method, method],
              [d.checkout.total, formatRM(order.totals.totalSen, locale)],
            ]}
          />
          {hasInvoice(order.status) && (
            <a href={invoiceHref(locale, order.orderNo)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
              {d.invoice.link}
            </a>
          )}
          <OrderActions key={version} locale={locale} target={targetOf(order)} onDone={done} />
        </Section>
        <ReviewsSection locale={locale} order={order} />
        {order.status === 'COMPLETED' && order.method === 'install' && (
          <Section title={d.warranty.title} id="warranty-heading">
            <WarrantySection locale={locale} order={order} />
          </Section>
        )}
        <Workshop locale={locale} order={order} />
        <Visit locale={locale} order={order} />
        <Delivery locale={locale} order={order} />
        <RefundsSection locale={locale} refunds={order.refunds} />
        <CarAndContact locale={locale} order={order} />
        <TimelineSection locale={locale} order={order} />
      </div>
      <aside className="min-w-0 space-y-4">
        <PriceSection locale={locale} order={order} />
        <PaymentsSection locale={locale} order={order} />
      </aside>
    </div>
  );
}

/** A booking whose workshop has closed on its day since: said first, with what to do. */
function ClosedDayBanner({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const t = dictionary(locale).orderDetail;
  if (!order.closure) return null;
  return (
    <section aria-labelledby="closed-day-heading" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="closed-day-heading" className="text-lg font-bold">
        {t.closedTitle}
      </h2>
      <p className="mt-1">{fill(t.closedBody, { workshop: order.store?.name ?? '', date: dateWords(order.closure.date, locale), reason: order.closure.reason })}</p>
    </section>
  );
}

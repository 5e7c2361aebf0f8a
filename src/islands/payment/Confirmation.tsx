import type { Locale } from '../../../contract/rules/language.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { pickupReadyBy } from '../../../contract/rules/pickup.ts';
import { malaysianStates } from '../../../contract/rules/postcode.ts';
import { dictionary, fill, href, labelled } from '../../i18n/index.ts';
import { icsEvent } from '../../lib/ics.ts';
import { invoiceHref } from '../../lib/invoice-link.ts';
import { whatsappLink } from '../../lib/pay-time.ts';
import { vanWindowEnd } from '../../lib/van-window.ts';
import { Receipt } from './Receipt.tsx';
import type { OrderDetailDto } from './types.ts';

/** After payment: the booking, how to get there, the calendar file, WhatsApp, and the printable receipt. */
export function Confirmation({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const t = dictionary(locale).payment;
  const store = order.store;
  const when = order.appointment;
  // One way of writing a date for people, as My Orders and the SMS write it.
  const dateText = (iso: string) => dateWords(iso, locale);

  const addToCalendar = () => {
    if (!store || !when) return;
    const ics = icsEvent({
      uid: `${order.orderNo}@servauto.my`,
      date: when.date,
      time: when.time,
      endTime: when.endTime,
      title: `Servauto: ${store.name}`,
      description: `${fill(t.orderNo, { orderNo: order.orderNo })}\n${order.lines.map((l) => `${l.name} × ${l.quantity}`).join('\n')}`,
      location: `${store.name}, ${store.address}`,
      now: new Date(),
    });
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `servauto-${order.orderNo}.ics`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="space-y-6">
      <section className="space-y-2 rounded-xl bg-green-50 p-5 text-green-950 print:hidden" aria-labelledby="paid-heading">
        <h2 id="paid-heading" className="text-2xl font-extrabold">
          ✓ {t.paid}
        </h2>
        <p className="text-lg">{fill(t.thanks, { orderNo: order.orderNo })}</p>
        {order.pickupCode && <p className="text-lg font-bold">{fill(t.pickupCode, { code: order.pickupCode })}</p>}
        <a className="inline-block font-semibold underline" href={href(locale, `myorder-status/detail?orderNo=${encodeURIComponent(order.orderNo)}`)}>
          {t.seeOrder}
        </a>
      </section>
      <NextSteps locale={locale} order={order} dateText={dateText} />
      {/* At the customer's place the workshop is only the van's base: the next steps name the address and window. */}
      {store && order.method !== 'mobile' && (
        <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="workshop-heading">
          <h2 id="workshop-heading" className="text-lg font-bold">
            {t.workshop}
          </h2>
          <p className="font-semibold">{store.name}</p>
          <p className="text-slate-700">{store.address}</p>
          {when && (
            <p>
              <span className="font-semibold">{labelled(locale, t.when)}</span>
              {fill(t.at, { date: dateText(when.date), time: when.time, end: when.endTime })}
            </p>
          )}
          <div className="flex flex-wrap gap-2 pt-2 print:hidden">
            <a className="btn-secondary" href={store.wazeUrl} target="_blank" rel="noopener noreferrer">
              {t.waze}
            </a>
            <a className="btn-secondary" href={store.googleMapsUrl} target="_blank" rel="noopener noreferrer">
              {t.maps}
            </a>
            {when && (
              <button type="button" className="btn-secondary" onClick={addToCalendar}>
                {t.calendar}
              </button>
            )}
            <a className="btn-secondary" href={whatsappLink(store.phone, fill(t.whatsappText, { orderNo: order.orderNo }))} target="_blank" rel="noopener noreferrer">
              {t.whatsapp}
            </a>
          </div>
        </section>
      )}
      <Receipt locale={locale} order={order} paid />
      <div className="flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          {t.print}
        </button>
        <a className="btn-secondary" href={invoiceHref(locale, order.orderNo)}>
          {dictionary(locale).invoice.link}
        </a>
      </div>
    </div>
  );
}

/** When the order was paid: its first step out of waiting for payment. */
const paidAt = (order: OrderDetailDto): Date => {
  const step = order.history.find((h) => h.status !== 'PENDING_PAYMENT' && h.status !== 'CANCELLED');
  return step ? new Date(step.at) : new Date();
};

/** What happens next, for the way the order reaches the customer. */
function NextSteps({ locale, order, dateText }: { locale: Locale; order: OrderDetailDto; dateText: (iso: string) => string }) {
  const t = dictionary(locale).payment;
  const workshop = order.store?.name ?? '';
  const when = order.appointment;
  const address = order.address;
  let text = '';
  if (order.method === 'install' && when) text = fill(t.nextInstall, { workshop, date: dateText(when.date), time: when.time, end: when.endTime });
  else if (order.method === 'pickup') text = fill(t.nextPickup, { workshop, date: dateText(pickupReadyBy(paidAt(order))) });
  else if (order.method === 'mail') text = t.nextMail;
  else if (order.method === 'mobile' && when) text = fill(t.nextMobile, { date: dateText(when.date), time: when.time, end: vanWindowEnd(when.time) });
  if (!text) return null;
  return (
    <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-5 print:hidden" aria-labelledby="next-heading">
      <h2 id="next-heading" className="text-lg font-bold">
        {t.next}
      </h2>
      <p>{text}</p>
      {(order.method === 'mail' || order.method === 'mobile') && address && (
        <address className="not-italic">
          <span className="block font-semibold">{address.recipient}</span>
          <span className="block">{address.line1}</span>
          {address.line2 && <span className="block">{address.line2}</span>}
          <span className="block">
            {address.postcode} {address.city}, {malaysianStates.find((s) => s.name === address.state)?.label[locale] ?? address.state}
          </span>
          <span className="block">{formatPhone(address.phone)}</span>
        </address>
      )}
    </section>
  );
}

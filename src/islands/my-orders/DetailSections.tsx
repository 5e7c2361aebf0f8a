import type { ReactNode } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, fill, labelled } from '../../i18n/index.ts';
import { dateTimeWords, dateWords, momentWords } from '../../../contract/rules/dates.ts';
import { type OrderDetailDto } from './format.ts';
import { PickupQr } from './PickupQr.tsx';


type Texts = ReturnType<typeof dictionary>['orderDetail'];

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs; a missing value reads "None". */
/** Photos sent with a request or a claim, as thumbnails that open full size. */
export function PhotoList({ photos, alt }: { photos: { key: string; url: string }[]; alt: (n: number) => string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {photos.map((img, i) => (
        <li key={img.key}>
          <a href={img.url} target="_blank" rel="noopener noreferrer">
            <img src={img.url} alt={alt(i + 1)} width="96" height="96" loading="lazy" className="size-24 rounded-lg border border-slate-200 object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Rows({ rows, none }: { rows: [string, ReactNode][]; none: string }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="mb-1 break-words font-medium sm:mb-0">{value === '' || value === null || value === undefined ? none : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The car, the plate and whom to contact. */
export function CarAndContact({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const t = dictionary(locale).orderDetail;
  return (
    <Section title={t.contact} id="contact-heading">
      <Rows
        none={t.none}
        rows={[
          [t.car, order.car.name],
          [t.plate, order.car.plate],
          [t.name, order.contact.name],
          [t.phone, formatPhone(order.contact.phone)],
          [t.email, order.contact.email ?? ''],
          [t.coupon, order.coupon ? `${order.coupon.code} (${order.coupon.title})` : ''],
          [t.notes, order.notes],
        ]}
      />
    </Section>
  );
}

/** Installation or pickup: the workshop with directions, the appointment, the pickup code. */
export function Workshop({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const d = dictionary(locale);
  const t = d.orderDetail;
  const store = order.store;
  if (!store) return null;
  const when = order.appointment;
  return (
    <Section title={t.workshop} id="workshop-heading">
      <p className="font-semibold">{store.name}</p>
      <p className="text-slate-700">{store.address}</p>
      <p className="text-slate-700">{formatPhone(store.phone)}</p>
      <div className="flex flex-wrap gap-2">
        <a className="btn-secondary" href={store.wazeUrl} target="_blank" rel="noopener noreferrer">
          {d.payment.waze}
        </a>
        <a className="btn-secondary" href={store.googleMapsUrl} target="_blank" rel="noopener noreferrer">
          {d.payment.maps}
        </a>
      </div>
      {when && <Rows none={t.none} rows={[[t.appointment, fill(t.appointmentAt, { date: dateWords(when.date, locale), time: when.time, end: when.endTime })]]} />}
      {order.appointmentPassed && <p className="rounded-lg bg-amber-50 p-2 text-amber-950">{d.myOrders.passedNote}</p>}
      {when && order.actions.changeTime && <p className="text-sm text-slate-700">{fill(t.changesLeft, { left: order.reschedulesLeft })}</p>}
      {order.method === 'pickup' && <PickupCode locale={locale} t={t} code={order.pickupCode} qr={order.pickupQr} />}
    </Section>
  );
}

function PickupCode({ locale, t, code, qr }: { locale: Locale; t: Texts; code: string | null; qr: { size: number; path: string } | null }) {
  if (!code) return <p className="rounded-lg bg-slate-100 p-3">{t.pickupLater}</p>;
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-xl bg-brand-50 p-4">
      <div>
        <p className="text-sm font-semibold text-slate-700">{t.pickupCode}</p>
        <p className="font-mono text-4xl font-extrabold tracking-widest text-brand-900" aria-label={labelled(locale, t.pickupCode, code.split('').join(' '))}>
          {code}
        </p>
        <p className="mt-1 max-w-60 text-sm text-slate-700">{t.pickupHint}</p>
      </div>
      <PickupQr qr={qr} label={fill(t.qr, { code })} />
    </div>
  );
}

/** Fitted at the customer's place: the van, its window, where it comes, and once set off, since when and how soon. */
export function Visit({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const t = dictionary(locale).orderDetail;
  const { visit, address: a } = order;
  if (!visit) return null;
  return (
    <Section title={t.visitTitle} id="visit-heading">
      <Rows
        none={t.none}
        rows={[
          [t.van, visit.van],
          [t.window, dateTimeWords(visit.date, `${visit.start}–${visit.end}`, locale)],
          [t.visitAddress, a && [a.line1, a.line2, `${a.postcode} ${a.city}`].filter(Boolean).join(', ')],
          [t.landmark, a?.landmark],
        ]}
      />
      {visit.onTheWayAt && (
        <p className="rounded-lg bg-brand-50 p-3 font-semibold text-brand-900">{fill(t.onTheWay, { time: momentWords(visit.onTheWayAt, locale).slice(-5), minutes: visit.etaMinutes ?? '' })}</p>
      )}
    </Section>
  );
}

/** Mailing: the address, and the courier with a link to its tracking page once shipped. */
export function Delivery({ locale, order }: { locale: Locale; order: OrderDetailDto }) {
  const t = dictionary(locale).orderDetail;
  const a = order.address;
  if (order.method !== 'mail' || !a) return null;
  const link = order.tracking;
  // An order that never went out says why, instead of promising a parcel.
  const notPosted = (status: OrderDetailDto['status']) =>
    status === 'CANCELLED' ? t.cancelledNotPosted : status === 'REFUNDED' ? t.refundedNotPosted : status === 'PENDING_PAYMENT' ? t.postedOncePaid : t.notShipped;
  return (
    <Section title={t.mailing} id="mailing-heading">
      <address className="not-italic">
        <span className="block font-semibold">{a.recipient}</span>
        <span className="block">{formatPhone(a.phone)}</span>
        <span className="block">{a.line1}</span>
        {a.line2 && <span className="block">{a.line2}</span>}
        <span className="block">
          {a.postcode} {a.city}, {a.state}
        </span>
      </address>
      {order.expressNo ? (
        <Rows
          none={t.none}
          rows={[
            [t.courier, order.expressCompany ?? ''],
            [t.expressNo, order.expressNo],
          ]}
        />
      ) : (
        <p className="text-slate-700">{notPosted(order.status)}</p>
      )}
      {link && (
        <a className="btn-secondary" href={link.url} target="_blank" rel="noopener noreferrer">
          {fill(t.track, { courier: link.courier })}
        </a>
      )}
    </Section>
  );
}

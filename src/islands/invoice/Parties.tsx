import type { Locale } from '../../../contract/rules/language.ts';
import { dateTimeWords, momentWords } from '../../../contract/rules/dates.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { Block, Facts } from './Facts.tsx';
import { dayOfInstant, type InvoiceDto } from './types.ts';

/** Who sells, with the registrations a tax invoice must name; a demo seller says so plainly. */
export function Seller({ locale, invoice }: { locale: Locale; invoice: InvoiceDto }) {
  const t = dictionary(locale).invoice;
  const s = invoice.seller;
  return (
    <Block id="invoice-seller" title={t.seller}>
      <p className="font-bold">{s.legalName}</p>
      {s.demo && <p className="rounded-lg border border-amber-400 bg-amber-50 p-2 text-sm font-semibold text-amber-950 print:bg-transparent">{t.demoSeller}</p>}
      <Facts
        rows={[
          [t.ssmNo, s.ssmNo],
          [t.sstNo, s.sstNo],
          [t.tin, s.tin],
          [t.msic, s.msicCode],
          [t.address, s.address],
          [t.phone, formatPhone(s.phone)],
          [t.email, s.email],
        ]}
      />
    </Block>
  );
}

/** The invoice's own number and date, and the order it is for. */
export function InvoiceFacts({ locale, invoice }: { locale: Locale; invoice: InvoiceDto }) {
  const t = dictionary(locale).invoice;
  const orderHref = href(locale, `myorder-status/detail?orderNo=${encodeURIComponent(invoice.orderNo)}`);
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 print:rounded-none print:border-0 print:p-0">
      <Facts
        rows={[
          [t.invoiceNo, <span className="font-mono text-base font-bold">{invoice.invoiceNo}</span>],
          [t.date, dayOfInstant(invoice.issuedAt, locale)],
          [
            t.orderNo,
            <a href={orderHref} className="font-mono text-brand-700 underline print:text-inherit print:no-underline">
              {invoice.orderNo}
            </a>,
          ],
        ]}
      />
    </div>
  );
}

/** The buyer, and the address a parcel went to. */
export function Buyer({ locale, invoice }: { locale: Locale; invoice: InvoiceDto }) {
  const t = dictionary(locale).invoice;
  const b = invoice.buyer;
  return (
    <Block id="invoice-buyer" title={t.buyer}>
      <Facts
        rows={[
          [t.name, b.name],
          [t.phone, formatPhone(b.phone)],
          [t.email, b.email],
          [t.deliverTo, b.address],
        ]}
      />
    </Block>
  );
}

/** How it was paid, and how the customer receives it: the workshop and time, or the pickup code. */
export function PaymentAndFulfilment({ locale, invoice }: { locale: Locale; invoice: InvoiceDto }) {
  const t = dictionary(locale).invoice;
  const how = invoice.method === 'install' ? t.install : invoice.method === 'pickup' ? t.pickup : t.mail;
  const store = invoice.store;
  return (
    <Block id="invoice-payment" title={t.payment}>
      <Facts
        rows={[
          [t.paidAt, momentWords(invoice.payment.paidAt, locale)],
          [t.method, invoice.payment.method],
          [t.reference, <span className="font-mono">{invoice.payment.reference}</span>],
        ]}
      />
      <h3 className="pt-2 text-sm font-bold text-slate-900">{how}</h3>
      <Facts
        rows={[
          [t.car, invoice.car.plate ? fill(t.carPlate, { car: invoice.car.name, plate: invoice.car.plate }) : invoice.car.name],
          [t.workshop, store ? `${store.name}, ${store.address}` : null],
          [t.appointment, invoice.method === 'install' && invoice.appointment ? dateTimeWords(invoice.appointment.date, invoice.appointment.time, locale) : null],
          [t.pickupCode, invoice.method === 'pickup' && invoice.pickupCode ? <span className="font-mono text-lg font-bold tracking-widest">{invoice.pickupCode}</span> : null],
        ]}
      />
    </Block>
  );
}

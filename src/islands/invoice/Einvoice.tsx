import type { Locale } from '../../../contract/rules/language.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import { dictionary, labelled } from '../../i18n/index.ts';
import { qrSvg } from '../../lib/qr-svg.ts';
import { useEinvoiceWatch } from './einvoice-watch.ts';
import { EinvoiceRequest } from './EinvoiceRequest.tsx';
import { Block, Facts } from './Facts.tsx';
import { QrCode } from './QrCode.tsx';
import type { EinvoiceDto, InvoiceDto } from './types.ts';

/**
 * The order's LHDN e-invoice: once valid, its QR code and validation link (what a buyer's
 * accountant scans); before that, where it stands; without one, the month's consolidated one.
 */
export function Einvoice({ locale, invoice, onEinvoice }: { locale: Locale; invoice: InvoiceDto; onEinvoice: (document: EinvoiceDto) => void }) {
  const t = dictionary(locale).invoice;
  const f = dictionary(locale).einvoiceForm;
  const own = invoice.einvoice;
  const watch = useEinvoiceWatch(invoice.orderNo, own?.status, onEinvoice);
  return (
    <Block id="invoice-einvoice" title={t.einvoice}>
      {own ? <EinvoiceStatus locale={locale} einvoice={own} withQr /> : <p className="text-sm">{t.consolidated}</p>}
      {/* Said in a live region, so a screen reader hears the wait and its end. */}
      <p role="status" className="text-sm font-semibold text-slate-700 print:hidden">
        {watch === 'waiting' ? f.waiting : watch === 'gaveUp' ? f.stillWaiting : ''}
      </p>
      <EinvoiceRequest locale={locale} invoice={invoice} onSent={onEinvoice} />
    </Block>
  );
}

/** An e-invoice's status in words; a valid one with its link (and, for the invoice's own, its QR code). */
export function EinvoiceStatus({ locale, einvoice, withQr = false }: { locale: Locale; einvoice: EinvoiceDto; withQr?: boolean }) {
  const t = dictionary(locale).invoice;
  const valid = einvoice.status === 'VALID' && einvoice.validationUrl;
  // A phone that scans the code, or a reader of the paper, needs the whole address (the shop's
  // own MyInvois double answers a path on this site).
  const url = valid ? new URL(einvoice.validationUrl!, typeof location === 'undefined' ? 'https://www.servauto.my' : location.origin).href : '';
  const qr = valid && withQr ? qrSvg(url) : null;
  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row">
      {qr && <QrCode qr={qr} label={t.qr} />}
      <div className="w-full min-w-0 flex-1 space-y-2 text-sm">
        <p className="font-semibold">
          {labelled(locale, t.einvoice, t.einvoiceStatus[einvoice.status])}
        </p>
        <Facts
          rows={[
            [t.uuid, einvoice.uuid ? <span className="font-mono">{einvoice.uuid}</span> : null],
            [t.validatedAt, einvoice.status === 'VALID' && einvoice.validatedAt ? momentWords(einvoice.validatedAt, locale) : null],
          ]}
        />
        {einvoice.status === 'INVALID' && einvoice.errors.length > 0 && (
          <div>
            <p className="font-semibold">{dictionary(locale).einvoiceForm.reasons}</p>
            <ul className="list-disc ps-5">
              {einvoice.errors.map((e, i) => (
                <li key={i}>{e.message}</li>
              ))}
            </ul>
          </div>
        )}
        {valid && (
          <p>
            <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline print:text-inherit">
              {t.validate}
            </a>
            {/* On paper the link is read, not clicked. */}
            <span className="hidden font-mono text-xs [overflow-wrap:anywhere] print:block">{url}</span>
          </p>
        )}
      </div>
    </div>
  );
}

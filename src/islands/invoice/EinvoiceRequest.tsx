import { lazy, Suspense, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import type { EinvoiceDto, InvoiceDto } from './types.ts';

// Loaded when the buyer opens it: most buyers never do, and the invoice page stays light.
const EinvoiceForm = lazy(() => import('./EinvoiceForm.tsx'));

/**
 * Where the buyer asks for their own e-invoice (app/einvoice/request), open until the end of
 * the month of payment: until when, and a button that opens the form.
 */
export function EinvoiceRequest({ locale, invoice, onSent }: { locale: Locale; invoice: InvoiceDto; onSent: (document: EinvoiceDto) => void }) {
  const [open, setOpen] = useState(false);
  const request = invoice.einvoiceRequest;
  if (!request.allowed || !request.until || invoice.einvoice) return null;
  const t = dictionary(locale).invoice;
  const f = dictionary(locale).einvoiceForm;
  return (
    <div id="einvoice-request" className="space-y-3 border-t border-slate-200 pt-2 text-sm print:hidden">
      <p>{fill(t.mayRequest, { date: dateWords(request.until, locale) })}</p>
      {open ? (
        <Suspense fallback={<p role="status">{f.loading}</p>}>
          <EinvoiceForm locale={locale} orderNo={invoice.orderNo} buyer={invoice.buyer} onSent={onSent} onCancel={() => setOpen(false)} />
        </Suspense>
      ) : (
        <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
          {f.open}
        </button>
      )}
    </div>
  );
}

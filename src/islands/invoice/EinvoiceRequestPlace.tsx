import type { Locale } from '../../../contract/rules/language.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import type { InvoiceDto } from './types.ts';

/**
 * Where the buyer asks for their own e-invoice (app/einvoice/request), open until the end of
 * the month of payment. For now it says until when; the request form takes this place.
 */
export function EinvoiceRequestPlace({ locale, request }: { locale: Locale; request: InvoiceDto['einvoiceRequest'] }) {
  if (!request.allowed || !request.until) return null;
  const t = dictionary(locale).invoice;
  return (
    <div id="einvoice-request" className="border-t border-slate-200 pt-2 text-sm print:hidden">
      <p>{fill(t.mayRequest, { date: dateWords(request.until, locale) })}</p>
    </div>
  );
}

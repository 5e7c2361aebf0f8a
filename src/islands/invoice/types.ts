import type { ResponseOf } from '../../../contract/call.ts';
import type { orderInvoice } from '../../../contract/invoice.ts';
import { klClock } from '../../../contract/rules/kl-calendar.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';

export type InvoiceDto = ResponseOf<typeof orderInvoice>;
export type CreditNoteDto = InvoiceDto['creditNotes'][number];
export type EinvoiceDto = NonNullable<InvoiceDto['einvoice']>;

/** The Kuala Lumpur calendar day of an instant, in words: an invoice is dated by day. */
export function dayOfInstant(iso: string, locale: Locale): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dateWords(klClock(at).date, locale);
}

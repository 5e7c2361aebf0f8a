import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { formatRM } from '../../lib/money.ts';
import { Block, Facts } from './Facts.tsx';
import { EinvoiceStatus } from './Einvoice.tsx';
import { dayOfInstant, type CreditNoteDto, type InvoiceDto } from './types.ts';

/** The credit notes of completed refunds, each naming this invoice, and what they credit in all. */
export function CreditNotes({ locale, invoice }: { locale: Locale; invoice: InvoiceDto }) {
  const t = dictionary(locale).invoice;
  if (invoice.creditNotes.length === 0) return null;
  return (
    <Block id="invoice-credit-notes" title={t.creditNotes}>
      <div className="space-y-4">
        {invoice.creditNotes.map((note) => (
          <CreditNote key={note.creditNoteNo} locale={locale} note={note} />
        ))}
      </div>
      <p className="flex justify-between gap-4 border-t border-slate-300 pt-2 font-extrabold">
        <span>{t.credited}</span>
        <span className="tabular-nums">{formatRM(invoice.totals.creditedSen, locale)}</span>
      </p>
    </Block>
  );
}

function CreditNote({ locale, note }: { locale: Locale; note: CreditNoteDto }) {
  const t = dictionary(locale).invoice;
  const money = (sen: number) => formatRM(sen, locale);
  const headingId = `credit-note-${note.creditNoteNo}`;
  return (
    <article aria-labelledby={headingId} className="space-y-2 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 print:break-inside-avoid">
      <h3 id={headingId} className="font-bold">
        {fill(t.creditNote, { no: note.creditNoteNo })}
      </h3>
      <Facts
        rows={[
          [t.forInvoice, <span className="font-mono">{note.invoiceNo}</span>],
          [t.issued, dayOfInstant(note.issuedAt, locale)],
          [t.refundNo, <span className="font-mono">{note.refundNo}</span>],
          [t.reason, note.reason],
        ]}
      />
      <ul className="space-y-1 text-sm">
        {note.lines.map((l) => (
          <li key={l.productId} className="flex justify-between gap-4">
            <span className="min-w-0">
              {l.name} × {l.quantity}
            </span>
            <span className="shrink-0 tabular-nums">{money(l.amountSen)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-4 text-slate-700">
          <dt>{t.taxIncluded}</dt>
          <dd className="tabular-nums">{money(note.serviceTaxSen)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{t.amount}</dt>
          <dd className="tabular-nums">{money(note.amountSen)}</dd>
        </div>
      </dl>
      {note.einvoice && <EinvoiceStatus locale={locale} einvoice={note.einvoice} />}
    </article>
  );
}

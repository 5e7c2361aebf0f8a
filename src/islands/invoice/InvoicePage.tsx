import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderInvoice } from '../../lib/order-endpoints.ts';
import LoginGate from '../login/LoginGate.tsx';
import { CreditNotes } from './CreditNotes.tsx';
import { Einvoice } from './Einvoice.tsx';
import { Lines } from './Lines.tsx';
import { Buyer, InvoiceFacts, PaymentAndFulfilment, Seller } from './Parties.tsx';
import type { InvoiceDto } from './types.ts';

/** /myorder-status/invoice?orderNo=…: the logged-in customer's tax invoice for a paid order, to read and print. */
export default function InvoicePage({ locale }: { locale: Locale }) {
  return (
    <LoginGate locale={locale}>
      <Invoice locale={locale} />
    </LoginGate>
  );
}

function Invoice({ locale }: { locale: Locale }) {
  const t = dictionary(locale).invoice;
  const [orderNo] = useState(() => new URLSearchParams(location.search).get('orderNo')?.trim() ?? '');
  const [invoice, setInvoice] = useState<InvoiceDto | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    if (!orderNo) return;
    let live = true;
    callApi(orderInvoice, { orderNo }, { quiet: true }).then(
      (found) => live && setInvoice(found),
      (err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [orderNo]);

  if (!orderNo) return <p className="rounded-lg bg-amber-50 p-4 text-amber-900">{t.noOrder}</p>;
  if (failed) return <p className="rounded-lg bg-red-50 p-4 text-red-900" role="alert">{failed}</p>;
  if (!invoice) return <p className="text-slate-600" role="status">{t.loading}</p>;

  return (
    <div className="space-y-4 print:space-y-3">
      <button type="button" className="btn-primary print:hidden" onClick={() => window.print()}>
        {t.print}
      </button>
      <div className="grid gap-4 md:grid-cols-2 print:grid-cols-2">
        <Seller locale={locale} invoice={invoice} />
        <InvoiceFacts locale={locale} invoice={invoice} />
        <Buyer locale={locale} invoice={invoice} />
        <PaymentAndFulfilment locale={locale} invoice={invoice} />
      </div>
      <Lines locale={locale} invoice={invoice} />
      <CreditNotes locale={locale} invoice={invoice} />
      <Einvoice locale={locale} invoice={invoice} onEinvoice={(einvoice) => setInvoice((shown) => shown && { ...shown, einvoice })} />
    </div>
  );
}

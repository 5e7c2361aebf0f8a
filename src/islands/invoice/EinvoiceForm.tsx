import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { einvoiceRequest } from '../../lib/einvoice-endpoints.ts';
import { buyerOf, fieldErrors, firstBad, formFieldOf, initialValues, shownFields, type EinvoiceFormValues, type FormField } from '../../lib/einvoice-form.ts';
import { AddressFields, BuyerTypeChoice, fieldId, IdentityFields, problemText, Row, TextField } from './EinvoiceFields.tsx';
import type { EinvoiceDto, InvoiceDto } from './types.ts';

interface Refusal {
  /** The field the server named, when it named one the form shows. */
  field: FormField | null;
  text: string;
}

/**
 * The buyer's own e-invoice request (app/einvoice/request): individual or business, checked
 * with LHDN's rules as it is filled in (a field once left, then as it is typed) and again on
 * sending; what the server still refuses is shown next to the field it names.
 */
export default function EinvoiceForm({
  locale,
  orderNo,
  buyer,
  onSent,
  onCancel,
}: {
  locale: Locale;
  orderNo: string;
  buyer: InvoiceDto['buyer'];
  onSent: (document: EinvoiceDto) => void;
  onCancel: () => void;
}) {
  const t = dictionary(locale).einvoiceForm;
  const [values, setValues] = useState(() => initialValues(buyer));
  const [left, setLeft] = useState<ReadonlySet<FormField>>(new Set());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  const problems = fieldErrors(values);
  const errors: Partial<Record<FormField, string>> = {};
  for (const field of shownFields(values.type)) {
    const problem = problems[field];
    if (problem && (tried || left.has(field))) errors[field] = problemText(t, problem);
  }
  if (refusal?.field) errors[refusal.field] = refusal.text;

  const change = (field: keyof EinvoiceFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (refusal?.field === field || field === 'type') setRefusal(null);
  };
  const leave = (field: FormField) => setLeft((l) => (l.has(field) ? l : new Set(l).add(field)));

  const submit = (e: { preventDefault: () => void }) => {
    e.preventDefault();
    if (busy) return;
    setTried(true);
    setRefusal(null);
    const bad = firstBad(problems);
    if (bad) return document.getElementById(fieldId(bad))?.focus();
    setBusy(true);
    callApi(einvoiceRequest, { orderNo, buyer: buyerOf(values) }, { quiet: true }).then(onSent, (err: unknown) => {
      setBusy(false);
      const named = err instanceof ApiFailure && typeof (err.data as { field?: unknown } | null)?.field === 'string' ? (err.data as { field: string }).field : null;
      const field = named ? formFieldOf(named, values.type) : null;
      setRefusal({ field, text: err instanceof Error ? err.message : String(err) });
      if (field) requestAnimationFrame(() => document.getElementById(fieldId(field))?.focus());
    });
  };

  const props = { locale, t, values, errors, onChange: change, onLeave: leave };
  return (
    <form noValidate onSubmit={submit} aria-labelledby="einvoice-form-title" className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-base">
      <h3 id="einvoice-form-title" ref={heading} tabIndex={-1} className="text-lg font-bold">
        {t.title}
      </h3>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <BuyerTypeChoice t={t} values={values} onChange={change} />
      <TextField {...props} field="name" label={values.type === 'business' ? t.nameBusiness : t.nameIndividual} autoComplete={values.type === 'business' ? 'organization' : 'name'} />
      <IdentityFields {...props} />
      <Row>
        <TextField {...props} field="email" label={t.email} type="email" inputMode="email" autoComplete="email" />
        <TextField {...props} field="phone" label={t.phone} type="tel" inputMode="tel" autoComplete="tel" />
      </Row>
      <AddressFields {...props} />
      {refusal && !refusal.field && (
        <p className="rounded-lg bg-red-50 p-3 text-red-900" role="alert">
          {refusal.text}
        </p>
      )}
      {tried && Object.keys(errors).length > 0 && !refusal && <p className="field-error">{t.fixFields}</p>}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t.sending : t.send}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

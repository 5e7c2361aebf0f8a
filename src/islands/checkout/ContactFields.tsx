import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import type { CheckoutForm } from '../../lib/checkout.ts';
import { Field } from './Field.tsx';

export const NOTES_MAX = 500;

/** Name, phone, e-mail and notes; server messages at the field they name (`contact.phone`, `notes`…). */
export function ContactFields({ locale, form, errors, onChange }: { locale: Locale; form: CheckoutForm; errors: Record<string, string>; onChange: (patch: Partial<CheckoutForm>) => void }) {
  const t = dictionary(locale).checkout;
  const contact = (name: keyof CheckoutForm['contact']) => (e: { currentTarget: { value: string } }) => onChange({ contact: { ...form.contact, [name]: e.currentTarget.value } });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-bold">{t.details}</legend>
      <Field id="contact-name" label={t.name} error={errors['contact.name']}>
        {(p) => <input {...p} className="field-input" autoComplete="name" maxLength={80} value={form.contact.name} onInput={contact('name')} />}
      </Field>
      <Field id="contact-phone" label={t.phone} error={errors['contact.phone']}>
        {(p) => <input {...p} className="field-input" autoComplete="tel" inputMode="tel" maxLength={20} value={form.contact.phone} onInput={contact('phone')} />}
      </Field>
      <div className="sm:col-span-2">
        <Field id="contact-email" label={t.email} error={errors['contact.email']}>
          {(p) => <input {...p} type="email" className="field-input" autoComplete="email" maxLength={120} value={form.contact.email} onInput={contact('email')} />}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="order-notes" label={t.notes} hint={fill(t.notesCount, { count: form.notes.length })} error={errors.notes}>
          {(p) => <textarea {...p} className="field-input" rows={3} maxLength={NOTES_MAX} value={form.notes} onInput={(e) => onChange({ notes: e.currentTarget.value })} />}
        </Field>
      </div>
    </fieldset>
  );
}

import type { ReactNode } from 'react';
import { lhdnStates } from '../../../contract/rules/einvoice-rules.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { malaysianStates } from '../../../contract/rules/postcode.ts';
import type { Dictionary } from '../../i18n/index.ts';
import type { EinvoiceFormValues, FieldProblem, FormField } from '../../lib/einvoice-form.ts';
import { Field } from '../checkout/Field.tsx';

/** The request form's fields: each labelled, with its hint and its problem tied to it. */

export const fieldId = (field: FormField) => `einvoice-${field}`;

/** A problem's words: the form's own, or LHDN's rule as this dictionary says it. */
export function problemText(t: Dictionary['einvoiceForm'], problem: FieldProblem): string {
  return t.problems[problem.replace(/^einvoice\./, '') as keyof Dictionary['einvoiceForm']['problems']];
}

export interface FieldsProps {
  locale: Locale;
  t: Dictionary['einvoiceForm'];
  values: EinvoiceFormValues;
  /** The words shown under each field, if any. */
  errors: Partial<Record<FormField, string>>;
  onChange: (field: keyof EinvoiceFormValues, value: string) => void;
  onLeave: (field: FormField) => void;
}

type TextFieldProps = Pick<FieldsProps, 'values' | 'errors' | 'onChange' | 'onLeave'> & {
  field: FormField;
  label: string;
  hint?: string;
  autoComplete?: string;
  type?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
};

export function TextField({ field, label, hint, autoComplete, type = 'text', inputMode, values, errors, onChange, onLeave }: TextFieldProps) {
  return (
    <Field id={fieldId(field)} label={label} hint={hint} error={errors[field]}>
      {(aria) => (
        <input
          {...aria}
          name={field}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          className="field-input"
          value={values[field]}
          onChange={(e) => onChange(field, e.target.value)}
          onBlur={() => onLeave(field)}
        />
      )}
    </Field>
  );
}

export function BuyerTypeChoice({ t, values, onChange }: Pick<FieldsProps, 't' | 'values' | 'onChange'>) {
  return (
    <fieldset>
      <legend className="mb-1 font-semibold">{t.buyerType}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(['individual', 'business'] as const).map((type) => (
          <label key={type} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="buyer-type" value={type} checked={values.type === type} onChange={() => onChange('type', type)} className="size-5" />
            {t[type]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** An individual's ID (MyKad, passport or army) or a business's BRN, with the TIN and, for a business, the SST number. */
export function IdentityFields(props: FieldsProps) {
  const { t, values, onChange } = props;
  if (values.type === 'business')
    return (
      <>
        <TextField {...props} field="brn" label={t.brn} hint={t.brnHint} />
        <TextField {...props} field="tin" label={t.tin} hint={t.tinBusinessHint} />
        <TextField {...props} field="sstNo" label={t.sstNo} hint={t.sstHint} />
      </>
    );
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <div>
          <label htmlFor="einvoice-idType" className="mb-1 block font-semibold">
            {t.idType}
          </label>
          <select id="einvoice-idType" className="field-input min-h-11" value={values.idType} onChange={(e) => onChange('idType', e.target.value)}>
            {(['NRIC', 'PASSPORT', 'ARMY'] as const).map((id) => (
              <option key={id} value={id}>
                {t.idTypes[id]}
              </option>
            ))}
          </select>
        </div>
        <TextField {...props} field="idValue" label={t.idValue} />
      </div>
      <TextField {...props} field="tin" label={t.tinOptional} hint={t.tinHint} />
    </>
  );
}

export function AddressFields(props: FieldsProps) {
  const { locale, t, values, errors, onChange, onLeave } = props;
  const labelOf = new Map(malaysianStates.map((s) => [s.name as string, s.label[locale]]));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-base font-bold">{t.address}</legend>
      <TextField {...props} field="line1" label={t.line1} autoComplete="address-line1" />
      <TextField {...props} field="line2" label={t.line2} autoComplete="address-line2" />
      <Row>
        <TextField {...props} field="postcode" label={t.postcode} autoComplete="postal-code" inputMode="numeric" />
        <TextField {...props} field="city" label={t.city} autoComplete="address-level2" />
      </Row>
      <Field id={fieldId('state')} label={t.state} error={errors.state}>
        {(aria) => (
          <select {...aria} name="state" className="field-input min-h-11" value={values.state} onChange={(e) => onChange('state', e.target.value)} onBlur={() => onLeave('state')}>
            <option value="">{t.chooseState}</option>
            {lhdnStates.map((s) => (
              <option key={s} value={s}>
                {labelOf.get(s) ?? s}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}

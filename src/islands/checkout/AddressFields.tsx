import type { Locale } from '../../../contract/rules/language.ts';
import { malaysianStates } from '../../../contract/rules/postcode.ts';
import { dictionary } from '../../i18n/index.ts';
import type { CheckoutForm } from '../../lib/checkout.ts';
import { Field } from './Field.tsx';

type Address = CheckoutForm['address'];

/**
 * The mailing address, or where the van comes (`forVan`: its own heading and a landmark field);
 * each server message shows at the field it names (`address.<name>`).
 */
export function AddressFields({ locale, value, errors, forVan = false, onChange }: { locale: Locale; value: Address; errors: Record<string, string>; forVan?: boolean; onChange: (a: Address) => void }) {
  const t = dictionary(locale).checkout;
  const set = (name: keyof Address) => (e: { currentTarget: { value: string } }) => onChange({ ...value, [name]: e.currentTarget.value });
  const text = (name: keyof Address, label: string, extra: Record<string, string> = {}) => (
    <Field id={`address-${name}`} label={label} error={errors[`address.${name}`]}>
      {(p) => <input {...p} {...extra} className="field-input" value={value[name] ?? ''} onInput={set(name)} />}
    </Field>
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-bold">{forVan ? t.mobileAddress : t.address}</legend>
      {text('recipient', t.recipient, { autoComplete: 'name', maxLength: '80' })}
      {text('phone', t.phone, { autoComplete: 'tel', inputMode: 'tel', maxLength: '20' })}
      <div className="sm:col-span-2">{text('line1', t.line1, { autoComplete: 'address-line1', maxLength: '120' })}</div>
      <div className="sm:col-span-2">{text('line2', t.line2, { autoComplete: 'address-line2', maxLength: '120' })}</div>
      {text('postcode', t.postcode, { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: '5' })}
      {text('city', t.city, { autoComplete: 'address-level2', maxLength: '60' })}
      <Field id="address-state" label={t.state} error={errors['address.state']}>
        {(p) => (
          <select {...p} className="field-input" value={value.state} onChange={set('state')}>
            <option value="">{t.chooseState}</option>
            {malaysianStates.map((s) => (
              <option key={s.name} value={s.name}>
                {s.label[locale]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {forVan && (
        <div className="sm:col-span-2">
          <Field id="address-landmark" label={t.landmark} hint={t.landmarkHint} error={errors['address.landmark']}>
            {(p) => <input {...p} className="field-input" maxLength={120} value={value.landmark ?? ''} onInput={set('landmark')} />}
          </Field>
        </div>
      )}
    </fieldset>
  );
}

import { useRef } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, labelled } from '../../i18n/index.ts';
import { Field } from './Field.tsx';

interface Props {
  locale: Locale;
  /** The field as typed: what the order is placed with. */
  code: string;
  /** Whether that code is applied (priced into the summary). */
  applied: boolean;
  /** Why it cannot be used: the quote's reason, or the refusal of the order. */
  error: string;
  /** "SERVAUTO10: RM 8.90 off" once applied and usable. */
  hint?: string | undefined;
  onChange: (code: string, applied: boolean) => void;
}

/**
 * The coupon: typed, then applied (Apply or Enter). Changing or emptying the field takes the
 * applied code off at once, with its message, so a refused code never stays behind the order;
 * an applied code has its own Remove, a refused one none (it is not applied: it is changed or emptied).
 */
export function CouponField({ locale, code, applied, error, hint, onChange }: Props) {
  const t = dictionary(locale).checkout;
  const input = useRef<HTMLInputElement>(null);
  const apply = () => {
    const typed = code.trim();
    if (typed) onChange(typed, true);
  };
  const remove = () => {
    onChange('', false);
    input.current?.focus();
  };
  const on = applied && code.trim() !== '' && !error;
  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <Field id="coupon-code" label={t.coupon} error={error || undefined} hint={hint}>
          {(p) => (
            <input
              {...p}
              ref={input}
              className="field-input uppercase"
              autoComplete="off"
              maxLength={40}
              value={code}
              onInput={(e) => onChange(e.currentTarget.value, false)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  apply();
                }
              }}
            />
          )}
        </Field>
      </div>
      {on ? (
        <button type="button" className="btn-secondary mb-auto mt-7" aria-label={labelled(locale, t.removeCoupon, code.trim().toUpperCase())} onClick={remove}>
          {t.remove}
        </button>
      ) : (
        <button type="button" className="btn-secondary mb-auto mt-7" onClick={apply}>
          {t.apply}
        </button>
      )}
    </div>
  );
}

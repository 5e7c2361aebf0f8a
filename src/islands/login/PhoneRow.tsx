import type { Dictionary } from '../../i18n/index.ts';
import { AUTOFOCUS } from '../ui/Modal.tsx';
import { typedPhone } from './form.ts';

interface PhoneRowProps {
  t: Dictionary['login'];
  phone: string;
  onPhone: (phone: string) => void;
  onSend: () => void;
  /** Pressed down on Send: the loading form takes the press at once (its button may be replaced before it is let go). */
  onPress?: () => void;
  sendLabel: string;
  busy: boolean;
  error?: string;
}

/**
 * The login's phone field and its Send OTP button. On a phone the button moves under the
 * field, which keeps the whole width for the +60 prefix and the 11 digits of a number.
 */
export function PhoneRow({ t, phone, onPhone, onSend, onPress, sendLabel, busy, error }: PhoneRowProps) {
  return (
    <>
      <label htmlFor="login-phone" className="mb-1 block font-semibold">
        {t.phoneLabel}
      </label>
      <div className="flex flex-wrap gap-2">
        <div className="flex min-w-0 grow-[999] basis-60 gap-2">
          <span className="inline-flex items-center rounded-lg border border-slate-300 bg-slate-100 px-3 text-slate-700" aria-hidden="true">
            {t.countryCode}
          </span>
          <input
            id="login-phone"
            {...AUTOFOCUS}
            className="field-input min-w-0 flex-1"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t.phonePlaceholder}
            value={phone}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-phone-error' : undefined}
            onChange={(e) => onPhone(typedPhone(e.target.value))}
          />
        </div>
        <button type="button" className="btn-secondary grow" onClick={onSend} onPointerDown={onPress} disabled={busy}>
          {sendLabel}
        </button>
      </div>
      {error && (
        <p id="login-phone-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Code } from '../../../contract/codes.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { checkOtp, checkPhone, formatPhone, toE164 } from '../../../contract/rules/phone.ts';
import { clientLogin, sendSms } from '../../lib/endpoints.ts';
import { dictionary, fill, ruleMessage } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { syncGarageAfterLogin } from '../../lib/garage.ts';
import { $loginDialog, notify } from '../../stores/ui.ts';
import { logIn } from '../../stores/user.ts';
import { focusMarked } from '../ui/Modal.tsx';
import { secondsLeft, sentAtFor } from './countdown.ts';
import { $loginPhone, $loginSent, $sendAsked, usePhoneField } from './form.ts';
import { PhoneRow } from './PhoneRow.tsx';

interface Errors {
  phone?: string;
  code?: string;
}

/**
 * Phone + one-time code login (docs/contracts/shop.md §4, §5): the login dialog's content, loaded when the
 * dialog is first opened. It takes over from the form shown while it loaded (LoginShell).
 */
export default function LoginDialog({ locale }: { locale: Locale }) {
  const t = dictionary(locale).login;
  const { then } = useStore($loginDialog);
  const [phone, setPhone] = usePhoneField();
  /** The number the last code went to, and when. */
  const sent = useStore($loginSent);
  const [code, setCode] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const left = secondsLeft(sent?.at ?? null, now);
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [counting]);

  // Taking over from the loading form: the field keeps focus, and a Send pressed there is sent.
  useLayoutEffect(() => {
    if (root.current?.closest('dialog')?.open) focusMarked(root.current);
    if ($sendAsked.get()) {
      $sendAsked.set(false);
      void send();
    }
    // Once, when the content first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => $loginDialog.set({ open: false });

  async function send() {
    const phone = $loginPhone.get();
    const problem = checkPhone(phone);
    if (problem) return setErrors({ phone: ruleMessage(locale, problem) });
    const last = $loginSent.get();
    const wait = secondsLeft(last?.at ?? null, Date.now());
    if (wait > 0 && last?.to === toE164(phone)) {
      notify('warning', fill(t.waitWarning, { seconds: wait }));
      return;
    }
    setErrors({});
    setBusy('send');
    try {
      const result = await callApi(sendSms, { phone: toE164(phone), type: 'login' }, { quiet: true });
      // The countdown runs as long as the server says the next code must wait.
      $loginSent.set({ to: result.phone, at: sentAtFor(result.resendAfter, Date.now()) });
      setNow(Date.now());
      setTimeout(() => codeInput.current?.focus(), 0);
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      const resendAfter = (err.data as { resendAfter?: number } | null)?.resendAfter;
      if (resendAfter) {
        $loginSent.set({ to: toE164(phone), at: sentAtFor(resendAfter, Date.now()) });
        setNow(Date.now());
      }
      if (err.code === Code.WARNING) notify('warning', err.message);
      else setErrors({ phone: err.message });
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!sent || sent.to !== toE164(phone) || checkPhone(phone)) {
      return setErrors({ code: t.sendOtp });
    }
    const problem = checkOtp(code);
    if (problem) return setErrors({ code: ruleMessage(locale, problem) });
    setErrors({});
    setBusy('confirm');
    try {
      const session = await callApi(clientLogin, { phone: sent.to, code: code.trim() }, { quiet: true });
      logIn({ userKey: session.userKey, user: session.user });
      notify('success', t.welcome, { style: 'notification' });
      setCode('');
      $loginSent.set(null);
      $loginPhone.set('');
      close();
      await syncGarageAfterLogin();
      if (then) location.assign(then);
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      setErrors({ code: err.message });
    } finally {
      setBusy(null);
    }
  }

  const showCode = sent !== null;
  const sendLabel =
    busy === 'send' ? t.sending : left > 0 && sent?.to === toE164(phone) ? fill(t.resendIn, { seconds: left }) : showCode ? t.resend : t.sendOtp;
  return (
    <form
      ref={root}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void (showCode ? confirm() : send());
      }}
    >
      <p className="mb-4 text-slate-700">{then ? t.needed : t.intro}</p>
      <PhoneRow t={t} phone={phone} onPhone={setPhone} onSend={() => void send()} sendLabel={sendLabel} busy={busy !== null} error={errors.phone} />
      {showCode && (
        <div className="mt-4">
          {/* Said here, in the dialog, not in a notice of its own: the login's one notice is its welcome. */}
          <p className="mb-2 text-sm text-slate-600" role="status">
            {fill(t.codeSent, { phone: formatPhone(sent.to) })}
          </p>
          <label htmlFor="login-code" className="mb-1 block font-semibold">
            {t.otpLabel}
          </label>
          <input
            id="login-code"
            ref={codeInput}
            className="field-input tracking-[0.5em]"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t.otpPlaceholder}
            value={code}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? 'login-code-error' : undefined}
            onChange={(e) => setCode(e.target.value.trim())}
          />
        </div>
      )}
      {errors.code && (
        <p id="login-code-error" className="field-error" role="alert">
          {errors.code}
        </p>
      )}
      {showCode && (
        <button type="submit" className="btn-primary mt-4 w-full" disabled={busy !== null}>
          {busy === 'confirm' ? t.confirming : t.confirm}
        </button>
      )}
      <p className="mt-4 text-xs text-slate-600">{t.terms}</p>
    </form>
  );
}

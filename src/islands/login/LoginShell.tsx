import { useStore } from '@nanostores/react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { $loginDialog } from '../../stores/ui.ts';
import { $sendAsked, usePhoneField } from './form.ts';
import { PhoneRow } from './PhoneRow.tsx';

/**
 * The login form as it first appears, shown while the dialog's own code loads: the number
 * can be typed at once and Send OTP pressed; LoginDialog takes both over when it arrives.
 * Send is taken as it is pressed down: when the dialog's code arrives between the press and
 * the release, the button pressed is gone and the browser makes no click of it.
 */
export function LoginShell({ locale }: { locale: Locale }) {
  const t = dictionary(locale).login;
  const { then } = useStore($loginDialog);
  const [phone, setPhone] = usePhoneField();
  const asked = useStore($sendAsked);
  return (
    <form noValidate onSubmit={(e) => (e.preventDefault(), $sendAsked.set(true))}>
      <p className="mb-4 text-slate-700">{then ? t.needed : t.intro}</p>
      <PhoneRow t={t} phone={phone} onPhone={setPhone} onSend={() => $sendAsked.set(true)} onPress={() => $sendAsked.set(true)} sendLabel={asked ? t.sending : t.sendOtp} busy={asked} />
      <p className="mt-4 text-xs text-slate-600">{t.terms}</p>
    </form>
  );
}

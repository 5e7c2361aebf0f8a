import { useEffect, useState } from 'react';
import type { ReminderPurpose, UserConsent } from '../../../contract/consent.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, labelled } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { userConsent } from '../../lib/garage-endpoints.ts';

const purposes: ReminderPurpose[] = ['serviceReminders', 'expiryReminders'];

/** The customer's consent to reminders (PDPA): off until turned on, each beside the exact sentence the shop stores with it. */
export function Reminders({ locale }: { locale: Locale }) {
  const t = dictionary(locale).garage;
  const [consent, setConsent] = useState<UserConsent | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (change: Partial<Record<ReminderPurpose, boolean>>) => {
    const before = consent;
    setBusy(true);
    setFailure('');
    // The switch moves at once; it goes back if the shop could not store the change.
    if (before) setConsent({ ...before, ...change });
    try {
      setConsent(await callApi(userConsent, change, { quiet: true }));
    } catch (err) {
      // The switches keep what the server last said.
      if (before) setConsent(before);
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  // An empty request only reads the consent in force.
  useEffect(() => {
    callApi(userConsent, {}, { quiet: true })
      .then(setConsent)
      .catch((err: unknown) => setFailure(err instanceof Error ? err.message : String(err)));
  }, []);

  const last = consent?.history[0];
  return (
    <section aria-labelledby="reminders-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="reminders-title" className="text-xl font-bold text-brand-900">{t.reminders}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.remindersIntro}</p>
      {!consent && !failure && <p aria-live="polite" className="mt-3 text-slate-600">{t.loading}</p>}
      {consent && (
        <ul className="mt-4 space-y-4">
          {purposes.map((purpose) => (
            <li key={purpose} className="flex items-start gap-3">
              <input
                id={`consent-${purpose}`}
                type="checkbox"
                className="mt-1 h-5 w-5"
                checked={consent[purpose]}
                disabled={busy}
                aria-describedby={`consent-${purpose}-wording`}
                onChange={(e) => void send({ [purpose]: e.currentTarget.checked })}
              />
              <div>
                <label htmlFor={`consent-${purpose}`} className="font-semibold">{t[purpose]}</label>
                <p id={`consent-${purpose}-wording`} className="text-sm text-slate-700">{consent.wording[purpose]}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {last && <p className="mt-3 text-sm text-slate-600">{labelled(locale, t.remindersChanged, momentWords(last.at, locale))}</p>}
      {failure && <p role="alert" className="field-error mt-3">{consent ? `${t.remindersNotSaved} ${failure}` : failure}</p>}
    </section>
  );
}

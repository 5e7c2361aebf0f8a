import { useEffect, useState } from 'react';
import type { UserChannels } from '../../../contract/channels.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { userChannels, userChannelsSet } from '../../lib/endpoints.ts';

/**
 * The channel of the customer's order updates (docs/contracts/running-the-business.md §3): a
 * switch for WhatsApp beside the sentence the shop stores with the consent, since when it is on,
 * and that the login code always comes by SMS.
 */
export function OrderUpdates({ locale }: { locale: Locale }) {
  const t = dictionary(locale).garage;
  const [channels, setChannels] = useState<UserChannels | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    callApi(userChannels, {}, { quiet: true })
      .then(setChannels)
      .catch((err: unknown) => setFailure(err instanceof Error ? err.message : String(err)));
  }, []);

  const send = async (whatsapp: boolean) => {
    const before = channels;
    setBusy(true);
    setFailure('');
    // The switch moves at once; it goes back if the shop could not store the change.
    if (before) setChannels({ ...before, whatsapp });
    try {
      setChannels(await callApi(userChannelsSet, { whatsapp }, { quiet: true }));
    } catch (err) {
      if (before) setChannels(before);
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const since = channels?.whatsapp && channels.since ? fill(t.whatsappSince, { date: dateWords(klDate(new Date(channels.since)), locale) }) : '';
  return (
    <section aria-labelledby="order-updates-title" className="rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="order-updates-title" className="text-xl font-bold text-brand-900">{t.orderUpdates}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.orderUpdatesIntro}</p>
      {!channels && !failure && <p aria-live="polite" className="mt-3 text-slate-600">{t.loading}</p>}
      {channels && (
        <div className="mt-4 flex items-start gap-3">
          <input
            id="channel-whatsapp"
            type="checkbox"
            role="switch"
            className="mt-1 h-5 w-5 shrink-0"
            checked={channels.whatsapp}
            disabled={busy}
            aria-describedby="channel-whatsapp-notes"
            onChange={(e) => void send(e.currentTarget.checked)}
          />
          <div>
            <label htmlFor="channel-whatsapp" className="font-semibold">{channels.wording}</label>
            <p id="channel-whatsapp-notes" className="text-sm text-slate-700">
              {since && <span className="block">{since}</span>}
              <span className="block">{t.loginBySms}</span>
            </p>
          </div>
        </div>
      )}
      {failure && <p role="alert" className="field-error mt-3">{channels ? `${t.channelNotSaved} ${failure}` : failure}</p>}
    </section>
  );
}

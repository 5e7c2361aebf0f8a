import { useState } from 'react';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { userClose, userDataExport } from '../../lib/account-endpoints.ts';
import { sendSms } from '../../lib/endpoints.ts';
import { forgetDraft } from '../../lib/checkout-draft-key.ts';
import { saveFile } from '../../lib/save-file.ts';
import { $session, clearSession } from '../../stores/user.ts';
import LoginGate from '../login/LoginGate.tsx';

/**
 * Fetches the customer's data (docs/contracts/running-the-business.md §5) as any call is, and
 * saves the document as the file `GET …/export.json` would give: the same JSON under the same
 * name. A refusal (at most 3 an hour) is shown as any call's is, in the server's words.
 */
export async function downloadMyData(save: (blob: Blob, filename: string) => void = saveFile): Promise<void> {
  const document = await callApi(userDataExport, {}).catch(() => null);
  if (document) save(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }), `servauto-export-${klDate(new Date())}.json`);
}

/**
 * The customer's data (docs/contracts/running-the-business.md §5), reached from the Me dialog:
 * "Download my data", then closing the account: what closing does, a closing code sent to the
 * customer's own phone, and the closing itself. A refusal shows the server's words, which name
 * each open order; once closed, the customer is logged out on this device as logging out does,
 * and told so.
 */
export default function MyData({ locale }: { locale: Locale }) {
  const t = dictionary(locale).myData;
  const [closed, setClosed] = useState(false);
  if (closed)
    return (
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p role="status" className="font-semibold">
          {t.closed}
        </p>
        <a className="btn-primary" href={href(locale, 'home')}>
          {t.home}
        </a>
      </div>
    );
  return (
    <LoginGate locale={locale}>
      <div className="space-y-6">
        <Download locale={locale} />
        <CloseForm locale={locale} onClosed={() => setClosed(true)} />
      </div>
    </LoginGate>
  );
}

function Download({ locale }: { locale: Locale }) {
  const t = dictionary(locale).myData;
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="data-download" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="data-download" className="text-lg font-bold">
        {t.download}
      </h2>
      <p className="text-slate-700">{t.downloadWhat}</p>
      <button
        type="button"
        className="btn-secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await downloadMyData();
          setBusy(false);
        }}
      >
        {busy ? t.downloading : t.download}
      </button>
    </section>
  );
}

function CloseForm({ locale, onClosed }: { locale: Locale; onClosed: () => void }) {
  const t = dictionary(locale).myData;
  const phone = $session.get()?.user.phone ?? '';
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const run = (work: () => Promise<unknown>) => async () => {
    setBusy(true);
    setProblem('');
    try {
      await work();
    } catch (err) {
      setProblem(err instanceof ApiFailure ? err.message : String(err));
    }
    setBusy(false);
  };
  const send = run(() => callApi(sendSms, { phone, type: 'close' }, { quiet: true }).then(() => setSent(true)));
  const close = run(() =>
    callApi(userClose, { code }, { quiet: true }).then(() => {
      // The server ended every session; this device forgets its own as logging out does
      // (LogoutDialog.tsx): the key and user in every tab, and the checkout's draft.
      onClosed();
      clearSession();
      forgetDraft(window.sessionStorage);
    }),
  );

  return (
    <form
      id="close"
      aria-labelledby="data-close"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void close();
      }}
    >
      <h2 id="data-close" className="text-lg font-bold">
        {t.closeAccount}
      </h2>
      <p className="text-slate-700">{t.closeWhat}</p>
      <p className="text-sm text-slate-600">{fill(t.closeCode, { phone: formatPhone(phone) })}</p>
      <button type="button" className="btn-secondary" onClick={() => void send()} disabled={busy}>
        {sent ? t.resendCode : t.sendCode}
      </button>
      <div>
        <label htmlFor="close-code" className="mb-1 block font-semibold">
          {t.codeLabel}
        </label>
        <input
          id="close-code"
          className="field-input max-w-48 tracking-[0.5em]"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          aria-describedby={problem ? 'close-problem' : undefined}
          onChange={(e) => setCode(e.target.value.trim())}
        />
      </div>
      {problem && (
        <p id="close-problem" className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy || code.length !== 6}>
          {t.closeAccount}
        </button>
        <a className="btn-secondary" href={href(locale, 'home')}>
          {t.back}
        </a>
      </div>
    </form>
  );
}

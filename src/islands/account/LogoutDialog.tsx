import { useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { logout } from '../../lib/endpoints.ts';
import { dictionary, href } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { forgetDraft } from '../../lib/checkout-draft-key.ts';
import { $logoutDialog, notify } from '../../stores/ui.ts';
import { clearSession } from '../../stores/user.ts';

/** The logout confirmation's content: revoke the key, clear the user, back to /home (docs/contracts/shop.md §4). */
export default function LogoutDialog({ locale }: { locale: Locale }) {
  const t = dictionary(locale).logout;
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    // A key the server no longer knows is as good as revoked: log out here either way.
    await callApi(logout, {}, { quiet: true, keepSession: true }).catch(() => {});
    clearSession();
    // The checkout's draft holds the customer's name, phone and address: it leaves with them.
    forgetDraft(window.sessionStorage);
    $logoutDialog.set(false);
    setBusy(false);
    notify('success', t.done);
    location.assign(href(locale, 'home'));
  }

  return (
    <>
      <p className="mb-6 text-slate-700">{t.body}</p>
      <div className="flex justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={() => $logoutDialog.set(false)}>
          {t.cancel}
        </button>
        <button type="button" className="btn-primary" disabled={busy} onClick={() => void confirm()}>
          {t.confirm}
        </button>
      </div>
    </>
  );
}

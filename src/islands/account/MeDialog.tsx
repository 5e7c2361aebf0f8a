import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/language.ts';
import { formatPhone } from '../../../contract/phone.ts';
import type { User } from '../../../contract/user.ts';
import { userInfo } from '../../lib/endpoints.ts';
import { htmlLang } from '../../i18n/paths.ts';
import { dictionary } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { $meDialog } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { Modal } from '../ui/Modal.tsx';

/** The Me dialog: the logged-in customer's details, fresh from the server. */
export default function MeDialog({ locale }: { locale: Locale }) {
  const t = dictionary(locale).me;
  const open = useStore($meDialog);
  const [user, setUser] = useState<User | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setProblem(null);
    setUser($session.get()?.user ?? null);
    callApi(userInfo, {})
      .then((fresh) => {
        setUser(fresh);
        const session = $session.get();
        if (session) $session.set({ ...session, user: fresh });
      })
      .catch((err: unknown) => {
        setProblem(err instanceof ApiFailure ? err.message : String(err));
        if (!$session.get()) $meDialog.set(false);
      });
  }, [open]);

  const since = user ? new Intl.DateTimeFormat(htmlLang[locale], { dateStyle: 'long', timeZone: 'Asia/Kuala_Lumpur' }).format(new Date(user.createdAt)) : '';
  return (
    <Modal open={open} onClose={() => $meDialog.set(false)} title={t.title} closeLabel={t.close}>
      {user ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="text-slate-600">{t.phone}</dt>
          <dd className="font-semibold">{formatPhone(user.phone)}</dd>
          <dt className="text-slate-600">{t.name}</dt>
          <dd>{user.realName || user.name || t.noName}</dd>
          <dt className="text-slate-600">{t.memberSince}</dt>
          <dd>{since}</dd>
        </dl>
      ) : (
        <p>{problem ?? t.loading}</p>
      )}
    </Modal>
  );
}

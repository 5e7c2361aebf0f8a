import { useEffect, useState } from 'react';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import type { User } from '../../../contract/user.ts';
import { userInfo } from '../../lib/endpoints.ts';
import { dictionary, href } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { $meDialog } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';

/**
 * The Me dialog's content: the logged-in customer's details, fresh from the server each
 * time the dialog opens (the content is loaded with the dialog's first opening), and links to
 * the page of the customer's data: downloading it and closing the account.
 */
export default function MeDialog({ locale }: { locale: Locale }) {
  const t = dictionary(locale).me;
  const [user, setUser] = useState<User | null>(() => $session.get()?.user ?? null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
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
  }, []);

  const since = user ? dateWords(klDate(new Date(user.createdAt)), locale) : '';
  const myData = href(locale, 'my-data');
  return user ? (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-slate-600">{t.phone}</dt>
        <dd className="font-semibold">{formatPhone(user.phone)}</dd>
        <dt className="text-slate-600">{t.name}</dt>
        <dd>{user.realName || user.name || t.noName}</dd>
        <dt className="text-slate-600">{t.memberSince}</dt>
        <dd>{since}</dd>
      </dl>
      {/* A page of their own: the dialog every page can open carries no more than the links. */}
      <a className="btn-secondary" href={myData}>
        {t.download}
      </a>
      <a className="block text-red-700 underline" href={`${myData}#close`}>
        {t.closeAccount}
      </a>
    </div>
  ) : (
    <p>{problem ?? t.loading}</p>
  );
}

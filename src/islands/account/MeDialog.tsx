import { useEffect, useState } from 'react';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import type { User } from '../../../contract/user.ts';
import { userDataExportFile } from '../../../contract/paths/shop.ts';
import { userInfo } from '../../lib/endpoints.ts';
import { dictionary, href } from '../../i18n/index.ts';
import { ApiFailure, callApi } from '../../lib/api.ts';
import { fetchFile } from '../../lib/file-download.ts';
import { saveFile } from '../../lib/save-file.ts';
import { $meDialog } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';

/**
 * Fetches the customer's data as a file (docs/contracts/running-the-business.md §5) and saves it;
 * a refusal (at most 3 an hour) is shown as any call's is, in the server's words.
 */
export async function downloadMyData(save: (blob: Blob, filename: string) => void = saveFile): Promise<void> {
  const file = await fetchFile(userDataExportFile, 'servauto-export.json').catch(() => null);
  if (file) save(file.blob, file.filename);
}

/**
 * The Me dialog's content: the logged-in customer's details, fresh from the server each
 * time the dialog opens (the content is loaded with the dialog's first opening), and
 * "Download my data", and the way to close the account.
 */
export default function MeDialog({ locale }: { locale: Locale }) {
  const t = dictionary(locale).me;
  const [user, setUser] = useState<User | null>(() => $session.get()?.user ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

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

  const download = async () => {
    setDownloading(true);
    await downloadMyData();
    setDownloading(false);
  };

  const since = user ? dateWords(klDate(new Date(user.createdAt)), locale) : '';
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
      <button type="button" className="btn-secondary" onClick={download} disabled={downloading}>
        {downloading ? t.downloading : t.download}
      </button>
      {/* Its own page: the dialog every page can open carries no more than the link. */}
      <a className="block text-red-700 underline" href={href(locale, 'close-account')}>
        {t.closeAccount}
      </a>
    </div>
  ) : (
    <p>{problem ?? t.loading}</p>
  );
}

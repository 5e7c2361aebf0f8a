import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleContentStatus as statusCall } from '../../../contract/content.ts';
import { momentWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleContentStatus } from '../../lib/console-content-endpoints.ts';
import ConsoleShell from './ConsoleShell.tsx';
import { errorText, LoadFailed, Loading } from './parts.tsx';

/** How often the page looks again while the site builds. */
const BUILDING_LOOK_MS = 3_000;

type ContentStatusDto = ResponseOf<typeof statusCall>;
type PublishDto = ContentStatusDto['publishes'][number];

const resultColours: Record<PublishDto['result'], string> = {
  building: 'bg-sky-50 text-sky-900',
  published: 'bg-green-50 text-green-900',
  failed: 'bg-red-50 text-red-900',
};

/** Why a publication failed: the file, field and language when known, and the build's words. */
function Why({ locale, error }: { locale: Locale; error: NonNullable<PublishDto['error']> }) {
  const t = dictionary(locale).consoleContent;
  const where = [
    [t.file, error.file],
    [t.field, error.field],
    [t.language, error.language],
  ].filter((pair): pair is [string, string] => Boolean(pair[1]));
  return (
    <div>
      {where.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3">
          {where.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="break-all font-mono">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="break-words">{error.message}</p>
    </div>
  );
}

function ContentDesk({ locale }: { locale: Locale }) {
  const t = dictionary(locale).consoleContent;
  const [status, setStatus] = useState<ContentStatusDto | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed('');
    callApi(consoleContentStatus, {}, { quiet: true }).then(
      (s) => live && setStatus(s),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [reloads]);

  // While a publication builds, the page looks again every few seconds until it has ended.
  const building = status?.building || status?.publishes[0]?.result === 'building';
  useEffect(() => {
    if (!building) return;
    const timer = setTimeout(() => setReloads((n) => n + 1), BUILDING_LOOK_MS);
    return () => clearTimeout(timer);
  }, [building, status]);

  if (failed) return <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />;
  if (!status) return <Loading locale={locale} />;
  const when = (iso: string | null) => (iso ? momentWords(iso, locale) : '—');
  return (
    <div className="grid gap-4">
      <p className="text-slate-700">{t.intro}</p>
      <section aria-labelledby="content-now" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="content-now" className="text-lg font-bold">
          {t.now}
        </h2>
        <p>
          {status.version ? (
            <>
              {t.version} <span className="font-mono">{status.version.slice(0, 12)}</span>, {t.publishedAt} {when(status.publishedAt)}
            </>
          ) : (
            t.noVersion
          )}
        </p>
        {status.building && <p role="status">{t.building}</p>}
        <button type="button" className="btn-secondary mt-2" onClick={() => setReloads((n) => n + 1)}>
          {t.refresh}
        </button>
      </section>
      {status.lastError && (
        <section aria-labelledby="content-failed" className="rounded-xl bg-red-50 p-4 text-red-900">
          <h2 id="content-failed" className="text-lg font-bold">
            {t.lastFailed}
          </h2>
          <Why locale={locale} error={status.lastError} />
        </section>
      )}
      {status.publishes.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4">{t.none}</p>
      ) : (
        // Focusable, so the table can be scrolled from the keyboard on a narrow screen.
        <div role="region" aria-labelledby="publishes-caption" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption id="publishes-caption" className="p-3 text-left text-lg font-bold">
              {t.lastPublishes}
            </caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="p-3">
                  {t.time}
                </th>
                <th scope="col" className="p-3">
                  {t.version}
                </th>
                <th scope="col" className="p-3">
                  {t.result}
                </th>
              </tr>
            </thead>
            <tbody>
              {status.publishes.map((p, i) => (
                <tr key={`${p.at}-${p.builder}-${i}`} className="border-t border-slate-200 align-top">
                  <td className="p-3 whitespace-nowrap">{when(p.at)}</td>
                  <td className="p-3 font-mono">{p.version.slice(0, 12)}</td>
                  <td className="p-3">
                    <span className={`inline-block rounded-full px-2 py-0.5 font-semibold ${resultColours[p.result]}`}>{t.results[p.result]}</span>
                    {p.error && (
                      <div className="mt-1">
                        <Why locale={locale} error={p.error} />
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** /console/content (admins): the published site's version, the last failure and why, and the last publications. */
export default function Content({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="content">{() => <ContentDesk locale={locale} />}</ConsoleShell>;
}

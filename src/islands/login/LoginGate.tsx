import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { askToLogIn } from '../../stores/ui.ts';
import { $session, $sessionKnown } from '../../stores/user.ts';

/** `?from=` names where to continue after logging in; only paths of this site are followed. */
export function continueTo(search: string): string | null {
  const from = new URLSearchParams(search).get('from');
  return from && from.startsWith('/pc/') && !from.startsWith('//') ? from : null;
}

/**
 * For pages that need a login (docs/contracts/shop.md §6): without one it explains and opens the login dialog;
 * once logged in it shows the page, or goes on to `?from=`.
 */
export default function LoginGate({ locale, children }: { locale: Locale; children?: ReactNode }) {
  const t = dictionary(locale).gate;
  const session = useStore($session);
  // A new tab may receive the login of the browser's other tabs first.
  const known = useStore($sessionKnown);
  const [ready, setReady] = useState(false);
  const [target, setTarget] = useState<string | null>(null);

  useEffect(() => {
    setTarget(continueTo(location.search));
    setReady(true);
  }, []);

  // Drawn: what the page prepainted (src/components/Prepaint.astro) gives way before this paint,
  // and leaves the page, so nothing reads its words twice.
  useLayoutEffect(() => {
    if (!ready) return;
    document.documentElement.dataset.gateReady = '';
    for (const early of document.querySelectorAll('.prepaint')) early.remove();
  }, [ready]);

  useEffect(() => {
    if (ready && known && !$session.get()) askToLogIn(target ?? location.pathname + location.search);
  }, [ready, known, target]);

  useEffect(() => {
    if (ready && session && target) location.replace(target);
  }, [ready, session, target]);

  if (ready && session && !target) return <>{children}</>;
  return (
    <div className={`${ready ? '' : 'logged-out-only '}mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm`}>
      <h2 className="text-xl font-bold">{t.title}</h2>
      <p className="mt-2 text-slate-700">{t.body}</p>
      <button type="button" className="btn-primary mt-6" onClick={() => askToLogIn(continueTo(location.search) ?? location.pathname + location.search)}>
        {t.action}
      </button>
      <p className="mt-4 text-sm text-slate-600">{dictionary(locale).login.terms}</p>
    </div>
  );
}

import { lazy, Suspense, type ReactNode } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { $carPicker, $loginDialog, $logoutDialog, $meDialog } from '../../stores/ui.ts';
import { LoginShell } from '../login/LoginShell.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useClientStore } from '../ui/useClientStore.ts';
import { loadCarPicker, loadLoginDialog, loadLogoutDialog, loadMeDialog } from './dialogs.ts';
import { Notices } from './Notices.tsx';
import { TimeoutAlert } from './TimeoutAlert.tsx';

type Content = { default: (props: { locale: Locale }) => ReactNode };

/** A dialog's content, loaded on first render; if its code cannot be fetched, it says so. */
const lazyContent = (load: () => Promise<Content>) => lazy(() => load().catch((): Content => ({ default: NotLoaded })));

const LoginDialog = lazyContent(loadLoginDialog);
const CarPicker = lazyContent(loadCarPicker);
const MeDialog = lazyContent(loadMeDialog);
const LogoutDialog = lazyContent(loadLogoutDialog);

function NotLoaded({ locale }: { locale: Locale }) {
  const t = dictionary(locale);
  return (
    <div role="alert">
      <p className="mb-4">{t.dialogs.failed}</p>
      <button type="button" className="btn-primary w-full" onClick={() => location.reload()}>
        {t.errors.refreshPage}
      </button>
    </div>
  );
}

/** What a dialog shows for the moment its content's code is on its way. */
function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="py-4 text-slate-600">
      {text}
    </p>
  );
}

const CLOSED = { open: false };

/**
 * Everything that floats above a page: dialogs and notices, shared by every page. Each
 * dialog's frame (title, close button) is here; its content is loaded when it first opens.
 */
export default function Overlays({ locale }: { locale: Locale }) {
  const t = dictionary(locale);
  // Closed in the first render, as prerendered: a dialog another island opened before this one
  // woke (the login a logged-out page asks for) opens right after, not in a mismatched hydration.
  const login = useClientStore($loginDialog, CLOSED);
  const picker = useClientStore($carPicker, false);
  const me = useClientStore($meDialog, false);
  const logout = useClientStore($logoutDialog, false);
  const lazily = (content: ReactNode, fallback: ReactNode = <Loading text={t.dialogs.loading} />) => <Suspense fallback={fallback}>{content}</Suspense>;
  return (
    <>
      <Notices locale={locale} />
      <Modal open={login.open} onClose={() => $loginDialog.set({ open: false })} title={t.login.title} closeLabel={t.login.close}>
        {lazily(<LoginDialog locale={locale} />, <LoginShell locale={locale} />)}
      </Modal>
      <Modal open={me} onClose={() => $meDialog.set(false)} title={t.me.title} closeLabel={t.me.close}>
        {lazily(<MeDialog locale={locale} />)}
      </Modal>
      <Modal open={picker !== false} onClose={() => $carPicker.set(false)} title={t.picker.title} closeLabel={t.login.close}>
        {lazily(<CarPicker locale={locale} />)}
      </Modal>
      <Modal open={logout} onClose={() => $logoutDialog.set(false)} title={t.logout.title} closeLabel={t.me.close} role="alertdialog">
        {lazily(<LogoutDialog locale={locale} />)}
      </Modal>
      <TimeoutAlert locale={locale} />
    </>
  );
}

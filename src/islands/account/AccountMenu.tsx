import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, href } from '../../i18n/index.ts';
import { copyText } from '../../lib/clipboard.ts';
import { $meDialog, $logoutDialog, askToLogIn } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { loadLoginDialog, loadLogoutDialog, loadMeDialog, prefetch } from '../overlays/dialogs.ts';
import { useClientStore, useHydrated } from '../ui/useClientStore.ts';
import { rememberedStaff } from '../../lib/staff-memory.ts';

/** The Services menu opens the services page with query id -1 (docs/contracts/shop.md §2). */
export const SERVICES_PAGE = 'products/auto-maintenance?id=-1';

const itemClass = 'flex min-h-11 w-full items-center px-4 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100';

/** The account dropdown: where to go, Me, Log Out, and the customer's phone (copied on click). */
export default function AccountMenu({ locale }: { locale: Locale }) {
  const t = dictionary(locale).nav;
  const session = useClientStore($session, null);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [staff, setStaff] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // What the menu's items open, ready by the time one is chosen.
    for (const load of session ? [loadMeDialog, loadLogoutDialog] : [loadLoginDialog]) prefetch(load);
    // Staff see the console here: their role is asked once per login, with the API code loaded only then.
    const userKey = session?.userKey;
    const known = userKey ? rememberedStaff(userKey) : null;
    setStaff(Boolean(known?.role));
    if (userKey && !known)
      void import('../../lib/staff.ts')
        .then((m) => m.staffOf(userKey))
        .then((s) => setStaff(Boolean(s.role)), () => setStaff(false));
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, session]);

  /** Pages that need a login open the login dialog first and continue there afterwards. */
  const go = (page: string, needsLogin: boolean) => (e: React.MouseEvent) => {
    setOpen(false);
    if (needsLogin && !session) {
      e.preventDefault();
      askToLogIn(href(locale, page));
    }
  };
  const withLogin = (then: () => void) => () => {
    setOpen(false);
    // The dialog gives focus back to what had it: the menu button, not an item that is now hidden.
    button.current?.focus();
    if (session) then();
    else askToLogIn(null);
  };

  const phone = session ? formatPhone(session.user.phone) : null;
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn-secondary"
        aria-expanded={open}
        aria-controls="account-menu"
        aria-label={`${t.accountMenu}${phone ? `: ${phone}` : ''}`}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21a8 8 0 0 1 16 0" />
        </svg>
        {/* On a phone the number would push the cart over the name; the button's label still says it. */}
        <span className={phone ? 'hidden whitespace-nowrap sm:inline lg:text-sm' : `${hydrated ? '' : 'logged-out-label '}whitespace-nowrap`}>{phone ?? t.account}</span>
      </button>
      <div
        id="account-menu"
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-60 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl"
      >
        <nav aria-label={t.accountMenu}>
          <ul>
            <li><a className={itemClass} href={href(locale, 'home')} onClick={go('home', false)}>{t.home}</a></li>
            <li><a className={itemClass} href={href(locale, SERVICES_PAGE)} onClick={go(SERVICES_PAGE, true)}>{t.services}</a></li>
            <li><a className={itemClass} href={href(locale, 'myorder-status')} onClick={go('myorder-status', true)}>{t.myOrders}</a></li>
            <li><a className={itemClass} href={href(locale, 'garage')} onClick={go('garage', true)}>{t.myGarage}</a></li>
            <li><a className={itemClass} href={href(locale, 'store')} onClick={go('store', false)}>{t.store}</a></li>
            <li><button type="button" className={itemClass} onClick={withLogin(() => $meDialog.set(true))}>{t.me}</button></li>
            <li><a className={itemClass} href={href(locale, 'about-us-servauto')} onClick={go('about-us-servauto', false)}>{t.about}</a></li>
            {session && staff && <li><a className={itemClass} href={href(locale, 'console')}>{dictionary(locale).nav.console}</a></li>}
            <li className="border-t border-slate-200">
              {session ? (
                <button type="button" className={itemClass} onClick={withLogin(() => $logoutDialog.set(true))}>{t.logOut}</button>
              ) : (
                <button type="button" className={itemClass} onClick={withLogin(() => {})}>{t.logIn}</button>
              )}
            </li>
            {session && phone && (
              <li>
                <button type="button" className={`${itemClass} text-sm text-slate-600`} onClick={() => void copyText(session.user.phone, locale)}>
                  {phone}
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}

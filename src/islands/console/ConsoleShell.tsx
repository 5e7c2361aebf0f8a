import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleStoresList } from '../../lib/console-endpoints.ts';
import { mayOpen, pagesFor, type ConsolePageId } from '../../lib/console.ts';
import { staffOf, type Staff } from '../../lib/staff.ts';
import { rememberedStaff } from '../../lib/staff-memory.ts';
import { $session } from '../../stores/user.ts';
import LoginGate from '../login/LoginGate.tsx';

export interface StaffMember {
  role: NonNullable<Staff['role']>;
  storeId: string | null;
}

/** The console's pages this role may use, the current one marked. */
function ConsoleMenu({ locale, role, current }: { locale: Locale; role: StaffMember['role']; current: ConsolePageId }) {
  const t = dictionary(locale).console;
  return (
    <nav aria-label={t.menuLabel} className="-mx-4 mb-4 overflow-x-auto px-4 pb-1">
      <ul className="flex gap-2 whitespace-nowrap sm:flex-wrap">
        {pagesFor(role).map((p) => (
          <li key={p.id}>
            <a
              href={href(locale, p.page)}
              aria-current={p.id === current ? 'page' : undefined}
              className={`flex min-h-11 items-center rounded-full border px-4 font-semibold ${p.id === current ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
            >
              {t.pages[p.id]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The workshop's name, asked once per login and page: workshop staff see the stores list of their own only. */
let named: { userKey: string; answer: Promise<string> } | null = null;
function workshopName(userKey: string, storeId: string): Promise<string> {
  if (named?.userKey !== userKey) {
    const answer = callApi(consoleStoresList, {}, { quiet: true }).then((list) => list.find((s) => s.id === storeId)?.name ?? storeId);
    named = { userKey, answer };
    answer.catch(() => (named = null));
  }
  return named.answer;
}

/** Whose console this is: the staff member's workshop, or every workshop for the shop's team. */
function WorkshopLine({ locale, userKey, member }: { locale: Locale; userKey: string; member: StaffMember }) {
  const t = dictionary(locale).console;
  const [name, setName] = useState('');
  const storeId = member.role === 'workshop' ? member.storeId : null;
  useEffect(() => {
    if (!storeId) return;
    let live = true;
    workshopName(userKey, storeId).then(
      (n) => live && setName(n),
      () => live && setName(storeId),
    );
    return () => {
      live = false;
    };
  }, [userKey, storeId]);
  const text = storeId ? (name ? fill(t.yourWorkshop, { name }) : '') : t.allWorkshops;
  return <p className="mb-3 min-h-6 font-semibold text-slate-800">{text}</p>;
}

function Box({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm" role="alert">
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}

function StaffGate({ locale, page, children }: { locale: Locale; page: ConsolePageId; children: (staff: StaffMember) => ReactNode }) {
  const t = dictionary(locale).console;
  const session = useStore($session);
  const userKey = session?.userKey ?? '';
  // A role this tab already knows is drawn at once, as the page prepainted it.
  const [staff, setStaff] = useState<Staff | null>(() => (userKey ? rememberedStaff(userKey) : null));
  const [failed, setFailed] = useState('');
  const [tries, setTries] = useState(0);

  useEffect(() => {
    if (!userKey) return;
    let live = true;
    setFailed('');
    // A role may have changed since it was remembered: pages ask afresh on retry.
    staffOf(userKey, { fresh: tries > 0 }).then(
      (s) => live && setStaff(s),
      (err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [userKey, tries]);

  if (failed)
    return (
      <Box title={t.failed}>
        <p className="mt-2 text-slate-700">{failed}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => setTries((n) => n + 1)}>
          {t.retry}
        </button>
      </Box>
    );
  if (!staff) return <p role="status">{t.checking}</p>;
  if (!staff.role)
    return (
      <Box title={t.staffOnly}>
        <p className="mt-2 text-slate-700">{t.staffOnlyBody}</p>
        <a className="btn-primary mt-6" href={href(locale, 'myorder-status')}>
          {t.myOrders}
        </a>
      </Box>
    );
  return <StaffFrame locale={locale} page={page} userKey={userKey} member={{ role: staff.role, storeId: staff.storeId }} children={children} />;
}

/**
 * A staff member's console page: whose it is, the menu of what the role may use, and the page
 * itself if the role may open it. Also prerendered, per role, before the island wakes.
 */
export function StaffFrame({ locale, page, userKey, member, children }: { locale: Locale; page: ConsolePageId; userKey: string; member: StaffMember; children: (staff: StaffMember) => ReactNode }) {
  const t = dictionary(locale).console;
  return (
    <>
      <WorkshopLine locale={locale} userKey={userKey} member={member} />
      <ConsoleMenu locale={locale} role={member.role} current={page} />
      {mayOpen(member.role, page) ? (
        children(member)
      ) : (
        <Box title={t.adminOnly}>
          <p className="mt-2 text-slate-700">{t.adminOnlyBody}</p>
        </Box>
      )}
    </>
  );
}

/** A console page: the login dialog first, then staff only, with the menu of what the role may use. */
export default function ConsoleShell(props: { locale: Locale; page: ConsolePageId; children: (staff: StaffMember) => ReactNode }) {
  return (
    <LoginGate locale={props.locale}>
      <StaffGate {...props} />
    </LoginGate>
  );
}

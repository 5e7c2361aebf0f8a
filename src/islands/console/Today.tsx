import { useEffect, useId, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleWarrantyPage as warrantyCall } from '../../../contract/warranty.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, href } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleOrdersPage, consoleWarrantyPage } from '../../lib/console-endpoints.ts';
import { isIsoDate, klDate } from '../../../contract/rules/kl-calendar.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { DayPicker } from './DayPicker.tsx';
import ConsoleShell, { StaffFrame, type StaffMember } from './ConsoleShell.tsx';
import { StockAttention } from './StockAttention.tsx';
import { errorText, LoadFailed, Loading, OrderCard, StorePicker, useStores, type ConsoleCard } from './parts.tsx';

const PAGE_SIZE = 50;

type Rework = ResponseOf<typeof warrantyCall>['list'][number];

/** The day, workshop and search kept in the address, so a reload or a shared link shows the same. */
function readQuery() {
  const q = new URLSearchParams(location.search);
  const date = q.get('date') ?? '';
  return { date: isIsoDate(date) ? date : klDate(new Date()), store: q.get('store') ?? '', q: q.get('q') ?? '' };
}

function writeQuery(v: { date: string; store: string; q: string }) {
  const q = new URLSearchParams();
  q.set('date', v.date);
  if (v.store) q.set('store', v.store);
  if (v.q) q.set('q', v.q);
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

/** What the address asks for, as it is before the page has run: the console page prepaints it (the day filled in by its script). */
const BEFORE_THE_ADDRESS = { date: '', store: '', q: '' };

/**
 * The day's bookings with their day, workshop and search. `initial` stands in for the address
 * where there is none: the page prerenders the frame with it (src/pages/[...lang]/console.astro).
 */
function Bookings({ locale, staff, initial }: { locale: Locale; staff: StaffMember; initial?: typeof BEFORE_THE_ADDRESS }) {
  const t = dictionary(locale).console;
  const admin = staff.role === 'admin';
  const { stores, failed: storesFailed } = useStores();
  const id = useId();
  const [query, setQuery] = useState(() => initial ?? readQuery());
  const [typed, setTyped] = useState(query.q);
  const [list, setList] = useState<{ key: string; items: ConsoleCard[]; total: number } | null>(null);
  const [reworks, setReworks] = useState<{ key: string; items: Rework[] } | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  // Admins look at every workshop unless they choose one; workshop staff at their own only.
  const storeId = admin ? query.store : (staff.storeId ?? '');
  const everywhere = admin && !storeId;
  const key = `${storeId}|${query.date}|${query.q}`;

  useEffect(() => {
    if (!admin && !storeId) return;
    writeQuery({ ...query, store: admin ? storeId : '' });
    let live = true;
    setFailed('');
    // A search looks through every day; otherwise the chosen day's bookings by time and bay.
    const where = storeId ? { storeId } : {};
    const body = query.q ? { ...where, q: query.q, pageNum: 1, pageSize: PAGE_SIZE } : { ...where, date: query.date, pageNum: 1, pageSize: PAGE_SIZE };
    callApi(consoleOrdersPage, body, { quiet: true }).then(
      (page) => live && setList({ key, items: page.list, total: page.total }),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    // The day's free warranty reworks, booked through the same bays.
    if (!query.q)
      callApi(consoleWarrantyPage, { ...where, date: query.date, pageNum: 1, pageSize: PAGE_SIZE }, { quiet: true }).then(
        (page) => live && setReworks({ key, items: page.list }),
        (err: unknown) => live && setFailed(errorText(err)),
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);

  const go = (date: string) => setQuery({ ...query, date, q: '' });
  const shown = list?.key === key ? list : null;
  const dayHeading = everywhere ? t.bookingsEverywhere : t.bookingsOn;
  const heading = query.q ? fill(everywhere ? t.resultsEverywhere : t.results, { q: query.q }) : fill(dayHeading, { date: dateWords(query.date, locale) });

  return (
    <div className="space-y-4">
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
        {admin && <StorePicker locale={locale} stores={stores ?? []} value={storeId} all={t.everyWorkshop} onChange={(store) => setQuery({ ...query, store })} />}
        <DayPicker locale={locale} id={`${id}-day`} date={query.date} onGo={go} />
        <form
          role="search"
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery({ ...query, q: typed.trim() });
          }}
        >
          <label htmlFor={`${id}-search`} className="font-semibold">
            {t.search}
          </label>
          <div className="flex gap-2">
            <input id={`${id}-search`} type="search" className="field-input min-h-11" maxLength={40} value={typed} onChange={(e) => setTyped(e.target.value)} />
            <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
              {t.searchAction}
            </button>
          </div>
          {query.q && (
            <button
              type="button"
              className="self-start text-sm text-brand-700 underline"
              onClick={() => {
                setTyped('');
                setQuery({ ...query, q: '' });
              }}
            >
              {t.clearSearch}
            </button>
          )}
        </form>
      </div>
      {storesFailed && <LoadFailed locale={locale} text={storesFailed} onRetry={() => location.reload()} />}
      <h2 className="text-xl font-bold" data-day-heading={query.q ? undefined : dayHeading}>
        {heading}
      </h2>
      {failed && <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />}
      {!shown && !failed && <Loading locale={locale} />}
      {shown && shown.items.length === 0 && !(reworks?.key === key && reworks.items.length > 0) && <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center">{query.q ? fill(t.noResults, { q: query.q }) : t.noBookings}</p>}
      {shown && shown.items.length > 0 && (
        <>
          <ul className="grid gap-4 lg:grid-cols-2">
            {shown.items.map((o) => (
              <li key={o.orderNo}>
                <OrderCard locale={locale} order={o} admin={admin} onMoved={() => setReloads((n) => n + 1)} />
              </li>
            ))}
          </ul>
          {shown.total > shown.items.length && <p className="text-center text-sm text-slate-600">{fill(t.shown, { shown: shown.items.length, total: shown.total })}</p>}
        </>
      )}
      {!query.q && reworks?.key === key && reworks.items.length > 0 && (
        <section aria-labelledby="reworks-heading" className="space-y-3">
          <h2 id="reworks-heading" className="text-xl font-bold">
            {fill(t.reworksOn, { date: dateWords(query.date, locale) })}
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {reworks.items.map((r) => (
              <li key={r.claimId}>
                <ReworkCard locale={locale} rework={r} everywhere={everywhere} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A free warranty rework in the day's plan: its time and bay, marked as warranty at no charge; decided on the Warranty page. */
function ReworkCard({ locale, rework: r, everywhere }: { locale: Locale; rework: Rework; everywhere: boolean }) {
  const t = dictionary(locale).console;
  return (
    <article aria-labelledby={`rework-${r.claimId}`} className="space-y-2 rounded-2xl border-2 border-dashed border-brand-600 bg-white p-4">
      <h3 id={`rework-${r.claimId}`} className="text-lg font-bold tabular-nums">
        {r.rework?.time}
        {r.reworkJob && `–${r.reworkJob.endTime}`}
        {r.reworkJob?.bay ? ` · ${fill(t.bay, { bay: r.reworkJob.bay })}` : ''}
      </h3>
      <p className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">{t.reworkFree}</p>
      <p className="font-semibold">
        {fill(t.claimTitle, { claimNo: r.claimNo })} · {t.warrantyStatus[r.status]}
      </p>
      {everywhere && <p className="text-slate-700">{r.workshop.name}</p>}
      <p>{r.car.plate ? `${r.car.plate} · ${r.car.name}` : r.car.name}</p>
      <p>
        <span className="block text-sm text-slate-600">{t.claimLines}</span>
        {r.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ')}
      </p>
      <a href={href(locale, 'console/warranty')} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
        {t.openWarranty}
      </a>
    </article>
  );
}

/**
 * What the console's first page looks like to a role before its data has come: prerendered
 * by the page and shown while the island wakes, when the tab knows the login's role.
 */
export function TodayBeforeData({ locale, role }: { locale: Locale; role: StaffMember['role'] }) {
  // Workshop staff see their own workshop, named once the island has asked for its name.
  const member: StaffMember = { role, storeId: role === 'workshop' ? 'their own' : null };
  return <StaffFrame locale={locale} page="today" userKey="" member={member} children={(staff) => <Bookings locale={locale} staff={staff} initial={BEFORE_THE_ADDRESS} />} />;
}

/** /console: the day's bookings at a workshop, by time and bay. */
export default function Today({ locale }: { locale: Locale }) {
  return (
    <ConsoleShell locale={locale} page="today">
      {(staff) => (
        <div className="space-y-6">
          <Bookings locale={locale} staff={staff} />
          <StockAttention locale={locale} />
        </div>
      )}
    </ConsoleShell>
  );
}

import { useEffect, useId, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleMobileDay as dayCall } from '../../../contract/console-mobile.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { isIsoDate, klClock, klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleMobileDay, consoleOrdersFind } from '../../lib/console-endpoints.ts';
import { vansFor, type ConsoleVan } from '../../lib/console-vans.ts';
import { DayPicker } from './DayPicker.tsx';
import ConsoleShell, { type StaffMember } from './ConsoleShell.tsx';
import { NotThere, OnTheWay } from './VanDayDialogs.tsx';
import { errorText, LoadFailed, Loading, Moves, StandingBadge, type ConsoleDetail } from './parts.tsx';

type Day = ResponseOf<typeof dayCall>;
export type Job = Day['windows'][number]['jobs'][number];

/** The app's name, the same in every language. */
const WAZE = 'Waze';

/** The van and day kept in the address, so a reload or a shared link shows the same day. */
function readQuery(mine: ConsoleVan[]) {
  const q = new URLSearchParams(location.search);
  const date = q.get('date') ?? '';
  const van = q.get('van') ?? '';
  return { date: isIsoDate(date) ? date : klDate(new Date()), vanId: mine.some((v) => v.id === van) ? van : (mine[0]?.id ?? '') };
}

function writeQuery(v: { date: string; vanId: string }) {
  history.replaceState(null, '', `${location.pathname}?${new URLSearchParams({ van: v.vanId, date: v.date })}`);
}

/** HH:mm in Kuala Lumpur of an instant. */
function klTime(iso: string) {
  const m = klClock(new Date(iso)).minute;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * What a job allows: "On the way" and "Customer not there" while booked, and Start and Complete
 * as for an installation (the console's own buttons, with the odometer and tyre date codes asked
 * on completion), from the whole order as the server allows it.
 */
function JobActions({ locale, job, admin, onMoved }: { locale: Locale; job: Job; admin: boolean; onMoved: () => void }) {
  const t = dictionary(locale).console;
  const [order, setOrder] = useState<ConsoleDetail | null>(null);
  const [asking, setAsking] = useState<'' | 'onTheWay' | 'notThere'>('');
  const live = job.status === 'UPCOMING' || job.status === 'IN_PROGRESS';
  const booked = job.status === 'UPCOMING' && job.stage === 'BOOKED';

  useEffect(() => {
    if (!live) return;
    let current = true;
    callApi(consoleOrdersFind, { orderNo: job.orderNo }, { quiet: true }).then(
      (o) => current && setOrder(o),
      () => current && setOrder(null),
    );
    return () => {
      current = false;
    };
  }, [live, job.orderNo, job.status, job.stage]);

  if (!live) return null;
  const extra = booked ? (
    <button type="button" className="btn-secondary" onClick={() => setAsking('notThere')}>
      {t.notThere}
    </button>
  ) : null;
  return (
    <>
      {/* Setting off comes first on the road: its button leads, as wide as the card. */}
      {booked && !job.onTheWayAt && (
        <button type="button" className="btn-primary w-full" onClick={() => setAsking('onTheWay')}>
          {t.onTheWay}
        </button>
      )}
      {order ? (
        <Moves locale={locale} order={order} admin={admin} onMoved={onMoved} extra={extra} />
      ) : (
        extra && <div className="flex flex-wrap gap-2">{extra}</div>
      )}
      {asking === 'onTheWay' && <OnTheWay locale={locale} job={job} open onBack={() => setAsking('')} onDone={onMoved} />}
      {asking === 'notThere' && <NotThere locale={locale} job={job} open onBack={() => setAsking('')} onDone={onMoved} />}
    </>
  );
}

/** One job as the technician reads it on a phone: who and where, how to get there, what to fit, and what may be done now. */
export function JobCard({ locale, window: w, job, admin, onMoved }: { locale: Locale; window: { start: string; end: string }; job: Job; admin: boolean; onMoved: () => void }) {
  const t = dictionary(locale).console;
  const a = job.address;
  const headingId = `job-${job.orderNo}`;
  return (
    <article className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={headingId}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold tabular-nums">
          {w.start}–{w.end}
          <span className="block text-sm font-normal text-slate-600">{fill(t.openOrder, { orderNo: job.orderNo })}</span>
        </h3>
        <StandingBadge locale={locale} order={job} />
      </header>
      {job.closedAccount ? (
        <p className="font-semibold">{t.closedAccount}</p>
      ) : (
        <>
          <p>
            <span className="font-semibold">{job.customer}</span> ·{' '}
            <a className="whitespace-nowrap font-semibold text-brand-700 underline" href={`tel:${job.phone}`}>
              {formatPhone(job.phone)}
            </a>
          </p>
          <section aria-label={t.vanAddress} className="space-y-2">
            <address className="not-italic">
              {a.line1}
              {a.line2 && <span className="block">{a.line2}</span>}
              <span className="block">
                {a.postcode} {a.city}, {a.state}
              </span>
            </address>
            {a.landmark && (
              <p className="rounded-lg bg-amber-50 p-3 text-amber-950">
                <span className="block text-sm font-semibold">{t.vanLandmark}</span>
                {a.landmark}
              </p>
            )}
            <div className="grid grid-cols-2 gap-2">
              <a className="btn-secondary" href={job.mapsUrl} target="_blank" rel="noopener noreferrer">
                {t.googleMaps}
                <span className="sr-only"> {t.newTab}</span>
              </a>
              <a className="btn-secondary" href={job.wazeUrl} target="_blank" rel="noopener noreferrer">
                {WAZE}
                <span className="sr-only"> {t.newTab}</span>
              </a>
            </div>
          </section>
        </>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-semibold">{t.plate}</dt>
        <dd className="font-mono font-bold">{job.carPlate}</dd>
        <dt className="font-semibold">{t.vanToFit}</dt>
        <dd>
          <ul>
            {job.items.map((l, i) => (
              <li key={i}>
                {l.quantity} × {l.name}
              </li>
            ))}
          </ul>
          <span className="text-sm text-slate-600">{fill(t.vanMinutes, { minutes: job.minutes })}</span>
        </dd>
      </dl>
      {job.onTheWayAt && job.etaMinutes !== null && (
        <p className="rounded-lg bg-brand-50 p-3 font-semibold text-brand-900">{fill(t.onTheWaySince, { time: klTime(job.onTheWayAt), minutes: job.etaMinutes })}</p>
      )}
      <JobActions locale={locale} job={job} admin={admin} onMoved={onMoved} />
    </article>
  );
}

/** The chosen van's day: its windows in order, each with its jobs. */
function Day({ locale, staff }: { locale: Locale; staff: StaffMember }) {
  const t = dictionary(locale).console;
  const id = useId();
  const mine = vansFor(staff);
  const [query, setQuery] = useState(() => readQuery(mine));
  const [day, setDay] = useState<{ key: string; answer: Day } | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  const key = `${query.vanId}|${query.date}`;

  useEffect(() => {
    if (!query.vanId) return;
    writeQuery(query);
    let live = true;
    setFailed('');
    callApi(consoleMobileDay, { vanId: query.vanId, date: query.date }, { quiet: true }).then(
      (answer) => live && setDay({ key, answer }),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);

  if (mine.length === 0) return <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center">{t.vanNone}</p>;
  const go = (date: string) => setQuery({ ...query, date });
  const shown = day?.key === key ? day.answer : null;
  const van = mine.find((v) => v.id === query.vanId);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-van`} className="font-semibold">
            {t.vanLabel}
          </label>
          <select id={`${id}-van`} className="field-input min-h-11" value={query.vanId} onChange={(e) => setQuery({ ...query, vanId: e.target.value })}>
            {mine.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <DayPicker locale={locale} id={`${id}-day`} date={query.date} onGo={go} />
      </div>
      <h2 className="text-xl font-bold">{fill(t.vanDayOn, { van: van?.name ?? query.vanId, date: dateWords(query.date, locale) })}</h2>
      {failed && <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />}
      {!shown && !failed && <Loading locale={locale} />}
      {shown && (
        <ol className="space-y-6">
          {shown.windows.map((w) => (
            <li key={w.start} className="space-y-3" aria-labelledby={`${id}-${w.start}`}>
              <h3 id={`${id}-${w.start}`} className="border-b border-slate-300 pb-1 text-lg font-bold tabular-nums text-slate-800">
                {w.start}–{w.end}
              </h3>
              {w.jobs.length === 0 ? (
                <p className="text-slate-600">{t.vanWindowEmpty}</p>
              ) : (
                <ul className="grid gap-4 lg:grid-cols-2">
                  {w.jobs.map((job) => (
                    <li key={job.orderNo}>
                      <JobCard locale={locale} window={w} job={job} admin={staff.role === 'admin'} onMoved={() => setReloads((n) => n + 1)} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** /console/van: a van's day at the customer's places, phone first (docs/contracts/running-the-business.md §2). */
export default function VanDay({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="van">{(staff) => <Day locale={locale} staff={staff} />}</ConsoleShell>;
}

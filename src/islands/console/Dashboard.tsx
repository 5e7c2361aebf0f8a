import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleDashboard } from '../../../contract/console-dashboard.ts';
import { dayMonthWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill, plural, type Plural } from '../../i18n/index.ts';
import { htmlLang } from '../../i18n/paths.ts';
import { callApi } from '../../lib/api.ts';
import { niceScale, TYRE_NEAR_LIMIT_MONTHS } from '../../lib/console.ts';
import { consoleDashboard as dashboardEndpoint } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import ConsoleShell from './ConsoleShell.tsx';
import { errorText, LoadFailed, Loading } from './parts.tsx';

type Figures = ResponseOf<typeof consoleDashboard>;
type Day = Figures['days'][number];
type Metric = 'orders' | 'revenueSen' | 'refundedSen';

/** The row of parcels sent by post, not a workshop (contract/console-dashboard.ts). */
const MAIL = 'mail';
const W = 600;
const H = 180;
/** The axis labels' font size, and the width a character of it takes at most (digits, "RM"). */
const FONT = 11;
const CHAR = 7;
const BOTTOM = 22;
const TOP = 12;

/** Bars per day, drawn as SVG: no chart library to load. Its numbers are in its label and its bars' titles. */
function DayChart({ locale, days, metric, title, value }: { locale: Locale; days: Day[]; metric: Metric; title: string; value: (n: number) => string }) {
  const t = dictionary(locale).console;
  const values = days.map((d) => d[metric]);
  const max = Math.max(0, ...values);
  // An empty money chart still reads in ringgit: its scale goes to RM 1, not 1 sen.
  const { top, steps } = niceScale(max || (metric === 'orders' ? 1 : 100));
  const peak = days[values.indexOf(max)];
  const ticks = steps.map((s) => ({ s, text: metric === 'orders' ? String(s) : value(s).replace(/\.00$/, '') }));
  // The money axis is as wide as its longest label ("RM 10,000"), so none is cut at the edge.
  const left = Math.max(...ticks.map((k) => k.text.length)) * CHAR + 10;
  const slot = (W - left) / Math.max(1, days.length);
  const y = (v: number) => TOP + (H - BOTTOM - TOP) * (1 - v / top);
  const label = peak ? fill(t.chartLabel, { what: title, from: dayMonthWords(days[0]!.date, locale), to: dayMonthWords(days[days.length - 1]!.date, locale), max: value(max), day: dayMonthWords(peak.date, locale) }) : title;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <figcaption className="flex flex-wrap justify-between gap-2 font-semibold">
        <span>{fill(t.perDay, { what: title })}</span>
        <span className="text-slate-700">{fill(t.total, { value: value(values.reduce((a, b) => a + b, 0)) })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="mt-2 w-full" role="img" aria-label={label}>
        {ticks.map(({ s, text }) => (
          <g key={s}>
            <line x1={left} x2={W} y1={y(s)} y2={y(s)} stroke="#e2e8f0" />
            <text x={left - 6} y={y(s) + 4} textAnchor="end" fontSize={FONT} fill="#475569">
              {text}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const v = d[metric];
          return (
            <rect key={d.date} x={left + i * slot + slot * 0.15} width={slot * 0.7} y={y(v)} height={Math.max(0, H - BOTTOM - y(v))} rx="2" fill={metric === 'refundedSen' ? '#dc2626' : '#2563eb'}>
              <title>{`${dayMonthWords(d.date, locale)}: ${value(v)}`}</title>
            </rect>
          );
        })}
        {/* A date every week, counted back from the last day, which ends at the right edge. */}
        {days.map((d, i) =>
          (days.length - 1 - i) % 7 === 0 ? (
            <text key={d.date} x={i === days.length - 1 ? W : left + i * slot + slot / 2} y={H - 6} textAnchor={i === days.length - 1 ? 'end' : 'middle'} fontSize={FONT} fill="#475569">
              {dayMonthWords(d.date, locale)}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}

/** Horizontal bars, one per workshop, with the figure written beside each. */
function StoreBars({ title, rows, idle, hint }: { title: string; rows: { id: string; name: string; share: number; text: string }[]; idle: string; hint?: string }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold">{title}</h3>
      {hint && <p className="text-sm text-slate-700">{hint}</p>}
      {idle && <p className="text-sm text-slate-600">{idle}</p>}
      <ul className="mt-2 space-y-2">
        {rows.map((r) => (
          <li key={r.id}>
            {/* A long figure goes under the name on a phone rather than squeezing it. */}
            <div className="flex flex-wrap justify-between gap-x-2 text-sm">
              <span>{r.name}</span>
              <span className="ml-auto text-right font-semibold">{r.text}</span>
            </div>
            <div className="h-3 rounded bg-slate-100" aria-hidden="true">
              <div className="h-3 rounded bg-brand-600" style={{ width: `${Math.round(Math.min(1, Math.max(0, r.share)) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Charts({ locale }: { locale: Locale }) {
  const t = dictionary(locale).console;
  const [figures, setFigures] = useState<Figures | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed('');
    callApi(dashboardEndpoint, {}, { quiet: true }).then(
      (f) => live && setFigures(f),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [reloads]);

  if (failed) return <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />;
  if (!figures) return <Loading locale={locale} />;
  const money = (sen: number) => formatRM(sen, locale);
  const count = (n: number) => n.toLocaleString(htmlLang[locale]);
  const metrics: [Metric, string, (n: number) => string][] = [
    ['orders', t.orders, count],
    ['revenueSen', t.revenue, money],
    ['refundedSen', t.refundsPaid, money],
  ];
  const sum = (days: Day[], m: Metric) => days.reduce((a, d) => a + d[m], 0);
  // The server counts the quiet workshops of each list, out of the same workshops.
  const idleOf = (forms: Plural, quiet: number) => (quiet > 0 ? fill(plural(locale, forms, quiet), { total: count(figures.workshops) }) : '');
  const idleText = (quiet: number) => idleOf(t.idleStores, quiet);
  // Warranty figures are the workshops' own: parcels ("mail") have no jobs to hold up.
  const workshops = figures.stores.filter((s) => s.id !== MAIL);
  const rate = (n: number) => n.toLocaleString(htmlLang[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const topRate = Math.max(1, ...workshops.map((s) => s.warranty.claimsPer100Jobs));
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t.dashboardIntro}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {metrics.map(([m, title, value]) => (
          <DayChart key={m} locale={locale} days={figures.days} metric={m} title={title} value={value} />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {metrics.map(([m, title, value]) => {
          // Only workshops (and parcels) with something to show; the rest are counted, not listed.
          const totals = figures.stores
            .map((s) => ({ id: s.id, name: s.name, total: sum(s.days, m) }))
            .filter((s) => s.total > 0)
            .sort((a, b) => b.total - a.total);
          const top = Math.max(1, ...totals.map((s) => s.total));
          return <StoreBars key={m} title={fill(t.perWorkshop, { what: title })} idle={idleText(figures.quiet[m])} rows={totals.map((s) => ({ id: s.id, name: s.name, share: s.total / top, text: value(s.total) }))} />;
        })}
        <StoreBars
          title={t.bayUse}
          idle={idleText(figures.quiet.bayUse)}
          rows={figures.stores
            .filter((s) => s.bookedUnits > 0)
            .sort((a, b) => b.bayUse - a.bayUse)
            .map((s) => ({ id: s.id, name: s.name, share: s.bayUse, text: fill(t.bayUsePct, { pct: Math.round(s.bayUse * 100) }) }))}
        />
        {/* How the work holds up: workshops with jobs (or tyres fitted) listed, the rest counted. */}
        <StoreBars
          title={t.claimsPer100}
          idle={idleOf(t.idleJobs, workshops.filter((s) => s.warranty.jobs === 0).length)}
          rows={workshops
            .filter((s) => s.warranty.jobs > 0)
            .sort((a, b) => b.warranty.claimsPer100Jobs - a.warranty.claimsPer100Jobs)
            .map((s) => ({ id: s.id, name: s.name, share: s.warranty.claimsPer100Jobs / topRate, text: fill(t.claimsPer100Text, { rate: rate(s.warranty.claimsPer100Jobs), claims: count(s.warranty.claims), jobs: count(s.warranty.jobs) }) }))}
        />
        <StoreBars
          title={t.tyresNearLimit}
          hint={fill(t.tyresNearHint, { months: TYRE_NEAR_LIMIT_MONTHS })}
          idle={idleOf(t.idleTyres, workshops.filter((s) => s.warranty.tyresFitted === 0).length)}
          rows={workshops
            .filter((s) => s.warranty.tyresFitted > 0)
            .sort((a, b) => b.warranty.tyresNearLimit - a.warranty.tyresNearLimit || b.warranty.tyresFitted - a.warranty.tyresFitted)
            .map((s) => ({ id: s.id, name: s.name, share: s.warranty.tyresNearLimit / s.warranty.tyresFitted, text: fill(t.tyresNearText, { near: count(s.warranty.tyresNearLimit), fitted: count(s.warranty.tyresFitted) }) }))}
        />
      </div>
    </div>
  );
}

/** /console/dashboard (admins): the last 30 days per day and per workshop, bay use, warranty claims per 100 jobs and tyres fitted near the age limit. */
export default function Dashboard({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="dashboard">{() => <Charts locale={locale} />}</ConsoleShell>;
}

import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleStockPage } from '../../lib/console-endpoints.ts';
import { WAREHOUSE } from '../../../contract/rules/stock.ts';
import ConsoleShell, { type StaffMember } from './ConsoleShell.tsx';
import { errorText, LoadFailed, useStores } from './parts.tsx';
import { StockDialog, type StockAction } from './StockDialogs.tsx';
import { StockImport } from './StockImport.tsx';
import { ReceiveNew } from './StockReceiveNew.tsx';
import { batchWords, count, placeNameOf, type Place, type StockRow } from './StockParts.tsx';

const PAGE_SIZE = 50;

interface Query {
  location: string;
  q: string;
  low: boolean;
  aged: boolean;
  page: number;
}

/** The place, search, filters and page kept in the address, so a reload or a link (the Attention list's) shows the same. */
function readQuery(): Query {
  const q = new URLSearchParams(location.search);
  const page = Number(q.get('page'));
  return { location: q.get('location') ?? '', q: q.get('q') ?? '', low: q.get('low') === '1', aged: q.get('aged') === '1', page: Number.isInteger(page) && page > 0 ? page : 1 };
}

function writeQuery(v: Query) {
  const q = new URLSearchParams();
  if (v.location) q.set('location', v.location);
  if (v.q) q.set('q', v.q);
  if (v.low) q.set('low', '1');
  if (v.aged) q.set('aged', '1');
  if (v.page > 1) q.set('page', String(v.page));
  const search = q.toString();
  history.replaceState(null, '', search ? `${location.pathname}?${search}` : location.pathname);
}

function Badge({ text, tone }: { text: string; tone: 'amber' | 'red' }) {
  return <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tone === 'red' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}>{text}</span>;
}

/** A row's batches: each DOT code in words with its count, aged ones marked. */
function Batches({ locale, row }: { locale: Locale; row: StockRow }) {
  const t = dictionary(locale).consoleStock;
  const dated = row.batches.filter((b) => b.dot);
  if (dated.length === 0) return null;
  return (
    <ul className="space-y-1">
      {dated.map((b) => (
        <li key={b.dot}>
          <span className="tabular-nums">{count(b.onHand)}</span> × {batchWords(locale, b.dot)}
          {b.aged && <Badge text={t.aged} tone="red" />}
        </li>
      ))}
    </ul>
  );
}

function Actions({ locale, admin, onAction }: { locale: Locale; admin: boolean; onAction: (kind: StockAction) => void }) {
  const t = dictionary(locale).consoleStock;
  const kinds: StockAction[] = admin ? ['receive', 'adjust', 'transfer', 'history'] : ['receive', 'adjust', 'history'];
  return (
    <div className="flex flex-wrap gap-2">
      {kinds.map((k) => (
        <button key={k} type="button" className="btn-secondary min-h-11 px-3 py-1 text-sm whitespace-nowrap" onClick={() => onAction(k)}>
          {t[k]}
        </button>
      ))}
    </div>
  );
}

function StockDesk({ locale, staff }: { locale: Locale; staff: StaffMember }) {
  const t = dictionary(locale).consoleStock;
  const admin = staff.role === 'admin';
  const { stores, failed: storesFailed } = useStores();
  const id = useId();
  const [query, setQuery] = useState<Query>(readQuery);
  const [typed, setTyped] = useState(query.q);
  const [answer, setAnswer] = useState<{ key: string; list: StockRow[]; total: number } | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  const [open, setOpen] = useState<{ kind: StockAction; row: StockRow } | null>(null);
  const key = JSON.stringify(query);

  useEffect(() => {
    writeQuery(query);
    let live = true;
    setFailed('');
    const body = { ...(query.location ? { location: query.location } : {}), ...(query.q ? { q: query.q } : {}), ...(query.low ? { low: true } : {}), ...(query.aged ? { aged: true } : {}), pageNum: query.page, pageSize: PAGE_SIZE };
    callApi(consoleStockPage, body, { quiet: true }).then(
      (page) => live && setAnswer({ key, list: page.list, total: page.total }),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
    // The query says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, reloads]);

  const places: Place[] = [{ id: WAREHOUSE, name: t.warehouse }, ...[...(stores ?? [])].sort((a, b) => a.name.localeCompare(b.name, locale)).map((s) => ({ id: s.id, name: s.name }))];
  const placeName = (id: string) => placeNameOf(places, id);
  const everywhere = admin && !query.location;
  const set = (change: Partial<Query>) => setQuery({ ...query, page: 1, ...change });
  const shown = answer?.key === key ? answer : null;
  const from = (query.page - 1) * PAGE_SIZE;

  return (
    <div className="space-y-4">
      <div className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] md:items-end">
        {admin && (
          <label className="flex flex-col gap-1 font-semibold">
            {t.place}
            <select className="field-input min-h-11 font-normal" value={query.location} onChange={(e) => set({ location: e.target.value })}>
              <option value="">{t.allPlaces}</option>
              {places.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <form
          role="search"
          className={`flex flex-col gap-1 ${admin ? '' : 'md:col-span-2'}`}
          onSubmit={(e) => {
            e.preventDefault();
            set({ q: typed.trim() });
          }}
        >
          <label htmlFor={`${id}-search`} className="font-semibold">
            {t.search}
          </label>
          <div className="flex gap-2">
            <input id={`${id}-search`} type="search" className="field-input min-h-11 min-w-0" maxLength={80} value={typed} onChange={(e) => setTyped(e.target.value)} />
            <button type="submit" className="btn-primary shrink-0">
              {t.searchAction}
            </button>
          </div>
        </form>
        <div className="flex flex-wrap gap-4">
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" className="size-5" checked={query.low} onChange={(e) => set({ low: e.target.checked })} />
            {t.lowOnly}
          </label>
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input type="checkbox" className="size-5" checked={query.aged} onChange={(e) => set({ aged: e.target.checked })} />
            {t.agedOnly}
          </label>
        </div>
        {query.q && (
          <button
            type="button"
            className="justify-self-start text-sm text-brand-700 underline"
            onClick={() => {
              setTyped('');
              set({ q: '' });
            }}
          >
            {t.clearSearch}
          </button>
        )}
      </div>
      <ReceiveNew
        locale={locale}
        location={admin ? query.location || null : staff.storeId}
        places={places}
        placeName={placeName}
        onReceived={(row) => {
          // The list follows: the row received, whatever the filters showed before.
          setTyped(row.sku);
          setQuery({ ...query, q: row.sku, low: false, aged: false, page: 1 });
          setReloads((n) => n + 1);
        }}
      />
      {admin && <StockImport locale={locale} onImported={() => setReloads((n) => n + 1)} />}
      {storesFailed && <LoadFailed locale={locale} text={storesFailed} onRetry={() => location.reload()} />}
      {failed && <LoadFailed locale={locale} text={failed} onRetry={() => setReloads((n) => n + 1)} />}
      {!shown && !failed && (
        <p className="text-slate-600" role="status">
          {t.loading}
        </p>
      )}
      {shown && shown.list.length === 0 && <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center">{t.none}</p>}
      {shown && shown.list.length > 0 && (
        <>
          <table className="hidden w-full border-collapse overflow-hidden rounded-2xl border border-slate-200 bg-white text-left md:table">
            <thead className="bg-slate-50 text-sm">
              <tr>
                <th scope="col" className="p-3">
                  {t.product}
                </th>
                {everywhere && (
                  <th scope="col" className="p-3">
                    {t.place}
                  </th>
                )}
                <th scope="col" className="p-3 text-right whitespace-nowrap">
                  {t.onHand}
                </th>
                <th scope="col" className="p-3 text-right whitespace-nowrap">
                  {t.reserved}
                </th>
                <th scope="col" className="p-3 text-right whitespace-nowrap">
                  {t.available}
                </th>
                <th scope="col" className="p-3">
                  {t.batches}
                </th>
                <th scope="col" className="p-3">
                  {t.actions}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.list.map((row) => (
                <tr key={`${row.location}|${row.sku}`} className="border-t border-slate-200 align-top">
                  <th scope="row" className="p-3 font-normal">
                    <span className="block font-semibold">{row.name}</span>
                    <span className="block text-sm break-words text-slate-600">{row.sku}</span>
                  </th>
                  {everywhere && <td className="p-3">{placeName(row.location)}</td>}
                  <td className="p-3 text-right tabular-nums">{count(row.onHand)}</td>
                  <td className="p-3 text-right tabular-nums">{count(row.reserved)}</td>
                  <td className="p-3 text-right tabular-nums whitespace-nowrap">
                    {count(row.available)}
                    {row.available <= row.lowAt && <Badge text={t.low} tone="amber" />}
                  </td>
                  <td className="p-3 text-sm">
                    <Batches locale={locale} row={row} />
                  </td>
                  <td className="p-3">
                    <Actions locale={locale} admin={admin} onAction={(kind) => setOpen({ kind, row })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="space-y-3 md:hidden">
            {shown.list.map((row) => (
              <li key={`${row.location}|${row.sku}`} className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4" aria-label={row.name}>
                <p className="font-semibold">{row.name}</p>
                <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{row.sku}</p>
                {everywhere && <p className="text-sm">{placeName(row.location)}</p>}
                <dl className="grid grid-cols-3 gap-2 text-center">
                  {(
                    [
                      [t.onHand, row.onHand],
                      [t.reserved, row.reserved],
                      [t.available, row.available],
                    ] as const
                  ).map(([label, n]) => (
                    <div key={label} className="rounded-lg bg-slate-50 p-2">
                      <dt className="text-xs text-slate-600">{label}</dt>
                      <dd className="font-semibold tabular-nums">{count(n)}</dd>
                    </div>
                  ))}
                </dl>
                {row.available <= row.lowAt && <Badge text={t.low} tone="amber" />}
                <div className="text-sm">
                  <Batches locale={locale} row={row} />
                </div>
                <Actions locale={locale} admin={admin} onAction={(kind) => setOpen({ kind, row })} />
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600 tabular-nums">{fill(t.shown, { from: from + 1, to: from + shown.list.length, total: shown.total })}</p>
            <div className={`flex gap-2 ${shown.total > PAGE_SIZE || query.page > 1 ? '' : 'hidden'}`}>
              <button type="button" className="btn-secondary" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
                {t.previous}
              </button>
              <button type="button" className="btn-secondary" disabled={from + shown.list.length >= shown.total} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
                {t.next}
              </button>
            </div>
          </div>
        </>
      )}
      <StockDialog locale={locale} open={open} places={places} placeName={placeName} onClose={() => setOpen(null)} onChanged={() => setReloads((n) => n + 1)} />
    </div>
  );
}

/** /console/stock: each place's counts, their batches, and the staff's receipts, counts, transfers and imports. */
export default function Stock({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="stock">{(staff) => <StockDesk locale={locale} staff={staff} />}</ConsoleShell>;
}

import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleOrdersPage, consoleOrderDetail } from '../../../contract/console.ts';
import type { consoleStoresList } from '../../../contract/console-stores.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { findState } from '../../../contract/rules/postcode.ts';
import type { z } from 'zod';
import { dictionary, fill, labelled } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleOrdersComplete, consoleOrdersReady, consoleOrdersStart, consoleStoresList as storesEndpoint } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { cityPlaces } from '../../lib/places.ts';
import { notify } from '../../stores/ui.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import { beforeBookedDay, StartEarly } from './StartEarly.tsx';
import { CompleteService, type CompletedLine } from './CompleteService.tsx';
import { standing } from '../my-orders/format.ts';
import { useAction } from '../my-orders/form-parts.tsx';

export type ConsoleCard = ResponseOf<typeof consoleOrdersPage>['list'][number];
export type ConsoleDetail = z.infer<typeof consoleOrderDetail>;
export type ConsoleStore = ResponseOf<typeof consoleStoresList>[number];

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** "Show": all, or the items in one status, named in words. */
export function StatusFilter<S extends string>({ label, all, statuses, names, value, onChange }: { label: string; all: string; statuses: readonly S[]; names: Record<S, string>; value: S | ''; onChange: (status: S | '') => void }) {
  return (
    <label className="flex flex-col gap-1 font-semibold">
      {label}
      <select className="field-input min-h-11 font-normal" value={value} onChange={(e) => onChange(e.target.value as S | '')}>
        <option value="">{all}</option>
        {statuses.map((s) => (
          <option key={s} value={s}>
            {names[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A console list filtered by a status and a workshop, shown a page more at a time: every page is
 * asked again when a filter changes or `reload` is called, so an item moved by a filter or an
 * action is never shown twice; `replace` puts an item as the server answered it in its place.
 */
export function useFilteredPages<S extends string, T>(load: (filter: { status?: S; storeId?: string }, pageNum: number) => Promise<{ list: T[]; total: number }>, same: (a: T, b: T) => boolean) {
  const [status, setStatus] = useState<S | ''>('');
  const [storeId, setStoreId] = useState('');
  const [pages, setPages] = useState(1);
  const [list, setList] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed('');
    const filter = { ...(status ? { status } : {}), ...(storeId ? { storeId } : {}) };
    Promise.all(Array.from({ length: pages }, (_, i) => load(filter, i + 1))).then(
      (answers) => {
        if (!live) return;
        setList(answers.flatMap((a) => a.list));
        setTotal(answers[0]?.total ?? 0);
      },
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
    // The filters and the pages say when to ask again, not the loader's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, storeId, pages, reloads]);
  return {
    status,
    storeId,
    list,
    total,
    failed,
    filterStatus: (s: S | '') => (setStatus(s), setPages(1)),
    filterStore: (id: string) => (setStoreId(id), setPages(1)),
    more: () => setPages((n) => n + 1),
    reload: () => setReloads((n) => n + 1),
    replace: (item: T) => setList((l) => (l ?? []).map((x) => (same(x, item) ? item : x))),
  };
}

/** The workshops this staff member may work on (all for admins), loaded once per page. */
export function useStores() {
  const [stores, setStores] = useState<ConsoleStore[] | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    callApi(storesEndpoint, {}, { quiet: true }).then(setStores, (err: unknown) => setFailed(errorText(err)));
  }, []);
  return { stores, failed };
}

interface PickedStore {
  store: ConsoleStore;
  town: string;
  state: string;
  /** What a filter is matched against, lower case: name, town and state, in this language and as stored. */
  words: string;
}

/** The workshops by state, then town, then name, in the page's language. */
function storesInOrder(locale: Locale, stores: ConsoleStore[]): PickedStore[] {
  const towns = new Map(cityPlaces(locale).map((c) => [c.value, c.label]));
  const order = new Intl.Collator(locale);
  return stores
    .map((store) => {
      const town = towns.get(store.city) ?? store.city;
      const state = findState(store.state)?.label[locale] ?? store.state;
      return { store, town, state, words: [store.name, town, state, store.city, store.state].join(' ').toLowerCase() };
    })
    .sort((a, b) => order.compare(a.state, b.state) || order.compare(a.town, b.town) || order.compare(a.store.name, b.store.name));
}

/**
 * The workshop to work on, grouped by state and town, with a box that narrows the list as a
 * name, town or state is typed. `all`: the label of a first choice meaning every workshop.
 */
export function StorePicker({ locale, stores, value, onChange, all }: { locale: Locale; stores: ConsoleStore[]; value: string; onChange: (id: string) => void; all?: string }) {
  const t = dictionary(locale).console;
  const id = useId();
  const [filter, setFilter] = useState('');
  const ordered = useMemo(() => storesInOrder(locale, stores), [locale, stores]);
  const typed = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matching = ordered.filter((s) => typed.every((w) => s.words.includes(w)));
  // Said of a filter typed, not of a list still loading.
  const unmatched = typed.length > 0 && matching.length === 0;
  // The chosen workshop stays in the list, so the box keeps showing it.
  const shown = matching.some((s) => s.store.id === value) ? matching : ordered.filter((s) => s.store.id === value).concat(matching);
  const groups: { label: string; items: PickedStore[] }[] = [];
  for (const s of shown) {
    const label = `${s.state} · ${s.town}`;
    if (groups.at(-1)?.label === label) groups.at(-1)!.items.push(s);
    else groups.push({ label, items: [s] });
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-store`} className="font-semibold">
        {t.workshop}
      </label>
      {/* There from the first paint, so nothing moves when the workshops come; usable once there is a choice. */}
      <input
        type="search"
        className="field-input min-h-11"
        aria-label={t.filterWorkshops}
        placeholder={t.filterWorkshops}
        disabled={stores.length < 2}
        aria-describedby={unmatched ? `${id}-none` : undefined}
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          const words = e.target.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
          const left = ordered.filter((s) => words.every((w) => s.words.includes(w)));
          // One workshop left: it is the one meant.
          if (words.length > 0 && left.length === 1) onChange(left[0]!.store.id);
        }}
      />
      <select id={`${id}-store`} className="field-input min-h-11" value={value} onChange={(e) => onChange(e.target.value)}>
        {all !== undefined ? (
          <option value="">{all}</option>
        ) : (
          <option value="" disabled>
            {t.chooseWorkshop}
          </option>
        )}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.items.map((s) => (
              <option key={s.store.id} value={s.store.id}>
                {s.store.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {unmatched && (
        <p id={`${id}-none`} className="text-sm text-slate-700" role="status">
          {fill(t.noWorkshopMatch, { q: filter.trim() })}
        </p>
      )}
    </div>
  );
}

export function Loading({ locale }: { locale: Locale }) {
  return (
    <p className="text-slate-600" role="status">
      {dictionary(locale).console.loading}
    </p>
  );
}

export function LoadFailed({ locale, text, onRetry }: { locale: Locale; text: string; onRetry: () => void }) {
  const t = dictionary(locale).console;
  return (
    <div className="rounded-lg bg-red-50 p-4 text-red-900" role="alert">
      <p>{t.failed}</p>
      <p className="text-sm">{text}</p>
      <button type="button" className="btn-secondary mt-2" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

/** Where an order stands, in the words customers read too. */
export function StandingBadge({ locale, order }: { locale: Locale; order: Pick<ConsoleCard, 'status' | 'stage'> }) {
  const t = dictionary(locale).myOrders;
  const s = standing(order);
  return <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900">{s.kind === 'stage' ? t.stage[s.key] : t.status[s.key]}</span>;
}

export function Lines({ lines }: { lines: ConsoleCard['lines'] }) {
  return (
    <ul className="space-y-1">
      {lines.map((l, i) => (
        <li key={i}>
          <span className="font-semibold">
            {l.quantity} × {l.name}
          </span>
          {l.options.length > 0 && <span className="block text-sm text-slate-700">{l.options.join(' · ')}</span>}
        </li>
      ))}
    </ul>
  );
}

type Move = 'start' | 'complete' | 'ready';

/** Start, complete (not a pickup: that needs the code, at the counter) or mark ready, with the server's refusal shown in place. */
export function Moves({
  locale,
  order,
  onMoved,
  extra,
  admin = false,
}: {
  locale: Locale;
  order: Pick<ConsoleCard, 'orderNo' | 'method' | 'actions'> & { lines: CompletedLine[]; appointment?: { date: string; time: string } | null };
  onMoved: (o: ConsoleDetail) => void;
  extra?: ReactNode;
  /** An admin may fit a tyre older than the promise, with a reason. */
  admin?: boolean;
}) {
  const t = dictionary(locale).console;
  const { busy, failure, run } = useAction();
  const [askEarly, setAskEarly] = useState(false);
  const [askKm, setAskKm] = useState(false);
  const booked = order.appointment;
  const send = (move: Move) =>
    run(async () => {
      const { orderNo } = order;
      const endpoint = move === 'start' ? consoleOrdersStart : move === 'ready' ? consoleOrdersReady : consoleOrdersComplete;
      const moved = await callApi(endpoint, { orderNo }, { quiet: true });
      notify('success', fill(move === 'start' ? t.started : move === 'ready' ? t.readyDone : t.completed, { orderNo }));
      onMoved(moved);
    });
  const a = order.actions;
  // Fitted at a workshop or at the customer's place: completing asks for the odometer (and tyre date codes).
  const fitted = order.method === 'install' || order.method === 'mobile';
  const buttons: [Move, string][] = [];
  if (a.start) buttons.push(['start', t.start]);
  if (a.ready) buttons.push(['ready', t.markReady]);
  if (a.complete && order.method !== 'pickup') buttons.push(['complete', order.method === 'mail' ? t.delivered : t.complete]);
  if (buttons.length === 0 && !extra && !failure) return null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {buttons.map(([move, label]) => (
          <button key={move} type="button" className="btn-primary" disabled={busy} aria-busy={busy} onClick={() =>
              move === 'start' && beforeBookedDay(booked, klDate(new Date())) ? setAskEarly(true) : move === 'complete' && fitted ? setAskKm(true) : void send(move)
            }
          >
            {busy ? t.working : label}
          </button>
        ))}
        {extra}
      </div>
      {failure && (
        <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900" role="alert">
          {failure}
        </p>
      )}
      {fitted && a.complete && <CompleteService locale={locale} orderNo={order.orderNo} lines={order.lines} admin={admin} open={askKm} onBack={() => setAskKm(false)} onMoved={onMoved} />}
      {booked && (
        <StartEarly
          locale={locale}
          orderNo={order.orderNo}
          booked={booked}
          open={askEarly}
          onBack={() => setAskEarly(false)}
          onStart={() => {
            setAskEarly(false);
            void send('start');
          }}
        />
      )}
    </div>
  );
}

/**
 * The customer's name and a link to call them; a closed account reads "closed account" with
 * nothing to call (docs/contracts/running-the-business.md §5).
 */
export function Customer({ locale, customer, sep }: { locale: Locale; customer: ConsoleCard['customer']; sep: string }) {
  if (customer.closedAccount) return <>{dictionary(locale).console.closedAccount}</>;
  return (
    <>
      {customer.name}
      {sep}
      <a className="whitespace-nowrap underline" href={`tel:${customer.phone}`}>
        {formatPhone(customer.phone)}
      </a>
    </>
  );
}

/** One order as staff read it at the bay: when and where, the car, what to fit with its options, the notes. */
export function OrderCard({ locale, order, onMoved, admin = false, children }: { locale: Locale; order: ConsoleCard; onMoved: (o: ConsoleDetail) => void; admin?: boolean; children?: ReactNode }) {
  const t = dictionary(locale).console;
  const a = order.appointment;
  return (
    <article className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`order-${order.orderNo}`}>
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`order-${order.orderNo}`} className="text-lg font-bold">
          {a ? `${a.time}–${a.endTime}` : ''} {a?.bay ? <span className="text-brand-700">{fill(t.bay, { bay: a.bay })}</span> : null}
          <span className="block text-sm font-normal text-slate-600">
            {fill(t.openOrder, { orderNo: order.orderNo })}
            {a && ` · ${dateWords(a.date, locale)}`}
            {order.store && ` · ${order.store.name}`}
          </span>
        </h3>
        <StandingBadge locale={locale} order={order} />
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">{t.car}</dt>
        <dd>{order.car.name}</dd>
        {/* A pickup or a parcel may go without a plate: no empty row then. */}
        {order.car.plate && (
          <>
            <dt className="font-semibold">{t.plate}</dt>
            <dd className="font-mono text-base font-bold">{order.car.plate}</dd>
          </>
        )}
        <dt className="font-semibold">{t.customer}</dt>
        <dd>
          <Customer locale={locale} customer={order.customer} sep=" · " />
        </dd>
        {order.expressNo && (
          <>
            <dt className="font-semibold">{t.trackingNo}</dt>
            <dd>
              {order.expressCompany} {order.expressNo}
            </dd>
          </>
        )}
      </dl>
      <section aria-label={t.items}>
        <Lines lines={order.lines} />
        <p className="mt-1 text-sm text-slate-600">{formatRM(order.totalSen, locale)}</p>
      </section>
      {order.notes && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <span className="font-semibold">{labelled(locale, t.notes)}</span>
          {order.notes}
        </p>
      )}
      {children ?? <Moves locale={locale} order={order} onMoved={onMoved} admin={admin} />}
    </article>
  );
}

/** The whole order as a card, so an order found at the counter reads like one in the day's list. */
export function cardOf(d: ConsoleDetail): ConsoleCard {
  const latest = d.refunds[0];
  return {
    orderNo: d.orderNo,
    status: d.status,
    stage: d.stage,
    method: d.method,
    createdAt: d.createdAt,
    store: d.store ? { id: d.store.id, name: d.store.name } : null,
    appointment: d.appointment ? { ...d.appointment, bay: d.bay } : null,
    car: { name: d.car.name, plate: d.car.plate },
    customer: { name: d.contact.name, phone: d.contact.phone, ...(d.closedAccount ? { closedAccount: true as const } : {}) },
    lines: d.consoleLines,
    notes: d.notes,
    expressCompany: d.expressCompany,
    expressNo: d.expressNo,
    totalSen: d.totals.totalSen,
    paidSen: d.paidSen,
    refundedSen: d.refundedSen,
    money: d.money,
    refund: latest ? { refundNo: latest.refundNo, status: latest.status, amountSen: latest.amountSen } : null,
    actions: d.actions,
  };
}

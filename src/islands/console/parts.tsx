import { useEffect, useState, type ReactNode } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleOrdersPage, consoleOrderDetail } from '../../../contract/console.ts';
import type { consoleStoresList } from '../../../contract/console-stores.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import type { z } from 'zod';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleOrdersComplete, consoleOrdersReady, consoleOrdersStart, consoleStoresList as storesEndpoint } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { notify } from '../../stores/ui.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { klDate } from '../../../contract/rules/kl-calendar.ts';
import { beforeBookedDay, StartEarly } from './StartEarly.tsx';
import { CompleteService } from './CompleteService.tsx';
import { standing } from '../my-orders/format.ts';
import { useAction } from '../my-orders/form-parts.tsx';

export type ConsoleCard = ResponseOf<typeof consoleOrdersPage>['list'][number];
export type ConsoleDetail = z.infer<typeof consoleOrderDetail>;
export type ConsoleStore = ResponseOf<typeof consoleStoresList>[number];

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The workshops this staff member may work on (all for admins), loaded once per page. */
export function useStores() {
  const [stores, setStores] = useState<ConsoleStore[] | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    callApi(storesEndpoint, {}, { quiet: true }).then(setStores, (err: unknown) => setFailed(errorText(err)));
  }, []);
  return { stores, failed };
}

export function StorePicker({ locale, stores, value, onChange }: { locale: Locale; stores: ConsoleStore[]; value: string; onChange: (id: string) => void }) {
  const t = dictionary(locale).console;
  return (
    <label className="flex flex-col gap-1 font-semibold">
      {t.workshop}
      <select className="field-input min-h-11 font-normal" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="" disabled>
          {t.chooseWorkshop}
        </option>
        {stores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
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
}: {
  locale: Locale;
  order: Pick<ConsoleCard, 'orderNo' | 'method' | 'actions'> & { appointment?: { date: string; time: string } | null };
  onMoved: (o: ConsoleDetail) => void;
  extra?: ReactNode;
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
              move === 'start' && beforeBookedDay(booked, klDate(new Date())) ? setAskEarly(true) : move === 'complete' && order.method === 'install' ? setAskKm(true) : void send(move)
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
      {order.method === 'install' && a.complete && <CompleteService locale={locale} orderNo={order.orderNo} open={askKm} onBack={() => setAskKm(false)} onMoved={onMoved} />}
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

/** One order as staff read it at the bay: when and where, the car, what to fit with its options, the notes. */
export function OrderCard({ locale, order, onMoved, children }: { locale: Locale; order: ConsoleCard; onMoved: (o: ConsoleDetail) => void; children?: ReactNode }) {
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
        <dt className="font-semibold">{t.plate}</dt>
        <dd className="font-mono text-base font-bold">{order.car.plate}</dd>
        <dt className="font-semibold">{t.customer}</dt>
        <dd>
          {order.customer.name} · <a className="whitespace-nowrap underline" href={`tel:${order.customer.phone}`}>{formatPhone(order.customer.phone)}</a>
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
          <span className="font-semibold">{t.notes}: </span>
          {order.notes}
        </p>
      )}
      {children ?? <Moves locale={locale} order={order} onMoved={onMoved} />}
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
    customer: { name: d.contact.name, phone: d.contact.phone },
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

import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { TRACKING_NO } from '../../lib/console.ts';
import { couriers, trackingLink } from '../../../contract/rules/couriers.ts';
import { consoleOrdersFind, consoleOrdersPage, consoleOrdersShip } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { useAction } from '../my-orders/form-parts.tsx';
import ConsoleShell from './ConsoleShell.tsx';
import { errorText, LoadFailed, Loading, Moves, OrderCard, type ConsoleCard, type ConsoleDetail } from './parts.tsx';

/** The server answers at most 100 a page. */
const PAGE_SIZE = 100;

/** Where the parcel goes: the list leaves the address out, so each parcel to ship asks for its order. */
function ShipTo({ locale, orderNo }: { locale: Locale; orderNo: string }) {
  const t = dictionary(locale).console;
  const [address, setAddress] = useState<ConsoleDetail['address'] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    callApi(consoleOrdersFind, { orderNo }, { quiet: true }).then(
      (o) => live && setAddress(o.address),
      () => live && setAddress(null),
    );
    return () => {
      live = false;
    };
  }, [orderNo]);
  if (!address) return null;
  return (
    <address className="rounded-lg bg-slate-50 p-3 text-sm not-italic">
      <span className="block font-semibold">{t.shipTo}</span>
      {address.recipient}, <span className="whitespace-nowrap">{formatPhone(address.phone)}</span>
      <br />
      {[address.line1, address.line2].filter(Boolean).join(', ')}
      <br />
      {address.postcode} {address.city}, {address.state}
    </address>
  );
}

function ShipForm({ locale, order, onMoved }: { locale: Locale; order: ConsoleCard; onMoved: (o: ConsoleDetail) => void }) {
  const t = dictionary(locale).console;
  const [courier, setCourier] = useState('');
  const [no, setNo] = useState('');
  const [problems, setProblems] = useState<{ courier?: string; no?: string }>({});
  const { busy, failure, run } = useAction();
  const id = order.orderNo;
  const submit = () => {
    const expressNo = no.trim();
    const found = { courier: courier ? undefined : t.courierRequired, no: !expressNo ? t.trackingRequired : TRACKING_NO.test(expressNo) ? undefined : t.trackingInvalid };
    setProblems(found);
    if (found.courier || found.no) return;
    void run(async () => {
      const moved = await callApi(consoleOrdersShip, { orderNo: id, expressCompany: courier, expressNo }, { quiet: true });
      notify('success', fill(t.shippedDone, { orderNo: id, courier: couriers.find((c) => c.id === courier)?.name ?? courier }));
      onMoved(moved);
    });
  };
  return (
    <form className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <div>
        <label htmlFor={`courier-${id}`} className="block font-semibold">
          {t.courier}
        </label>
        <select id={`courier-${id}`} className="field-input min-h-11" value={courier} aria-invalid={problems.courier ? true : undefined} aria-describedby={problems.courier ? `courier-${id}-problem` : undefined} onChange={(e) => setCourier(e.target.value)}>
          <option value="">{t.chooseCourier}</option>
          {couriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {problems.courier && <p id={`courier-${id}-problem`} className="field-error">{problems.courier}</p>}
      </div>
      <div>
        <label htmlFor={`tracking-${id}`} className="block font-semibold">
          {t.trackingNo}
        </label>
        <input id={`tracking-${id}`} className="field-input min-h-11 font-mono" autoComplete="off" maxLength={30} value={no} aria-invalid={problems.no ? true : undefined} aria-describedby={problems.no ? `tracking-${id}-problem` : undefined} onChange={(e) => setNo(e.target.value)} />
        {problems.no && <p id={`tracking-${id}-problem`} className="field-error">{problems.no}</p>}
      </div>
      <button type="submit" className="btn-primary sm:mt-6" disabled={busy} aria-busy={busy}>
        {busy ? t.working : t.ship}
      </button>
      {failure && (
        <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900 sm:col-span-3" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

function Parcels({ locale }: { locale: Locale }) {
  const t = dictionary(locale).console;
  const [lists, setLists] = useState<{ toShip: ConsoleCard[]; onTheWay: ConsoleCard[] } | null>(null);
  const [failed, setFailed] = useState('');
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed('');
    // Every open parcel, a page at a time.
    const open = async (status: 'UPCOMING' | 'IN_PROGRESS') => {
      const list = [];
      for (let pageNum = 1; ; pageNum++) {
        const page = await callApi(consoleOrdersPage, { status, method: 'mail', pageNum, pageSize: PAGE_SIZE }, { quiet: true });
        list.push(...page.list);
        if (!page.list.length || list.length >= page.total) return list;
      }
    };
    Promise.all([open('UPCOMING'), open('IN_PROGRESS')]).then(
      ([toShip, onTheWay]) => live && setLists({ toShip: toShip.filter((o) => o.actions.ship), onTheWay }),
      (err: unknown) => live && setFailed(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [reloads]);

  const reload = () => setReloads((n) => n + 1);
  const section = (title: string, list: ConsoleCard[], toShip: boolean) => (
    <section className="space-y-3" aria-labelledby={`mail-${toShip ? 'ship' : 'way'}`}>
      <h2 id={`mail-${toShip ? 'ship' : 'way'}`} className="text-xl font-bold">
        {title} <span className="text-slate-600">({list.length})</span>
      </h2>
      {list.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center">{t.noMail}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {list.map((o) => {
            const track = trackingLink(o.expressCompany, o.expressNo);
            return (
              <li key={o.orderNo}>
                <OrderCard locale={locale} order={o} onMoved={reload}>
                  {toShip ? (
                    <div className="space-y-3">
                      <ShipTo locale={locale} orderNo={o.orderNo} />
                      <ShipForm locale={locale} order={o} onMoved={reload} />
                    </div>
                  ) : (
                    <Moves
                      locale={locale}
                      order={o}
                      onMoved={reload}
                      extra={track && <a className="btn-secondary" href={track.url} target="_blank" rel="noopener noreferrer">{t.track}</a>}
                    />
                  )}
                </OrderCard>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );

  if (failed) return <LoadFailed locale={locale} text={failed} onRetry={reload} />;
  if (!lists) return <Loading locale={locale} />;
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{t.mailIntro}</p>
      {section(t.toShip, lists.toShip, true)}
      {section(t.inTransit, lists.onTheWay, false)}
    </div>
  );
}

/** /console/mail: parcels to ship, and those on the way to complete once delivered. */
export default function Mail({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="mail">{() => <Parcels locale={locale} />}</ConsoleShell>;
}

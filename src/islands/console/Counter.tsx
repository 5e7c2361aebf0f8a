import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { counterLookup, pickupCodeOf } from '../../lib/console.ts';
import { consoleOrdersComplete, consoleOrdersFind } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { useAction } from '../my-orders/form-parts.tsx';
import ConsoleShell from './ConsoleShell.tsx';
import { cardOf, OrderCard, Moves, type ConsoleDetail } from './parts.tsx';
import { QrScanner, scannerAvailable } from './QrScanner.tsx';

/** Hand a ready pickup over: the code the customer shows, checked by the server. */
function HandOver({ locale, order, knownCode, onMoved }: { locale: Locale; order: ConsoleDetail; knownCode: string; onMoved: (o: ConsoleDetail) => void }) {
  const t = dictionary(locale).console;
  const [code, setCode] = useState(knownCode);
  const [problem, setProblem] = useState('');
  const { busy, failure, run } = useAction();
  const submit = () => {
    const pickupCode = pickupCodeOf(code);
    setProblem(pickupCode ? '' : t.codeFormat);
    if (!pickupCode) return;
    void run(async () => {
      const moved = await callApi(consoleOrdersComplete, { orderNo: order.orderNo, pickupCode }, { quiet: true });
      notify('success', fill(t.handedOver, { orderNo: order.orderNo }));
      onMoved(moved);
    });
  };
  return (
    <form className="space-y-2" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <label htmlFor="handover-code" className="block font-semibold">
        {t.handOverCode}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="handover-code"
          className="field-input min-h-11 max-w-40 font-mono text-lg tracking-widest"
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          value={code}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'handover-problem' : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? t.working : t.handOver}
        </button>
      </div>
      {problem && (
        <p id="handover-problem" className="field-error">
          {problem}
        </p>
      )}
      {failure && (
        <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

function CounterDesk({ locale, admin }: { locale: Locale; admin: boolean }) {
  const t = dictionary(locale).console;
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const [found, setFound] = useState<{ order: ConsoleDetail; code: string } | null>(null);
  const [scanning, setScanning] = useState(false);
  const [canScan, setCanScan] = useState<boolean | null>(null);
  const { busy, failure, run } = useAction();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setCanScan(scannerAvailable()), []);

  const find = (text: string) => {
    const lookup = counterLookup(text);
    setProblem(lookup ? '' : t.findRequired);
    if (!lookup) return;
    setFound(null);
    void run(async () => {
      const order = await callApi(consoleOrdersFind, lookup, { quiet: true });
      setFound({ order, code: 'pickupCode' in lookup ? lookup.pickupCode : '' });
    });
  };

  const moved = (order: ConsoleDetail) => setFound((f) => (f ? { ...f, order } : f));
  const order = found?.order;
  const handOver = order && order.method === 'pickup' && order.actions.complete;
  const anything = order && (handOver || order.actions.start || order.actions.ready || order.actions.complete);

  return (
    <div className="space-y-4">
      <form className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4" role="search" noValidate onSubmit={(e) => (e.preventDefault(), find(typed))}>
        <p className="text-slate-700">{t.counterIntro}</p>
        <label htmlFor="counter-find" className="block font-semibold">
          {t.codeOrOrder}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="counter-find"
            className="field-input min-h-11 max-w-xs font-mono text-lg"
            autoComplete="off"
            maxLength={40}
            value={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'counter-problem' : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t.working : t.find}
          </button>
          {canScan && (
            <button type="button" className="btn-secondary" aria-pressed={scanning} onClick={() => setScanning(!scanning)}>
              {scanning ? t.stopScan : t.scan}
            </button>
          )}
        </div>
        {problem && (
          <p id="counter-problem" className="field-error">
            {problem}
          </p>
        )}
        {canScan === false && <p className="text-sm text-slate-600">{t.noScanner}</p>}
        {scanning && (
          <QrScanner
            locale={locale}
            onCode={(code) => {
              setScanning(false);
              setTyped(code);
              find(code);
            }}
            onFail={() => {
              setScanning(false);
              setProblem(t.cameraRefused);
              input.current?.focus();
            }}
          />
        )}
      </form>
      {failure && (
        <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900" role="alert">
          {failure}
        </p>
      )}
      {order && (
        <OrderCard locale={locale} order={cardOf(order)} onMoved={moved}>
          <div className="space-y-3">
            <Moves locale={locale} order={order} onMoved={moved} admin={admin} />
            {handOver && <HandOver key={order.orderNo} locale={locale} order={order} knownCode={found.code} onMoved={moved} />}
            {!anything && <p className="text-slate-700">{t.nothingToDo}</p>}
          </div>
        </OrderCard>
      )}
    </div>
  );
}

/** /console/counter: find an order by its pickup code or number, and carry it on. */
export default function Counter({ locale }: { locale: Locale }) {
  return <ConsoleShell locale={locale} page="counter">{(staff) => <CounterDesk locale={locale} admin={staff.role === 'admin'} />}</ConsoleShell>;
}

import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderFind, orderPayStatus, payMethodsOffered } from '../../lib/order-endpoints.ts';
import type { Offered } from '../../lib/pay-choice.ts';
import { askWithReturn } from '../../lib/provider-return.ts';
import LoginGate from '../login/LoginGate.tsx';
import { Confirmation } from './Confirmation.tsx';
import { PayForm, startedKey } from './PayForm.tsx';
import { PayingFor } from './PayingFor.tsx';
import { Receipt } from './Receipt.tsx';
import type { OrderDetailDto } from './types.ts';

/** The payment page of a new order (/pages) or an existing unpaid one (/pages-order), for its owner. */
export default function Payment({ locale }: { locale: Locale }) {
  return (
    <LoginGate locale={locale}>
      <PaymentPage locale={locale} />
    </LoginGate>
  );
}

function takeStarted(orderNo: string): boolean {
  try {
    const started = sessionStorage.getItem(startedKey(orderNo)) !== null;
    sessionStorage.removeItem(startedKey(orderNo));
    return started;
  } catch {
    return false;
  }
}

function PaymentPage({ locale }: { locale: Locale }) {
  const t = dictionary(locale).payment;
  const [orderNo] = useState(() => new URLSearchParams(location.search).get('orderNo')?.trim() ?? '');
  const [order, setOrder] = useState<OrderDetailDto | null>(null);
  const [deadline, setDeadline] = useState(0);
  const [returned, setReturned] = useState(false);
  const [attempt, setAttempt] = useState<'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED' | null>(null);
  const [failed, setFailed] = useState('');
  const [refused, setRefused] = useState('');
  const [offered, setOffered] = useState<Offered | null>(null);
  const [offeredFailed, setOfferedFailed] = useState(false);

  const loadOffered = useCallback(() => {
    setOfferedFailed(false);
    // Not quiet: a failure shows the shop's usual error, and the form says the methods are missing.
    callApi(payMethodsOffered, {}).then(setOffered, () => setOfferedFailed(true));
  }, []);

  const load = useCallback(async () => {
    // The provider is asked first: a customer back from its page sees what really happened. Its
    // return, if any, goes with the first ask only: it leaves the address bar once sent.
    const checked = await askWithReturn(
      (providerReturn) => callApi(orderPayStatus, { orderNo, ...(providerReturn ? { providerReturn } : {}) }, { quiet: true }),
      location.href,
      (url) => history.replaceState(history.state, '', url),
    );
    // A return the provider did not sign: nothing about the payment is shown, only the refusal.
    if ('refused' in checked) {
      setRefused(checked.refused);
      return;
    }
    setRefused('');
    const status = checked.answer;
    const detail = await callApi(orderFind, { orderNo }, { quiet: true });
    setDeadline(Date.now() + detail.secondsToPay * 1000);
    setOrder(detail);
    setAttempt(status.payment?.status ?? null);
    // Back from the provider unpaid: the payment failed or is still pending there.
    if (takeStarted(orderNo) && !status.paid) setReturned(true);
  }, [orderNo]);

  const run = useCallback(() => {
    load().catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)));
  }, [load]);

  useEffect(() => {
    if (!orderNo) return;
    run();
    loadOffered();
  }, [orderNo, run, loadOffered]);

  const timeOver = useCallback(() => {
    setOrder((o) => (o ? { ...o, secondsToPay: 0, actions: { ...o.actions, pay: false } } : o));
  }, []);

  if (!orderNo) return <p className="rounded-lg bg-amber-50 p-4 text-amber-900">{t.noOrder}</p>;
  if (failed) return <p className="rounded-lg bg-red-50 p-4 text-red-900" role="alert">{failed}</p>;
  if (refused)
    return (
      <div className="space-y-3">
        <p className="rounded-lg bg-red-50 p-4 font-semibold text-red-900" role="alert">
          {refused}
        </p>
        <button type="button" className="btn-secondary" onClick={run}>
          {t.checkAgain}
        </button>
      </div>
    );
  if (!order) return <p className="text-slate-600">{t.checking}</p>;

  const paid = order.paidSen > 0 && order.status !== 'PENDING_PAYMENT' && order.status !== 'CANCELLED';
  if (paid) return <Confirmation locale={locale} order={order} />;

  const payable = order.status === 'PENDING_PAYMENT' && order.actions.pay && order.secondsToPay > 0;
  // The form waits for the methods with the rest of the page: nothing is offered that the provider does not take.
  if (payable && !offered && !offeredFailed) return <p className="text-slate-600">{t.checking}</p>;
  // Why it ended, as its history words it ("Payment time expired." when the time to pay ran out).
  const cancelledFor = order.status === 'CANCELLED' ? (order.history.findLast((h) => h.status === 'CANCELLED')?.note ?? '') : null;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-4">
        <p className="text-lg font-semibold">{fill(t.orderNo, { orderNo: order.orderNo })}</p>
        <PayingFor locale={locale} order={order} />
        {payable && (attempt === 'FAILED' || attempt === 'EXPIRED' || returned) && (
          <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-900" role="alert">
            {attempt === 'FAILED' || attempt === 'EXPIRED' ? t.payFailed : t.notPaid}
          </p>
        )}
        {payable && offered ? (
          <PayForm locale={locale} orderNo={order.orderNo} totalSen={order.totals.totalSen} offered={offered} deadline={deadline} lastMethod={order.payments.at(-1)?.method} onTimeOver={timeOver} />
        ) : payable && offeredFailed ? (
          <div className="space-y-3">
            <p className="rounded-lg bg-red-50 p-3 font-semibold text-red-900" role="alert">
              {t.methodsFailed}
            </p>
            <button type="button" className="btn-secondary" onClick={loadOffered}>
              {t.tryAgain}
            </button>
          </div>
        ) : (
          <p className="rounded-lg bg-slate-100 p-4 font-semibold" role="status">
            {cancelledFor !== null ? fill(t.cancelled, { reason: cancelledFor }) : order.status === 'PENDING_PAYMENT' ? t.timeOver : t.notPayable}
          </p>
        )}
      </div>
      <Receipt locale={locale} order={order} paid={false} />
    </div>
  );
}

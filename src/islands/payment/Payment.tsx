import { useCallback, useEffect, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderFind, orderPayStatus } from '../../lib/order-endpoints.ts';
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

  const load = useCallback(async () => {
    // The provider is asked first: a customer back from its page sees what really happened.
    const status = await callApi(orderPayStatus, { orderNo }, { quiet: true });
    const detail = await callApi(orderFind, { orderNo }, { quiet: true });
    setDeadline(Date.now() + detail.secondsToPay * 1000);
    setOrder(detail);
    setAttempt(status.payment?.status ?? null);
    // Back from the provider unpaid: the payment failed or is still pending there.
    if (takeStarted(orderNo) && !status.paid) setReturned(true);
  }, [orderNo]);

  useEffect(() => {
    if (!orderNo) return;
    load().catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)));
  }, [orderNo, load]);

  const timeOver = useCallback(() => {
    setOrder((o) => (o ? { ...o, secondsToPay: 0, actions: { ...o.actions, pay: false } } : o));
  }, []);

  if (!orderNo) return <p className="rounded-lg bg-amber-50 p-4 text-amber-900">{t.noOrder}</p>;
  if (failed) return <p className="rounded-lg bg-red-50 p-4 text-red-900" role="alert">{failed}</p>;
  if (!order) return <p className="text-slate-600">{t.checking}</p>;

  const paid = order.paidSen > 0 && order.status !== 'PENDING_PAYMENT' && order.status !== 'CANCELLED';
  if (paid) return <Confirmation locale={locale} order={order} />;

  const payable = order.status === 'PENDING_PAYMENT' && order.actions.pay && order.secondsToPay > 0;
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
        {payable ? (
          <PayForm locale={locale} orderNo={order.orderNo} totalSen={order.totals.totalSen} deadline={deadline} lastMethod={order.payments.at(-1)?.method} onTimeOver={timeOver} />
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

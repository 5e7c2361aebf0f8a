import { useEffect, useState } from 'react';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderChangeTime, orderFind } from '../../lib/order-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { type OrderDetailDto } from './format.ts';
import { Buttons, Failure, useAction, type FormProps } from './form-parts.tsx';
import { itemsOf, TimeChoice } from './TimeChoice.tsx';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A new date and time at the same workshop, from the times it has free for the order's lines: checkout's own picker. */
export function ChangeTimeForm({ locale, target, onClose, onDone }: FormProps) {
  const t = dictionary(locale).myOrders;
  const [order, setOrder] = useState<OrderDetailDto | null>(target.detail);
  const [choice, setChoice] = useState({ date: '', time: '' });
  const [missing, setMissing] = useState('');
  const [loadFailure, setLoadFailure] = useState('');
  const { busy, failure, run } = useAction();

  // From the list, the order's workshop and lines are fetched first.
  useEffect(() => {
    if (order) return;
    let live = true;
    callApi(orderFind, { orderNo: target.orderNo }, { quiet: true }).then(
      (o) => live && setOrder(o),
      (err: unknown) => live && setLoadFailure(message(err)),
    );
    return () => {
      live = false;
    };
  }, [order, target.orderNo]);

  const storeId = order?.store?.id ?? '';
  const postcode = order?.visit && order.address?.postcode;
  // A visit moves to another of its van's windows; the time sent is the window's start.
  const ask = postcode ? { postcode, items: itemsOf(order.lines), variantId: order.car.variantId } : order && storeId ? { storeId, items: itemsOf(order.lines), orderNo: order.orderNo } : null;

  const submit = () => {
    if (!choice.date || !choice.time) {
      setMissing(t.chooseTime);
      return;
    }
    return run(async () => {
      const changed = await callApi(orderChangeTime, { orderNo: target.orderNo, date: choice.date, time: choice.time.slice(0, 5) }, { quiet: true });
      const when = changed.appointment ?? { date: choice.date, time: choice.time };
      notify('success', fill(t.changed, { when: fill(t.when, { date: dateWords(when.date, locale), time: when.time }) }));
      onDone({ kind: 'changed', order: changed });
    });
  };

  const now = target.appointment;
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      {now && <p className="font-semibold">{fill(t.changeNow, { when: fill(t.when, { date: dateWords(now.date, locale), time: now.time }) })}</p>}
      {order?.closure ? (
        <p className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-950">{fill(t.changeFree, { date: dateWords(order.closure.date, locale) })}</p>
      ) : (
        <p className="text-sm text-slate-700">{fill(t.changeRule, { left: target.reschedulesLeft })}</p>
      )}
      {order?.store && <p className="text-sm text-slate-700">{order.store.name}</p>}
      {loadFailure ? <Failure text={loadFailure} /> : <TimeChoice locale={locale} ask={ask} choice={choice} error={missing} onChoice={(c) => (setChoice(c), setMissing(''))} />}
      <Failure text={failure} />
      <Buttons action={t.confirmChange} back={t.back} busy={busy} working={t.working} onBack={onClose} />
    </form>
  );
}

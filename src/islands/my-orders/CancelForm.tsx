import { useId, useState } from 'react';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderCancel } from '../../lib/order-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure, useAction, type FormProps } from './form-parts.tsx';

/** The server's limit on a cancel reason (contract/my-orders-dto.ts CANCEL_REASON_MAX). */
const REASON_MAX = 200;
const common = ['changedMind', 'wrongItem', 'time', 'price', 'payment'] as const;

/** Cancel an unpaid order: a reason is required, one of the common ones or the customer's own words. */
export function CancelForm({ locale, target, onClose, onDone }: FormProps) {
  const t = dictionary(locale).myOrders;
  const [choice, setChoice] = useState('');
  const [own, setOwn] = useState('');
  const [missing, setMissing] = useState('');
  const { busy, failure, run } = useAction();
  const ownId = useId();
  const errorId = useId();

  const submit = () => {
    const reason = choice === 'other' ? own.trim() : choice ? t.reasons[choice as (typeof common)[number]] : '';
    if (!reason) {
      setMissing(t.reasonRequired);
      return;
    }
    setMissing('');
    return run(async () => {
      const order = await callApi(orderCancel, { orderNo: target.orderNo, reason }, { quiet: true });
      notify('success', fill(t.cancelled, { orderNo: target.orderNo }));
      onDone({ kind: 'changed', order });
    });
  };

  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      {/* Once paid, only a visit can be cancelled: its refund rule is said before the reasons. */}
      <p>{target.paidSen > 0 ? t.cancelPaidVisit : t.cancelBody}</p>
      <fieldset aria-describedby={missing && choice !== 'other' ? errorId : undefined}>
        <legend className="mb-2 font-semibold">{t.cancelReason}</legend>
        <div className="grid gap-1">
          {[...common, 'other' as const].map((key) => (
            <label key={key} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50">
              <input type="radio" name="cancel-reason" value={key} checked={choice === key} onChange={() => (setChoice(key), setMissing(''))} />
              <span>{t.reasons[key]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {choice === 'other' && (
        <div>
          <label htmlFor={ownId} className="mb-1 block font-semibold">
            {t.otherReason}
          </label>
          <textarea
            id={ownId}
            className="field-input"
            rows={3}
            maxLength={REASON_MAX}
            value={own}
            aria-invalid={Boolean(missing)}
            aria-describedby={missing ? errorId : undefined}
            onInput={(e) => setOwn(e.currentTarget.value)}
          />
        </div>
      )}
      {missing && (
        <p id={errorId} className="field-error" role="alert">
          {missing}
        </p>
      )}
      <Failure text={failure} />
      <Buttons action={t.confirmCancel} back={t.keepOrder} busy={busy} working={t.working} onBack={onClose} danger />
    </form>
  );
}

import { useId, useState } from 'react';
import { formatPhone } from '../../../contract/rules/phone.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { orderRefund } from '../../lib/order-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { amountForInput, senOfRinggit } from '../../lib/order-view.ts';
import { notify } from '../../stores/ui.ts';
import { $session } from '../../stores/user.ts';
import { dateWords } from '../../../contract/rules/dates.ts';
import { Buttons, Failure, useAction, type FormProps } from './form-parts.tsx';
import { RefundPhotos } from './RefundPhotos.tsx';
import { usePhotoDrafts } from './upload-photos.ts';

/** The server's limits (contract/my-orders-dto.ts), for the fields' maxLength. */
const REASON_MAX = 500;
const CONTACT_MAX = 120;

/** Ask for a refund: reason, contact, amount (all that is refundable unless changed) and up to 3 photos sent one by one. */
export function RefundForm({ locale, target, onClose, onDone }: FormProps) {
  const t = dictionary(locale).myOrders;
  const refundableSen = Math.max(0, target.refundableSen);
  const phone = $session.get()?.user.phone;
  const [reason, setReason] = useState('');
  const [contact, setContact] = useState(phone ? formatPhone(phone) : '');
  const [amount, setAmount] = useState(amountForInput(refundableSen));
  // Keys already uploaded survive a refused request, so trying again sends no photo twice.
  const { photos, setPhotos, progress, upload } = usePhotoDrafts(locale);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, failure, run } = useAction();
  const ids = { reason: useId(), contact: useId(), amount: useId() };

  const max = formatRM(refundableSen, locale);
  /** What is wrong with each field as typed (none: no key). */
  const problems = (values: { reason: string; contact: string; amount: string }) => {
    const sen = senOfRinggit(values.amount);
    const found: Record<string, string> = {};
    if (!values.reason.trim()) found.reason = t.required;
    if (!values.contact.trim()) found.contact = t.required;
    if (sen === null || sen < 1 || sen > refundableSen) found.amount = fill(t.refundAmountInvalid, { max });
    return found;
  };
  /** A message already shown goes as soon as its field is right. */
  const typed = (name: 'reason' | 'contact' | 'amount', value: string, set: (v: string) => void) => {
    set(value);
    if (!errors[name] || problems({ reason, contact, amount, [name]: value })[name]) return;
    const { [name]: _gone, ...rest } = errors;
    setErrors(rest);
  };
  const submit = () => {
    const sen = senOfRinggit(amount);
    const found = problems({ reason, contact, amount });
    setErrors(found);
    if (Object.keys(found).length) return;
    return run(async () => {
      const images = await upload();
      const order = await callApi(
        orderRefund,
        { orderNo: target.orderNo, reason: reason.trim(), contact: contact.trim(), ...(sen !== refundableSen ? { amountSen: sen! } : {}), images },
        { quiet: true },
      );
      const reviewBy = order.refunds[0]?.reviewBy;
      notify('success', fill(t.refundSent, { date: reviewBy ? dateWords(reviewBy, locale) : '' }), { style: 'notification' });
      onDone({ kind: 'changed', order });
    });
  };

  const field = (name: string) => ({ 'aria-invalid': Boolean(errors[name]), 'aria-describedby': errors[name] ? `${ids[name as keyof typeof ids]}-error` : undefined });
  const error = (name: keyof typeof ids) =>
    errors[name] && (
      <p id={`${ids[name]}-error`} className="field-error" role="alert">
        {errors[name]}
      </p>
    );

  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <div>
        <label htmlFor={ids.reason} className="mb-1 block font-semibold">
          {t.refundReason}
        </label>
        <textarea id={ids.reason} className="field-input" rows={3} maxLength={REASON_MAX} value={reason} onInput={(e) => typed('reason', e.currentTarget.value, setReason)} {...field('reason')} data-autofocus="" />
        {error('reason')}
      </div>
      <div>
        <label htmlFor={ids.contact} className="mb-1 block font-semibold">
          {t.refundContact}
        </label>
        <p id={`${ids.contact}-hint`} className="mb-1 text-sm text-slate-600">
          {t.refundContactHint}
        </p>
        <input id={ids.contact} className="field-input" autoComplete="tel" maxLength={CONTACT_MAX} value={contact} onInput={(e) => typed('contact', e.currentTarget.value, setContact)} {...field('contact')} />
        {error('contact')}
      </div>
      <div>
        <label htmlFor={ids.amount} className="mb-1 block font-semibold">
          {t.refundAmount}
        </label>
        <p className="mb-1 text-sm text-slate-600">{fill(t.refundAmountHint, { max })}</p>
        <input id={ids.amount} className="field-input max-w-40 tabular-nums" inputMode="decimal" autoComplete="off" value={amount} onInput={(e) => typed('amount', e.currentTarget.value, setAmount)} {...field('amount')} />
        {error('amount')}
      </div>
      <RefundPhotos locale={locale} photos={photos} onChange={setPhotos} disabled={busy} />
      {progress && (
        <p className="text-slate-700" role="status">
          {progress}
        </p>
      )}
      <Failure text={failure} />
      <Buttons action={t.sendRefund} back={t.back} busy={busy} working={t.working} onBack={onClose} />
    </form>
  );
}

import { useId, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleMobileMissed, consoleMobileOnTheWay } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure, useAction } from '../my-orders/form-parts.tsx';
import { Modal } from '../ui/Modal.tsx';
import type { Job } from './VanDay.tsx';

/** The van day's dialogs (src/islands/console/VanDay.tsx): "On the way" and "Customer not there". */

export const ETA_DEFAULT = 20;
const ETA_MIN = 5;
const ETA_MAX = 240;
const REASON_MAX = 300;

/** "On the way": the minutes to arrive asked (20 offered), the customer told; the server's refusal shown in the dialog. */
export function OnTheWay({ locale, job, open, onBack, onDone }: { locale: Locale; job: Job; open: boolean; onBack: () => void; onDone: () => void }) {
  const t = dictionary(locale).console;
  const id = useId();
  const [minutes, setMinutes] = useState(String(ETA_DEFAULT));
  const [problem, setProblem] = useState('');
  const { busy, failure, run } = useAction();
  const send = () => {
    const eta = Number(minutes);
    const wrong = !/^\d+$/.test(minutes.trim()) || eta < ETA_MIN || eta > ETA_MAX;
    setProblem(wrong ? t.etaProblem : '');
    if (wrong) return;
    void run(async () => {
      await callApi(consoleMobileOnTheWay, { orderNo: job.orderNo, etaMinutes: eta }, { quiet: true });
      notify('success', fill(t.onTheWaySent, { orderNo: job.orderNo }));
      onBack();
      onDone();
    });
  };
  return (
    <Modal open={open} onClose={onBack} title={fill(t.onTheWayTitle, { orderNo: job.orderNo })} closeLabel={t.close}>
      <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), send())}>
        <div className="space-y-1">
          <label htmlFor={`${id}-eta`} className="block font-medium">
            {t.etaMinutes}
          </label>
          <p id={`${id}-eta-hint`} className="text-sm text-slate-700">
            {t.etaHint}
          </p>
          <input
            id={`${id}-eta`}
            className="field-input min-h-11 max-w-32"
            type="number"
            inputMode="numeric"
            min={ETA_MIN}
            max={ETA_MAX}
            step={1}
            value={minutes}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[`${id}-eta-hint`, problem ? `${id}-eta-problem` : ''].filter(Boolean).join(' ')}
            onChange={(e) => setMinutes(e.target.value)}
          />
          {problem && (
            <p id={`${id}-eta-problem`} className="field-error">
              {problem}
            </p>
          )}
        </div>
        <Failure text={failure} />
        <Buttons action={t.tellCustomer} back={t.back} busy={busy} working={t.working} onBack={onBack} />
      </form>
    </Modal>
  );
}

/** "Customer not there": what happened asked; the server cancels the job, keeps the visit fee and refunds the rest, or says why not yet. */
export function NotThere({ locale, job, open, onBack, onDone }: { locale: Locale; job: Job; open: boolean; onBack: () => void; onDone: () => void }) {
  const t = dictionary(locale).console;
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const { busy, failure, run } = useAction();
  const send = () => {
    const wrong = !reason.trim();
    setProblem(wrong ? t.notThereNeeded : '');
    if (wrong) return;
    void run(async () => {
      const done = await callApi(consoleMobileMissed, { orderNo: job.orderNo, reason: reason.trim() }, { quiet: true });
      notify('success', fill(t.notThereDone, { orderNo: done.orderNo, refund: formatRM(done.refundSen, locale), kept: formatRM(done.keptSen, locale) }));
      onBack();
      onDone();
    });
  };
  return (
    <Modal open={open} onClose={onBack} title={fill(t.notThereTitle, { orderNo: job.orderNo })} closeLabel={t.close} role="alertdialog">
      <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), send())}>
        <p>{t.notThereBody}</p>
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="block font-medium">
            {t.notThereReason}
          </label>
          <p id={`${id}-reason-hint`} className="text-sm text-slate-700">
            {t.notThereHint}
          </p>
          <textarea
            id={`${id}-reason`}
            className="field-input min-h-20"
            maxLength={REASON_MAX}
            value={reason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={[`${id}-reason-hint`, problem ? `${id}-reason-problem` : ''].filter(Boolean).join(' ')}
            onChange={(e) => setReason(e.target.value)}
          />
          {problem && (
            <p id={`${id}-reason-problem`} className="field-error">
              {problem}
            </p>
          )}
        </div>
        <Failure text={failure} />
        <Buttons action={t.notThereConfirm} back={t.back} busy={busy} working={t.working} onBack={onBack} danger />
      </form>
    </Modal>
  );
}

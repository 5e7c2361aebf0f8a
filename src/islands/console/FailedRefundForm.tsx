import { useState, type ReactNode } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { consoleRefundsAttention } from '../../../contract/console-refunds.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleRefundsManual, consoleRefundsRetry } from '../../lib/console-endpoints.ts';
import { formatRM } from '../../lib/money.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, Failure, useAction } from '../my-orders/form-parts.tsx';
import { AUTOFOCUS } from '../ui/Modal.tsx';

export type FailedRefund = ResponseOf<typeof consoleRefundsAttention>['failed'][number];
export type Resolution = 'retry' | 'manual';

function Field({ id, label, problem, children }: { id: string; label: string; problem?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {children}
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * A refund the provider could not pay: send it again (a new request), or record it as paid
 * another way with the payment's reference and a note. A refusal stays in the dialog.
 */
export function FailedRefundForm({ locale, refund, resolution, onClose, onDone }: { locale: Locale; refund: FailedRefund; resolution: Resolution; onClose: () => void; onDone: () => void }) {
  const t = dictionary(locale).console;
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<{ reference?: string; note?: string }>({});
  const { busy, failure, run } = useAction();
  const amount = formatRM(refund.amountSen, locale);
  const { orderNo, refundNo } = refund;
  const retry = resolution === 'retry';

  const submit = () => {
    if (!retry) {
      const found = { reference: reference.trim() ? undefined : t.referenceRequired, note: note.trim() ? undefined : t.outsideNoteRequired };
      setProblems(found);
      if (found.reference || found.note) return;
    }
    void run(async () => {
      if (retry) await callApi(consoleRefundsRetry, { orderNo }, { quiet: true });
      else await callApi(consoleRefundsManual, { orderNo, reference: reference.trim(), note: note.trim() }, { quiet: true });
      notify('success', fill(retry ? t.retried : t.paidOutsideDone, { refundNo }));
      onDone();
    });
  };

  const invalid = (problem?: string, id?: string) => (problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {});
  return (
    <form className="space-y-4" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
      <p>{fill(retry ? t.retryText : t.outsideText, { amount })}</p>
      {!retry && (
        <>
          <Field id="outside-reference" label={t.reference} problem={problems.reference}>
            <input id="outside-reference" {...AUTOFOCUS} className="field-input min-h-11" maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} {...invalid(problems.reference, 'outside-reference')} />
          </Field>
          <Field id="outside-note" label={t.outsideNote} problem={problems.note}>
            <textarea id="outside-note" className="field-input" rows={3} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} {...invalid(problems.note, 'outside-note')} />
          </Field>
        </>
      )}
      <Failure text={failure} />
      <Buttons action={retry ? fill(t.confirmRetry, { amount }) : t.confirmOutside} back={t.back} busy={busy} working={t.working} onBack={onClose} />
    </form>
  );
}

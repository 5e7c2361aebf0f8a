import { useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import { consoleOrdersComplete } from '../../lib/console-endpoints.ts';
import { notify } from '../../stores/ui.ts';
import { Buttons, useAction } from '../my-orders/form-parts.tsx';
import { Modal } from '../ui/Modal.tsx';
import type { ConsoleDetail } from './parts.tsx';

/**
 * Completing an installation asks for the car's odometer: the service goes into the car's history
 * with it. The server's refusal (a reading below the last one, say) is shown here, in the dialog.
 */
export function CompleteService({ locale, orderNo, open, onBack, onMoved }: { locale: Locale; orderNo: string; open: boolean; onBack: () => void; onMoved: (o: ConsoleDetail) => void }) {
  const t = dictionary(locale).console;
  const { busy, failure, run } = useAction();
  const [km, setKm] = useState('');
  const submit = () =>
    run(async () => {
      const moved = await callApi(consoleOrdersComplete, { orderNo, odometerKm: Number(km) }, { quiet: true });
      notify('success', fill(t.completed, { orderNo }));
      onBack();
      onMoved(moved);
    });
  return (
    <Modal open={open} onClose={onBack} title={fill(t.completeTitle, { orderNo })} closeLabel={t.close}>
      <form className="space-y-4" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <label className="block">
          <span className="mb-1 block font-medium">{t.odometerKm}</span>
          <input className="field-input min-h-11 max-w-56" type="number" inputMode="numeric" min={0} step={1} required value={km} onChange={(e) => setKm(e.target.value)} />
        </label>
        {failure && (
          <p className="rounded-lg bg-red-50 p-3 font-medium text-red-900" role="alert">
            {failure}
          </p>
        )}
        <Buttons action={t.completeNow} back={t.back} busy={busy} working={t.working} onBack={onBack} />
      </form>
    </Modal>
  );
}

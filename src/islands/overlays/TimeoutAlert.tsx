import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { $timeoutAlert } from '../../stores/ui.ts';
import { Modal } from '../ui/Modal.tsx';
import { useClientStore } from '../ui/useClientStore.ts';

/** docs/contracts/shop.md §8, code 408: one alert at a time, with a button that reloads the page. */
export function TimeoutAlert({ locale }: { locale: Locale }) {
  const t = dictionary(locale).errors;
  const open = useClientStore($timeoutAlert, false);
  return (
    <Modal open={open} onClose={() => $timeoutAlert.set(false)} title={t.timeout} closeLabel={dictionary(locale).notices.close} role="alertdialog">
      <button type="button" className="btn-primary w-full" onClick={() => location.reload()}>
        {t.refreshPage}
      </button>
    </Modal>
  );
}

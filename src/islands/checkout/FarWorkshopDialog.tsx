import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
import { kmWords, type Origin } from '../../lib/whereabouts.ts';
import { AUTOFOCUS, Modal } from '../ui/Modal.tsx';

interface Props {
  locale: Locale;
  /** The workshop asked about; the dialog is open while there is one. */
  workshop: { name: string; distanceKm: number | null } | null;
  origin: Origin | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A workshop farther than 50 km is chosen only once the customer says so. */
export function FarWorkshopDialog({ locale, workshop, origin, onConfirm, onCancel }: Props) {
  const t = dictionary(locale).near;
  const place = origin?.source === 'city' ? origin.city.label : origin?.source === 'postcode' ? origin.postcode : t.farFromYou;
  return (
    <Modal open={workshop !== null} onClose={onCancel} title={t.farTitle} closeLabel={dictionary(locale).notices.close} role="alertdialog">
      {workshop && (
        <>
          <p>{fill(t.farBody, { name: workshop.name, km: kmWords(workshop.distanceKm ?? 0, t.km, t.kmNear), place })}</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" {...AUTOFOCUS} onClick={onCancel}>
              {t.farCancel}
            </button>
            <button type="button" className="btn-primary" onClick={onConfirm}>
              {t.farConfirm}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

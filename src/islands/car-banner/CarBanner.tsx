import { useClientStore } from '../ui/useClientStore.ts';
import type { Locale } from '../../../contract/language.ts';
import { dictionary } from '../../i18n/index.ts';
import { $carSummary } from '../../stores/car.ts';

/** 'Add Your Car', or the chosen brand and model with body type. */
export default function CarBanner({ locale }: { locale: Locale }) {
  const t = dictionary(locale).car;
  const summary = useClientStore($carSummary, null);
  return (
    <div className="flex min-h-11 items-center gap-2 rounded-lg border border-dashed border-brand-600 bg-brand-50 px-3 py-2 text-brand-900">
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 13l2-5a2 2 0 0 1 2-1h10a2 2 0 0 1 2 1l2 5v4a1 1 0 0 1-1 1h-1a2 2 0 0 1-4 0H9a2 2 0 0 1-4 0H4a1 1 0 0 1-1-1z" />
      </svg>
      {summary ? (
        <span>
          <span className="sr-only">{t.yourCar}: </span>
          <strong>{summary}</strong>
        </span>
      ) : (
        <strong>{t.addYourCar}</strong>
      )}
    </div>
  );
}

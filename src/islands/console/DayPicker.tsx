import { addDays, isIsoDate, klDate } from '../../../contract/rules/kl-calendar.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary } from '../../i18n/index.ts';

/**
 * The console's day: the date with the day before and after, and "Today" when another day is
 * shown. `data-today-link` lets the prepainted page hide that link before the island wakes
 * (src/lib/prepaint-day.ts).
 */
export function DayPicker({ locale, id, date, onGo }: { locale: Locale; id: string; date: string; onGo: (date: string) => void }) {
  const t = dictionary(locale).console;
  const today = klDate(new Date());
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {t.day}
      </label>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary px-3" aria-label={t.previousDay} onClick={() => onGo(addDays(date, -1))}>
          ‹
        </button>
        <input id={id} type="date" className="field-input min-h-11 min-w-0" value={date} onChange={(e) => isIsoDate(e.target.value) && onGo(e.target.value)} />
        <button type="button" className="btn-secondary px-3" aria-label={t.nextDay} onClick={() => onGo(addDays(date, 1))}>
          ›
        </button>
      </div>
      {date !== today && (
        <button type="button" className="self-start text-sm text-brand-700 underline" data-today-link onClick={() => onGo(today)}>
          {t.today}
        </button>
      )}
    </div>
  );
}

import type { ResponseOf } from '../../../contract/call.ts';
import { dayWords } from '../../../contract/rules/dates.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { storeSlots } from '../../../contract/orders.ts';
import { dictionary } from '../../i18n/index.ts';

export type Slots = ResponseOf<typeof storeSlots>;

interface SlotPickerProps {
  locale: Locale;
  /** null while the workshop's times load. */
  slots: Slots | null;
  date: string;
  time: string;
  error?: string | undefined;
  onSlot: (date: string, time: string) => void;
}

/**
 * A workshop's free dates and times: the checkout's, and the one a booked customer changes their
 * time with. A date with no time says why: every bay booked ("full"), or the workshop closes
 * before the job could end.
 */
export function SlotPicker({ locale, slots, date, time, error, onSlot }: SlotPickerProps) {
  const t = dictionary(locale).checkout;
  const day = slots?.dates.find((d) => d.date === date);
  const dateLabel = (iso: string) => dayWords(iso, locale);
  return (
    <fieldset>
      <legend className="mb-2 text-lg font-bold">
        {t.date} · {t.time}
      </legend>
      {slots === null && <p className="text-slate-600">{t.finding}</p>}
      {slots && !slots.dates.some((d) => d.available) && <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t.noSlots}</p>}
      {slots && slots.dates.length > 0 && (
        <div className="space-y-3">
          <label htmlFor="appointment-date" className="block font-semibold">
            {t.date}
          </label>
          <select id="appointment-date" className="field-input" value={date} onChange={(e) => onSlot(e.currentTarget.value, '')}>
            <option value="" />
            {slots.dates.map((d) => (
              <option key={d.date} value={d.date} disabled={!d.available}>
                {dateLabel(d.date)}
                {d.available ? '' : ` (${d.times.length === 0 ? t.dayTooShort : t.full})`}
              </option>
            ))}
          </select>
          {day && (
            <div role="group" aria-label={t.time} className="flex flex-wrap gap-2">
              {day.times.map((s) => (
                <button
                  key={s.time}
                  type="button"
                  aria-pressed={s.time === time}
                  disabled={!s.available}
                  onClick={() => onSlot(date, s.time)}
                  className={`btn min-w-20 border ${s.time === time ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'} disabled:line-through`}
                >
                  {s.time}
                  {!s.available && <span className="sr-only"> ({t.full})</span>}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}

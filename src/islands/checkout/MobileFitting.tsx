import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../contract/call.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { storeMobileWindows as windowsCall } from '../../../contract/mobile.ts';
import { dayWords } from '../../../contract/rules/dates.ts';
import { dictionary, fill, labelled } from '../../i18n/index.ts';
import { callApi } from '../../lib/api.ts';
import type { CheckoutForm, OrderLine } from '../../lib/checkout.ts';
import { storeMobileWindows } from '../../lib/mobile-endpoints.ts';
import { AddressFields } from './AddressFields.tsx';

type Windows = ResponseOf<typeof windowsCall>;

interface Props {
  locale: Locale;
  items: OrderLine[];
  variantId: string;
  address: CheckoutForm['address'];
  window: CheckoutForm['window'];
  /** The visit fee with its tax, as the bill (cart/quote) gives it; null while it is asked. */
  visitFee: string | null;
  /** Counts the order's refusals: the windows are asked again (one just taken shows full). */
  refusals: number;
  errors: Record<string, string>;
  onAddress: (address: CheckoutForm['address']) => void;
  onWindow: (window: CheckoutForm['window']) => void;
  /** No van comes to the postcode: fit it at this workshop instead. */
  onWorkshop: (storeId: string) => void;
}

/**
 * Fitting at the customer's place (docs/contracts/running-the-business.md §2): the address the van
 * comes to, with a landmark; once the postcode has five digits, the van's visit fee and its
 * two-hour windows (dates, then windows, full ones disabled), or, when no van comes there, the
 * nearest workshops to fit it at instead.
 */
export function MobileFitting({ locale, items, variantId, address, window: chosen, visitFee, refusals, errors, onAddress, onWindow, onWorkshop }: Props) {
  const t = dictionary(locale).checkout;
  const postcode = /^\d{5}$/.test(address.postcode.trim()) ? address.postcode.trim() : '';
  const itemsKey = JSON.stringify(items);
  // What the van answered for a postcode: its windows, or the refusal's words.
  const [answer, setAnswer] = useState<{ postcode: string; windows?: Windows; failed?: string } | null>(null);

  useEffect(() => {
    if (!postcode) return;
    let live = true;
    callApi(storeMobileWindows, { postcode, items: JSON.parse(itemsKey), ...(variantId ? { variantId } : {}) }, { quiet: true }).then(
      (windows) => live && setAnswer({ postcode, windows }),
      (err: unknown) => live && setAnswer({ postcode, failed: String((err as Error).message) }),
    );
    return () => {
      live = false;
    };
  }, [postcode, itemsKey, variantId, refusals]);

  const shown = answer?.postcode === postcode ? answer : null;
  const windows = shown?.windows;

  return (
    <div className="space-y-4">
      {/* Another postcode may be another van: the window chosen goes with the old one. */}
      <AddressFields locale={locale} value={address} errors={errors} forVan onChange={(a) => (onAddress(a), a.postcode !== address.postcode && onWindow(undefined))} />
      {!postcode ? (
        <p className="text-slate-600">{t.typePostcode}</p>
      ) : !shown ? (
        <p className="text-slate-600">{t.findingWindows}</p>
      ) : windows?.covered ? (
        <>
          <p className="font-semibold">{fill(t.visitFeeIs, { fee: visitFee ?? '…' })}</p>
          <WindowPicker locale={locale} windows={windows.windows} chosen={chosen} onWindow={onWindow} />
        </>
      ) : (
        <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-amber-950" role="status">
          <p className="font-semibold">{shown.failed ?? fill(t.notCovered, { postcode })}</p>
          {windows && windows.nearest.length > 0 && <p>{t.nearestHint}</p>}
          {windows?.nearest.map((w) => (
            <p key={w.storeId} className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{w.name}</span>
              <button type="button" className="btn-secondary" aria-label={labelled(locale, t.useWorkshop, w.name)} onClick={() => onWorkshop(w.storeId)}>
                {t.useWorkshop}
              </button>
            </p>
          ))}
        </div>
      )}
      {errors.window && <p className="field-error" role="alert">{errors.window}</p>}
    </div>
  );
}

/** The van's dates, then the two-hour windows of the date chosen ("09:00–11:00"), full ones disabled: like the workshop's time picker. */
function WindowPicker({ locale, windows, chosen, onWindow }: { locale: Locale; windows: Windows['windows']; chosen: CheckoutForm['window']; onWindow: Props['onWindow'] }) {
  const t = dictionary(locale).checkout;
  const date = chosen?.date ?? '';
  const free = (d: string) => windows.some((w) => w.date === d && w.free);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-lg font-bold">{t.windows}</legend>
      {!windows.some((w) => w.free) && <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t.noWindows}</p>}
      <label htmlFor="window-date" className="block font-semibold">
        {t.date}
      </label>
      {/* A date alone is no window: the order asks for one until a window of that date is chosen. */}
      <select id="window-date" className="field-input" value={date} onChange={(e) => onWindow({ date: e.currentTarget.value, start: '' })}>
        <option value="" />
        {[...new Set(windows.map((w) => w.date))].map((d) => (
          <option key={d} value={d} disabled={!free(d)}>
            {dayWords(d, locale)}
            {free(d) ? '' : ` (${t.full})`}
          </option>
        ))}
      </select>
      {date && (
        <div role="group" aria-label={t.window} className="flex flex-wrap gap-2">
          {windows
            .filter((w) => w.date === date)
            .map((w) => (
              <button
                key={w.start}
                type="button"
                aria-pressed={w.start === chosen?.start}
                disabled={!w.free}
                onClick={() => onWindow({ date, start: w.start })}
                className={`btn border tabular-nums ${w.start === chosen?.start ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white'} disabled:line-through`}
              >
                {w.start}–{w.end}
                {!w.free && <span className="sr-only"> ({t.full})</span>}
              </button>
            ))}
        </div>
      )}
    </fieldset>
  );
}

import { useEffect, useState } from 'react';
import type { RequestOf } from '../../../contract/call.ts';
import type { storeMobileWindows as windowsCall } from '../../../contract/mobile.ts';
import type { storeSlots as slotsCall } from '../../../contract/orders.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import { callApi } from '../../lib/api.ts';
import { storeMobileWindows } from '../../lib/mobile-endpoints.ts';
import { storeSlots } from '../../lib/order-endpoints.ts';
import { SlotPicker, type Slots } from '../checkout/SlotPicker.tsx';
import { Failure } from './form-parts.tsx';
import type { OrderDetailDto } from './format.ts';

type Ask = RequestOf<typeof slotsCall>;
/** A van's windows are asked by the postcode it comes to, not by a workshop. */
type VanAsk = RequestOf<typeof windowsCall>;
export type Choice = { date: string; time: string };

/** What store/slots is asked for an order's lines (those given, or all). */
export const itemsOf = (lines: OrderDetailDto['lines']): Ask['items'] =>
  lines.map((l) => ({ productId: l.productId, quantity: l.quantity, ...(l.options && Object.keys(l.options).length ? { options: l.options } : {}) }));

/**
 * A van's windows as the picker's dates and times: each time reads "09:00–11:00", and the
 * window's start is its first five characters.
 */
const asSlots = ({ windows }: { windows: { date: string; start: string; end: string; free: boolean }[] }): Slots => ({
  storeId: '',
  fittingMinutes: 0,
  dates: [...new Set(windows.map((w) => w.date))].map((date) => {
    const times = windows.filter((w) => w.date === date).map((w) => ({ time: `${w.start}–${w.end}`, available: w.free }));
    return { date, available: times.some((x) => x.available), times };
  }),
});

/**
 * A new date and time at a workshop (or a van's window, with `van`), from the times it has free for the lines (the time an
 * order or a claim being moved holds counts as free to it): checkout's own picker. Until `ask`
 * is known the picker shows it is loading; a failure to load is said instead of it.
 */
export function TimeChoice({ locale, ask, choice, error, onChoice }: { locale: Locale; ask: Ask | VanAsk | null; choice: Choice; error: string; onChoice: (choice: Choice) => void }) {
  const [slots, setSlots] = useState<Slots | null>(null);
  const [failed, setFailed] = useState('');
  const key = ask && JSON.stringify(ask);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    ('postcode' in ask ? callApi(storeMobileWindows, ask, { quiet: true }).then(asSlots) : callApi(storeSlots, ask, { quiet: true })).then(
      (answer) => live && setSlots(answer),
      (err: unknown) => live && setFailed(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
    // The request's words, not its object, say when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return failed ? <Failure text={failed} /> : <SlotPicker locale={locale} slots={slots} date={choice.date} time={choice.time} error={error} onSlot={(date, time) => onChoice({ date, time })} />;
}

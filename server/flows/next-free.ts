import type { z } from 'zod';
import { Code } from '../../contract/codes.ts';
import type { Line } from '../../contract/line.ts';
import type { Locale } from '../../contract/rules/language.ts';
import type { storeNextFree } from '../../contract/store-times.ts';
import { DomainError } from '../modules/errors.ts';
import { notBeforeJson, readSlotDays, slotDaysRead, slotsJson } from '../modules/booking/slot-answers.ts';
import { cartNotBefore } from './stock.ts';
import { slotDaysText } from '../modules/booking/slot-days-memory.ts';
import { jobUnits, UNIT_MINUTES, type SlotDate } from '../modules/booking/slots.ts';
import { checkWorkshopFits } from '../modules/orders/fulfilment.ts';
import { calendarOf, stockLinesOf, cartLineOf, cartProducts, checkCartMethod, fittingMinutesOf } from './cart.ts';
import type { ShopContext } from './context.ts';

type NextFree = z.input<typeof storeNextFree.response>;

/**
 * Each workshop's first free date and time for the cart, from the very dates and times
 * store/slots answers (the same read and the same arithmetic), so the card and the calendar
 * never disagree. A workshop that does not do every line answers `fits: false`.
 */
export async function nextFreeTimes(ctx: ShopContext, storeIds: readonly string[], items: readonly Line[], locale: Locale, variantId?: string): Promise<NextFree> {
  const lines = cartProducts(ctx.indexes, items, locale).map((product, i) => ({ product, cartLine: cartLineOf(product, items[i]!.quantity) }));
  const rules = ctx.indexes.orderRules.fulfilment;
  checkCartMethod(rules, lines, 'install', locale);
  const fittingMinutes = fittingMinutesOf(rules, lines);
  const workshops = storeIds.map((id, i) => {
    const workshop = ctx.indexes.workshops.find((w) => w.id === id);
    if (!workshop) throw new DomainError(Code.NOT_FOUND, 'store.unknown', {}, { field: `storeIds.${i}` });
    return workshop;
  });
  const now = ctx.now();
  const stockLines = stockLinesOf(ctx.indexes, items, variantId, locale);
  const list = await Promise.all(
    workshops.map(async (workshop) => {
      if (!checkWorkshopFits(workshop.services, lines.map((l) => l.cartLine)).ok) return { storeId: workshop.id, fits: false, date: null, time: null };
      const read = slotDaysRead(workshop.id, now);
      const days = await slotDaysText(ctx.db, read, (r) => readSlotDays(ctx.db, r));
      // A workshop short of the cart's units offers dates from the warehouse's transfer on, as store/slots does.
      const notBefore = await cartNotBefore(ctx, workshop.id, stockLines, now);
      const dates = JSON.parse(notBeforeJson(slotsJson(days, read, calendarOf(workshop), fittingMinutes, now), notBefore)) as SlotDate[];
      const day = dates.find((d) => d.available);
      return { storeId: workshop.id, fits: true, date: day?.date ?? null, time: day?.times.find((t) => t.available)?.time ?? null };
    }),
  );
  return { fittingMinutes: jobUnits(fittingMinutes) * UNIT_MINUTES, list };
}

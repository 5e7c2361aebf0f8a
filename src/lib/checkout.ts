import type { Locale } from '../../contract/rules/language.ts';
import type { LineOptions } from '../../contract/line.ts';
import type { FulfilmentMethod } from '../../contract/rules/order-status.ts';

/** What the customer filled in on the checkout page, as typed. */
export interface CheckoutForm {
  plate: string;
  method: FulfilmentMethod;
  storeId: string;
  date: string;
  time: string;
  address: { recipient: string; phone: string; line1: string; line2: string; postcode: string; city: string; state: string };
  contact: { name: string; phone: string; email: string };
  notes: string;
  /** The coupon field as typed: what the order is placed with. */
  couponCode: string;
  /**
   * Whether that code was applied (Apply pressed, or restored with the form): only an applied
   * code is priced into the summary. Editing the field un-applies it; absent counts as applied.
   */
  couponApplied?: boolean;
}

export interface OrderLine {
  productId: string;
  quantity: number;
  options?: LineOptions;
}

/** The product page's names of the choices (dictionary(locale).product). */
export interface OptionNames {
  oil: string;
  tyreSize: string;
  wiperLengths: string;
  wiperLong: string;
  wiperShort: string;
  wiperRear: string;
  tint: string;
  tintFront: string;
  tintSide: string;
  tintRear: string;
}

/**
 * The chosen options in words, each named as the product page names it: "Tyre size:
 * 175/65R14", "Blade lengths: Driver (long) 24″, Passenger (short) 14″", "Tint transmittance:
 * Front windscreen 70%, …", "Engine oil: Shell Helix HX8 0W-20". The oil is named by
 * `oilName` (its id when the name is not known).
 */
export function optionWords(options: LineOptions | undefined, names: OptionNames, locale: Locale, oilName?: string): string[] {
  if (!options) return [];
  const [colon, comma] = locale === 'zh-cn' ? ['：', '，'] : [': ', ', '];
  const item = (label: string, parts: string[]) => `${label}${colon}${parts.join(comma)}`;
  const out: string[] = [];
  if (options.tyreSize) out.push(item(names.tyreSize, [options.tyreSize]));
  if (options.wiper) {
    const { driverInch, passengerInch, rearInch } = options.wiper;
    const blades = [`${names.wiperLong} ${driverInch}″`, `${names.wiperShort} ${passengerInch}″`];
    if (rearInch !== undefined) blades.push(`${names.wiperRear} ${rearInch}″`);
    out.push(item(names.wiperLengths, blades));
  }
  if (options.tint) {
    const { frontPct, sideWindowsPct, rearWindscreenPct } = options.tint;
    out.push(item(names.tint, [`${names.tintFront} ${frontPct}%`, `${names.tintSide} ${sideWindowsPct}%`, `${names.tintRear} ${rearWindscreenPct}%`]));
  }
  if (options.oilId) out.push(item(names.oil, [oilName ?? options.oilId]));
  return out;
}

/** Workshops in every list, in the order of the first (nearest first when it is). */
export function commonWorkshops<T extends { id: string }>(lists: T[][]): T[] {
  if (!lists.length) return [];
  const [first, ...rest] = lists;
  return first!.filter((w) => rest.every((list) => list.some((o) => o.id === w.id)));
}

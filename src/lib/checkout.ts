import type { LineOptions } from '../../contract/line.ts';
import type { FulfilmentMethod } from '../../contract/rules/order-status.ts';

/** What the customer filled in on the checkout page, as typed. */
export interface CheckoutForm {
  plate: string;
  method: FulfilmentMethod;
  storeId: string;
  date: string;
  time: string;
  /** The address a parcel goes to, or the van comes to (with its landmark, optional). */
  address: { recipient: string; phone: string; line1: string; line2: string; postcode: string; city: string; state: string; landmark?: string };
  /** Fitting at the customer's place: the van's window chosen (store/mobile/windows); absent until one is. */
  window?: { date: string; start: string };
  contact: { name: string; phone: string; email: string };
  notes: string;
  /** The coupon field as typed: what the order is placed with. */
  couponCode: string;
  /**
   * Whether that code was applied (Apply pressed, or restored with the form): only an applied
   * code is priced into the summary. Editing the field un-applies it; absent counts as applied.
   */
  couponApplied?: boolean;
  /**
   * "Send my order updates on WhatsApp" as the customer ticked or unticked it here; absent until
   * they touch it (the box then shows their choice in force, app/user/channels).
   */
  whatsapp?: boolean;
}

export interface OrderLine {
  productId: string;
  quantity: number;
  options?: LineOptions;
}

/** Workshops in every list, in the order of the first (nearest first when it is). */
export function commonWorkshops<T extends { id: string }>(lists: T[][]): T[] {
  if (!lists.length) return [];
  const [first, ...rest] = lists;
  return first!.filter((w) => rest.every((list) => list.some((o) => o.id === w.id)));
}

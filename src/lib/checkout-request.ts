import { plateNeeded, requiredOrderFields } from '../../contract/rules/order-required.ts';
import type { CheckoutForm, OrderLine } from './checkout.ts';
import { randomId } from './device.ts';

/**
 * What the checkout sends: the order and quote bodies built from the form, the fields it still
 * lacks, where a refusal points, and the checkout's idempotency key. Only the checkout page
 * carries this; pages that show orders take their words from checkout.ts.
 */

/** The lines as a request carries them: options only when some were chosen. */
const requestLines = (items: OrderLine[]) => items.map((l) => ({ productId: l.productId, quantity: l.quantity, ...(l.options && Object.keys(l.options).length ? { options: l.options } : {}) }));

/** Whether the method goes through a workshop (its storeId): fitting there, or collecting there. */
const atWorkshop = (method: CheckoutForm['method']) => method === 'install' || method === 'pickup';

/** The address as sent: line 2 left out when blank; the landmark only for a van, and only when typed. */
function sentAddress(form: CheckoutForm) {
  const { landmark, ...address } = form.address;
  const trimmed = (v: string | undefined) => v?.trim() || undefined;
  return { ...address, line2: trimmed(address.line2), ...(form.method === 'mobile' && trimmed(landmark) ? { landmark: trimmed(landmark) } : {}) };
}

/**
 * The order/app/add body for the form: only the fields the method uses, blanks left out so
 * the server's own rules answer them. No price travels: the server computes the total.
 */
export function orderRequest(key: string, items: OrderLine[], variantId: string, form: CheckoutForm) {
  const trimmed = (v: string) => v.trim() || undefined;
  return {
    idempotencyKey: key,
    items: requestLines(items),
    variantId,
    // Only a workshop fitting the car asks its plate (contract/rules/order-required.ts).
    ...(plateNeeded[form.method] ? { carPlate: form.plate } : {}),
    method: form.method,
    ...(atWorkshop(form.method) ? { storeId: form.storeId || undefined } : {}),
    ...(form.method === 'install' && form.date && form.time ? { appointment: { date: form.date, time: form.time } } : {}),
    ...(form.method === 'mail' || form.method === 'mobile' ? { address: sentAddress(form) } : {}),
    // At the customer's place: the van's window (contract/orders.ts vanWindowChoice).
    ...(form.method === 'mobile' && form.window?.date && form.window.start ? { window: { date: form.window.date, start: form.window.start } } : {}),
    contact: { name: form.contact.name, phone: form.contact.phone, email: trimmed(form.contact.email) },
    notes: trimmed(form.notes),
    couponCode: trimmed(form.couponCode),
    // The box as it stands; left out while unknown (not touched, the choice in force not read), so it stays as it is.
    ...(form.whatsapp !== undefined ? { whatsapp: form.whatsapp } : {}),
  };
}

/**
 * The cart/quote body for the form: only what changes the price (the lines, car, method, the
 * address's state and the coupon), so a field still being typed never holds the bill back.
 */
export function quoteRequest(items: OrderLine[], variantId: string, form: Pick<CheckoutForm, 'method' | 'address' | 'couponCode' | 'couponApplied'>) {
  const state = form.method === 'mail' ? form.address.state : '';
  // A code being typed is not priced until it is applied; an emptied field prices none.
  const couponCode = form.couponApplied === false ? '' : form.couponCode.trim();
  return {
    items: requestLines(items),
    ...(variantId ? { variantId } : {}),
    method: form.method,
    ...(state ? { address: { state } } : {}),
    ...(couponCode ? { couponCode } : {}),
  };
}

/** The field a refusal names (`data.field`, e.g. "address.postcode"), and the cart line it names if any. */
export function refusalTarget(data: unknown): { field: string; lineIndex: number | null } {
  const d = (typeof data === 'object' && data !== null ? data : {}) as { field?: unknown; lineIndex?: unknown };
  const field = typeof d.field === 'string' ? d.field : '';
  const fromField = /^items\.(\d+)\b/.exec(field);
  const lineIndex = Number.isInteger(d.lineIndex) ? (d.lineIndex as number) : fromField ? Number(fromField[1]) : null;
  return { field, lineIndex };
}

const KEY = 'servauto.checkoutKey';

/**
 * The idempotency key of this checkout: made once and kept in the tab's storage, so a reload,
 * a retry or a double click sends the same key and the server answers the same order. It is
 * forgotten once an order is placed, so the next checkout is a new order.
 */
export function checkoutKey(storage: Pick<Storage, 'getItem' | 'setItem'> | null, make: () => string = randomId): string {
  const saved = storage?.getItem(KEY);
  if (saved && /^[A-Za-z0-9_-]{8,64}$/.test(saved)) return saved;
  const key = make();
  storage?.setItem(KEY, key);
  return key;
}

export function forgetCheckoutKey(storage: Pick<Storage, 'removeItem'> | null) {
  storage?.removeItem(KEY);
}

/** The value at a dotted path of a request body ("address.postcode"). */
const at = (body: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, key) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined), body);

/**
 * Fields left blank that the method needs, by the names the server's refusals use: the
 * contract's list of required fields (contract/rules/order-required.ts), read off the body the form
 * would send.
 */
export function missingFields(form: CheckoutForm): string[] {
  const body = orderRequest('', [], '', form);
  return requiredOrderFields(form.method).filter((path) => {
    const value = at(body, path);
    return value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}

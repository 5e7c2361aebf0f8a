import { isIsoDate } from '../../contract/rules/kl-calendar.ts';
import { fulfilmentMethods, type FulfilmentMethod } from '../../contract/rules/order-status.ts';
import { malaysianStates } from '../../contract/rules/postcode.ts';
import type { CheckoutForm } from './checkout.ts';
import { DRAFT_KEY, type DraftStorage } from './checkout-draft-key.ts';

export { DRAFT_KEY, forgetDraft } from './checkout-draft-key.ts';

/**
 * The checkout as typed so far, kept in the tab's session storage so that Back, Forward, a
 * reload or a language switch bring it back, until the order is placed. It belongs to the
 * customer who typed it: another login in the tab starts afresh. What is read back is input
 * like any other: each field is checked, and a field of the wrong shape is left out.
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A text of at most `max` characters, else undefined (left out). */
const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.length <= max ? v : undefined);
const matching = (v: unknown, pattern: RegExp): string | undefined => (typeof v === 'string' && (v === '' || pattern.test(v)) ? v : undefined);
const ID = /^[a-z0-9.:-]{1,80}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const states = new Set<string>(malaysianStates.map((s) => s.name));

/** Only the fields that have their shape: what `form` should start from. */
export function parseDraftForm(v: unknown): Partial<CheckoutForm> {
  if (!isRecord(v)) return {};
  const out: Partial<CheckoutForm> = {};
  const plate = text(v.plate, 20);
  if (plate !== undefined) out.plate = plate;
  if (fulfilmentMethods.includes(v.method as FulfilmentMethod)) out.method = v.method as FulfilmentMethod;
  const storeId = matching(v.storeId, ID);
  const date = typeof v.date === 'string' && (v.date === '' || isIsoDate(v.date)) ? v.date : undefined;
  const time = matching(v.time, TIME);
  // A time belongs to its workshop and date: all three come back, or none.
  if (storeId !== undefined && date !== undefined && time !== undefined) Object.assign(out, { storeId, date, time });
  if (isRecord(v.address)) {
    const a = v.address;
    const fields = {
      recipient: text(a.recipient, 80),
      phone: text(a.phone, 20),
      line1: text(a.line1, 120),
      line2: text(a.line2, 120),
      postcode: matching(a.postcode, /^\d{0,5}$/),
      city: text(a.city, 60),
      state: typeof a.state === 'string' && (a.state === '' || states.has(a.state)) ? a.state : undefined,
    };
    const landmark = text(a.landmark, 120);
    if (Object.values(fields).every((f) => f !== undefined)) out.address = { ...(fields as CheckoutForm['address']), ...(landmark !== undefined ? { landmark } : {}) };
  }
  // The van's window: its date and start together, or none.
  if (isRecord(v.window) && typeof v.window.date === 'string' && isIsoDate(v.window.date) && matching(v.window.start, TIME)) out.window = { date: v.window.date, start: v.window.start as string };
  if (isRecord(v.contact)) {
    const contact = { name: text(v.contact.name, 80), phone: text(v.contact.phone, 20), email: text(v.contact.email, 120) };
    if (Object.values(contact).every((f) => f !== undefined)) out.contact = contact as CheckoutForm['contact'];
  }
  const notes = text(v.notes, 500);
  if (notes !== undefined) out.notes = notes;
  const couponCode = text(v.couponCode, 40);
  if (couponCode !== undefined) {
    out.couponCode = couponCode;
    out.couponApplied = v.couponApplied !== false;
  }
  if (typeof v.whatsapp === 'boolean') out.whatsapp = v.whatsapp;
  return out;
}

/** The draft this customer left in this tab, or nothing. */
export function readDraft(storage: DraftStorage | null, userId: string): Partial<CheckoutForm> {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(DRAFT_KEY) ?? 'null');
    if (!isRecord(saved) || saved.userId !== userId) return {};
    return parseDraftForm(saved.form);
  } catch {
    return {};
  }
}

export function saveDraft(storage: DraftStorage | null, userId: string, form: CheckoutForm) {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify({ userId, form }));
  } catch {
    /* storage full or blocked: the form still lives for this page */
  }
}


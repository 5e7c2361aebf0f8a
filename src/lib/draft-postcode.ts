import { formatPhone } from '../../contract/rules/phone.ts';
import type { User } from '../../contract/user.ts';
import { DRAFT_KEY, type DraftStorage } from './checkout-draft-key.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A postcode the customer typed on a product page ("Fitted at your place?") goes into the
 * checkout's draft in this tab (checkout-draft.ts), so the checkout's address starts from it. An
 * address already begun keeps a postcode of its own; a draft of another login is left alone and a
 * new one started. With no address yet, it starts as the checkout's own would: the recipient and
 * phone of the account. What is written is read back through the draft's checks like the rest.
 */
export function postcodeForCheckout(storage: DraftStorage | null, user: Pick<User, 'id' | 'name' | 'realName' | 'phone'>, postcode: string) {
  if (!/^\d{5}$/.test(postcode)) return;
  try {
    const saved: unknown = JSON.parse(storage?.getItem(DRAFT_KEY) ?? 'null');
    const form = isRecord(saved) && saved.userId === user.id && isRecord(saved.form) ? saved.form : {};
    const address = isRecord(form.address) ? form.address : null;
    if (address && typeof address.postcode === 'string' && address.postcode !== '') return;
    const name = user.realName || user.name;
    const next = address ? { ...address, postcode } : { recipient: name, phone: formatPhone(user.phone), line1: '', line2: '', postcode, city: '', state: '' };
    storage?.setItem(DRAFT_KEY, JSON.stringify({ userId: user.id, form: { ...form, address: next } }));
  } catch {
    /* storage blocked: the checkout asks for the postcode as usual */
  }
}

import { plateNeeded, requiredOrderFields } from '../../contract/rules/order-required.ts';
import { checkPhone, type PhoneProblem } from '../../contract/rules/phone.ts';
import { checkPlate } from '../../contract/rules/plate.ts';
import { checkPostcode, POSTCODE_ELSEWHERE, postcodeElsewhere, stateWords, type PostcodeProblem } from '../../contract/rules/postcode.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { dictionary, fill, ruleMessage } from '../i18n/index.ts';
import type { CheckoutForm } from './checkout.ts';

/**
 * The checkout's messages at its fields, kept honest as the customer types: a message shows
 * while its field is still wrong and goes as soon as the field is right. Messages are named as
 * the server's refusals name fields ("carPlate", "address.postcode", "appointment").
 */

/** What the page knows about a field without asking the server. */
export type LocalProblem =
  | { kind: 'required' }
  | { kind: 'chooseTime' }
  | { kind: 'rule'; key: 'plate.invalid' | PhoneProblem | PostcodeProblem }
  | { kind: 'elsewhere'; key: typeof POSTCODE_ELSEWHERE; params: { postcode: string; postcodeState: string; state: string } };

/** A problem in words, in `locale`: "88300 is in Sabah, not Selangor." */
export function problemWords(locale: Locale, p: LocalProblem): string {
  const t = dictionary(locale).checkout;
  if (p.kind === 'required') return t.required;
  if (p.kind === 'chooseTime') return t.chooseTime;
  if (p.kind === 'rule') return ruleMessage(locale, p.key);
  const { postcode, postcodeState, state } = p.params;
  return fill(ruleMessage(locale, p.key), { postcode, postcodeState: stateWords(postcodeState, locale), state: stateWords(state, locale) });
}

/** One message shown at a field, with the field as it stood when the message was given. */
export interface Shown {
  message: string;
  seen: string;
}

export type ShownErrors = Record<string, Shown>;

/** The part of the form a field's message is about; a message whose field changes is checked again. */
export function fieldText(form: CheckoutForm, path: string, variantId: string): string {
  // The plate is asked for an installation only: its message is checked again when the method changes.
  if (path === 'carPlate') return `${form.method} ${form.plate}`;
  if (path === 'variantId') return variantId;
  if (path === 'storeId' || path === 'method' || path === 'notes' || path === 'couponCode') return form[path];
  if (path === 'appointment') return `${form.storeId} ${form.date} ${form.time}`;
  if (path === 'window') return `${form.window?.date ?? ''} ${form.window?.start ?? ''}`;
  // Whether a postcode is right depends on the state chosen too.
  if (path === 'address.postcode') return `${form.address.postcode} ${form.address.state}`;
  const [group, name] = path.split('.');
  if (group === 'address' && name && name in form.address) return form.address[name as keyof CheckoutForm['address']] ?? '';
  if (group === 'contact' && name && name in form.contact) return form.contact[name as keyof CheckoutForm['contact']];
  return '';
}

/**
 * The field's problem as the page can tell it: null when it looks right, undefined when only
 * the server can tell (its message then goes when the field is changed).
 */
export function localProblem(form: CheckoutForm, path: string, variantId: string): LocalProblem | null | undefined {
  if (path === 'address.postcode') return postcodeProblem(form.address.postcode, form.address.state);
  const text = fieldText(form, path, variantId);
  if (requiredOrderFields(form.method).includes(path) && text.trim() === '') return { kind: 'required' };
  if (path === 'appointment') return form.storeId && form.date && form.time ? null : { kind: 'chooseTime' };
  if (path === 'variantId') return variantId ? null : { kind: 'required' };
  if (path === 'carPlate') return plateNeeded[form.method] && checkPlate(form.plate) ? { kind: 'rule', key: 'plate.invalid' } : null;
  if (path === 'contact.phone' || path === 'address.phone') {
    const problem = checkPhone(text);
    return problem ? { kind: 'rule', key: problem } : null;
  }
  if (requiredOrderFields(form.method).includes(path)) return null;
  return undefined;
}

/** A postcode's problem, naming where it is when it is in another state than the one chosen. */
function postcodeProblem(postcode: string, state: string): LocalProblem | null {
  const problem = checkPostcode(postcode, state || undefined);
  if (problem !== 'postcode.wrongState') return problem ? { kind: 'rule', key: problem } : null;
  const elsewhere = postcodeElsewhere(postcode, state);
  return elsewhere ? { kind: 'elsewhere', key: POSTCODE_ELSEWHERE, params: elsewhere } : { kind: 'rule', key: problem };
}

/**
 * The postcode's problem as soon as it and the state are both filled in (before Place order):
 * a postcode of another state, or one no state has. Null otherwise.
 */
export function postcodeAgainstState(form: CheckoutForm): LocalProblem | null {
  const { postcode, state } = form.address;
  if ((form.method !== 'mail' && form.method !== 'mobile') || !state || !/^\d{5}$/.test(postcode.normalize('NFKC').trim())) return null;
  return postcodeProblem(postcode, state);
}

/** The messages given for `errors` (a refusal, or the fields left blank), each with its field as it stands. */
export function giveErrors(errors: Record<string, string>, form: CheckoutForm, variantId: string): ShownErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, { message, seen: fieldText(form, path, variantId) }]));
}

/**
 * The messages after the form changed: each whose field changed is checked again (gone when the
 * field is right, or when only the server could tell; worded anew while it is still wrong), and
 * the postcode is held to the state as soon as both are filled in.
 */
export function reviseErrors(shown: ShownErrors, form: CheckoutForm, variantId: string, words: (p: LocalProblem) => string): ShownErrors {
  const next: ShownErrors = {};
  for (const [path, given] of Object.entries(shown)) {
    const seen = fieldText(form, path, variantId);
    if (seen === given.seen) {
      next[path] = given;
      continue;
    }
    const problem = localProblem(form, path, variantId);
    if (problem) next[path] = { message: words(problem), seen };
  }
  const postcode = postcodeAgainstState(form);
  if (postcode) next['address.postcode'] = { message: words(postcode), seen: fieldText(form, 'address.postcode', variantId) };
  return next;
}

/** Whether two sets of messages read the same (so a revision that changes nothing renders nothing). */
export function sameErrors(a: ShownErrors, b: ShownErrors): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k]?.message === a[k]!.message && b[k]!.seen === a[k]!.seen);
}

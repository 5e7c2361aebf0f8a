import { findPersonalData } from './personal-data.ts';

/**
 * Verified reviews (docs/contracts/after-sale.md §3): the limits, the states, and the check that holds a text
 * naming a phone number or a plate for the admin. Pure: the form and the server word it alike.
 */
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const MAX_REVIEW_IMAGES = 3;
/** Days after writing a review during which its author may change it. */
export const REVIEW_EDIT_DAYS = 30;

export const reviewTargets = ['product', 'workshop'] as const;
export type ReviewTarget = (typeof reviewTargets)[number];

/** visible: on the public pages; pending: held for the admin; hidden: taken down by the admin. */
export const reviewStatuses = ['visible', 'pending', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The only reasons an admin may hide a review: being negative is not one. */
export const hideReasons = ['personal-data', 'abuse', 'off-topic', 'spam'] as const;
export type HideReason = (typeof hideReasons)[number];

/** Why a review waits for the admin: a phone number or plate in its text, or an edit of a hidden review. */
export const heldReasons = ['phone', 'plate', 'edited'] as const;
export type HeldReason = (typeof heldReasons)[number];

/** Why a review's text must wait for the admin (a phone number first, then a plate), or null when it may be published. */
export function personalDataIn(text: string): 'phone' | 'plate' | null {
  const found = findPersonalData(text);
  if (found.some((f) => f.kind === 'phone')) return 'phone';
  return found.length ? 'plate' : null;
}

/**
 * The state a review takes when written or changed: held while its text names a phone or a
 * plate; a review the admin hid, once edited, waits for the admin again (never back by itself).
 */
export function statusAfterWriting(text: string, before: { status: ReviewStatus; heldFor: HeldReason | null } | null): { status: ReviewStatus; heldFor: HeldReason | null } {
  const found = personalDataIn(text);
  if (found) return { status: 'pending', heldFor: found };
  if (before && (before.status === 'hidden' || (before.status === 'pending' && before.heldFor === 'edited'))) return { status: 'pending', heldFor: 'edited' };
  return { status: 'visible', heldFor: null };
}

/** Whether the author may still change a review written at `createdAt`. */
export function editableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * The reviewer as the public reads them: the first name and the initial of the last word
 * ("Nur Aisyah binti Rahman" → "Nur R."), a Chinese name as its first character and two stars
 * ("陈伟明" → "陈**"). A name with digits in it (a phone, a plate typed as a name) or none
 * gives null: the caller writes a neutral word.
 */
export function publicAuthorName(name: string): string | null {
  const words = name.normalize('NFKC').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.some((w) => /\d/.test(w))) return null;
  const first = words[0]!;
  if (words.length === 1) {
    if (/^[\u3400-\u9fff]/.test(first)) return `${[...first][0]}**`;
    return [...first].slice(0, 20).join('');
  }
  const initial = [...words.at(-1)!][0]!.toUpperCase();
  return `${[...first].slice(0, 20).join('')} ${initial}.`;
}

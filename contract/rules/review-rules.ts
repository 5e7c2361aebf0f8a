import { normalisePlate } from './plate.ts';

/**
 * Verified reviews (after-sale.md §3): the limits, the states, and the check that holds a text
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

/**
 * Runs of digits, with the spaces, dashes, dots and brackets people type between them: a
 * Malaysian number is 9 to 12 digits (with 60 or 0 in front), written any way.
 */
const DIGIT_RUN = /\+?\d[\d\s\-.()]{6,}\d/g;

function namesPhone(text: string): boolean {
  for (const match of text.normalize('NFKC').matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length >= 9 && digits.length <= 12 && /^(?:60|0)?1\d{8,9}$|^(?:60|0)?[3-9]\d{7,8}$/.test(digits)) return true;
  }
  return false;
}

/**
 * A plate among the words: one word (`WXY1234`) or two or three next to each other (`WXY 1234`,
 * `SAA 1234 A`), as normalisePlate reads it. Short look-alikes of everyday words are let through
 * (at most two letters with at most two digits: "at 5", "R16", "X5"), and so is a price ("RM 120").
 */
function namesPlate(text: string): boolean {
  const words = text.normalize('NFKC').toUpperCase().split(/[^A-Z0-9-]+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const candidate = words.slice(i, i + n).join(' ');
      const digits = candidate.replace(/\D/g, '').length;
      const letters = candidate.replace(/[^A-Z]/g, '').length;
      if (digits === 0 || letters === 0 || (digits <= 2 && letters <= 2) || /^RM\s?\d/.test(candidate)) continue;
      if (normalisePlate(candidate)) return true;
    }
  }
  return false;
}

/** Why a review's text must wait for the admin, or null when it may be published. */
export function personalDataIn(text: string): 'phone' | 'plate' | null {
  if (namesPhone(text)) return 'phone';
  if (namesPlate(text)) return 'plate';
  return null;
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

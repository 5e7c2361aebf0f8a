/**
 * Where the checkout's draft is kept in the tab, and how it is dropped. Apart from the draft's
 * checks (which need the states' postcode table) so that logging out, on any page, can drop it
 * without carrying them.
 */
export const DRAFT_KEY = 'servauto.checkoutDraft';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function forgetDraft(storage: DraftStorage | null) {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    /* nothing to forget */
  }
}

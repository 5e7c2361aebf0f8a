/**
 * Who wants to know that a review changed (written, edited, hidden, shown, replied to): the
 * product pages' review blocks of this process drop their copy at once. Other processes
 * refresh theirs on their own clock.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` after each change of a review; returns the call that stops it. */
export function afterReviewChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener: called once the change is committed. */
export function reviewChanged(): void {
  for (const listener of listeners) listener();
}

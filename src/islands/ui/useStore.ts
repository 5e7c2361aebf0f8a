import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

/** The current value of a nanostore, re-rendering when it changes. */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => store.get(),
  );
}

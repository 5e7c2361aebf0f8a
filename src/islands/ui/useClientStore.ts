import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * False in the prerendered HTML and during hydration, true from the first render after it:
 * for what only the browser knows (storage, the address). Controls never wait on it: the
 * islands' `client:intent` directive keeps a tap or keypress made before hydration and
 * replays it once the island is live.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A store kept in browser storage, read only after hydration: the prerendered HTML shows
 * `serverValue`, so the first client render matches it.
 */
export function useClientStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  return useHydrated() ? value : serverValue;
}

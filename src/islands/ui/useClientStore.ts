import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

/**
 * False in the prerendered HTML and until the island has hydrated. Controls that need
 * JavaScript stay disabled until then, so an early click is never silently lost.
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

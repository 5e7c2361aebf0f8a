import { atom, type WritableAtom } from 'nanostores';

/**
 * An atom kept in Web Storage under `key`: session storage for the user (docs/contracts/shop.md §9), local
 * storage for the chosen car. What is read back goes through `parse`, which returns null for
 * anything not of the right shape (written by an older version of the site, another site on
 * this origin, or by hand): such a value is dropped, not shown. On the server (prerendering)
 * it is a plain atom.
 */
export function persistedAtom<T>(key: string, initial: T, area: 'session' | 'local', parse: (saved: unknown) => T | null): WritableAtom<T> {
  const storage = webStorage(area);
  let start = initial;
  try {
    const saved = storage?.getItem(key);
    if (saved) {
      const value = parse(JSON.parse(saved));
      if (value === null) storage?.removeItem(key);
      else start = value;
    }
  } catch {
    try {
      storage?.removeItem(key);
    } catch {
      /* storage blocked: nothing to clean */
    }
  }
  const store = atom<T>(start);
  store.listen((value) => {
    try {
      if (value === null || value === undefined) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch {
      /* storage full or blocked: the value still lives for this page */
    }
  });
  return store;
}

function webStorage(area: 'session' | 'local'): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return area === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage turned off for this site: the value lives for this page only.
    return null;
  }
}

/** Shape checks for values read back from storage or from another tab. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isText = (v: unknown): v is string => typeof v === 'string';

import { atom, type WritableAtom } from 'nanostores';

/**
 * An atom kept in Web Storage under `key`: session storage for the user (spec §9), local
 * storage for the chosen car. On the server (prerendering) it is a plain atom.
 */
export function persistedAtom<T>(key: string, initial: T, area: 'session' | 'local'): WritableAtom<T> {
  const storage = typeof window === 'undefined' ? null : area === 'session' ? window.sessionStorage : window.localStorage;
  let start = initial;
  try {
    const saved = storage?.getItem(key);
    if (saved) start = JSON.parse(saved) as T;
  } catch {
    storage?.removeItem(key);
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

import { isText, persistedAtom } from './persisted.ts';

/** The customer's city (a CITY dictionary value), remembered on this device. */
export const $curCity = persistedAtom<string | null>('servauto.curCity', null, 'local', (saved) =>
  isText(saved) && /^[a-z0-9-]{1,60}$/.test(saved) ? saved : null,
);

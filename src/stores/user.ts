import { computed } from 'nanostores';
import type { User } from '../../contract/user.ts';
import { persistedAtom } from './persisted.ts';

/** The logged-in user and their key, for this browser tab (session storage, spec §9). */
export interface Session {
  userKey: string;
  user: User;
}

export const $session = persistedAtom<Session | null>('servauto.user', null, 'session');
export const $loggedIn = computed($session, (s) => s !== null);

export function logIn(session: Session) {
  $session.set(session);
}

/** Clears the user and key (the server call, if any, is the caller's). */
export function clearSession() {
  $session.set(null);
}

import { atom, computed } from 'nanostores';
import type { User } from '../../contract/user.ts';
import { isRecord, isText, persistedAtom } from './persisted.ts';
import { shareSession } from './session-share.ts';

/** The logged-in user and their key, for this browser tab (session storage, docs/contracts/shop.md §9). */
export interface Session {
  userKey: string;
  user: User;
}

const isWhole = (v: unknown): v is number => Number.isInteger(v);

/** A session of the right shape, or null (read from storage or received from another tab). */
export function parseSession(value: unknown): Session | null {
  if (!isRecord(value) || !isText(value.userKey) || value.userKey === '' || !isRecord(value.user)) return null;
  const u = value.user;
  const texts = [u.id, u.name, u.realName, u.phone, u.avatar, u.createdAt];
  if (!texts.every(isText) || !isWhole(u.useType) || !isWhole(u.companyId) || u.phone === '') return null;
  return value as unknown as Session;
}

export const $session = persistedAtom<Session | null>('servauto.user', null, 'session', parseSession);
export const $loggedIn = computed($session, (s) => s !== null);

/**
 * False until this tab knows whether the customer is logged in: at once when its own storage
 * holds a session, or once the browser's other open tabs had a moment to hand theirs over.
 */
export const $sessionKnown = atom(typeof window === 'undefined' || $session.get() !== null);

const share = shareSession($session, parseSession, () => $sessionKnown.set(true));

export function logIn(session: Session) {
  $session.set(session);
  share.loggedIn(session);
}

/** Clears the user and key (the server call, if any, is the caller's), in every tab that shares them. */
export function clearSession() {
  const key = $session.get()?.userKey;
  $session.set(null);
  if (key) share.loggedOut(key);
}

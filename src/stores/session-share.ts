import type { WritableAtom } from 'nanostores';

/** What the tabs of one browser tell each other about the login. */
export type SessionMessage<S> = { type: 'ask' } | { type: 'session'; session: S } | { type: 'logout'; userKey: string };

/** How long a new tab waits for an open tab to hand over its session. */
export const ASK_WAIT_MS = 300;

/**
 * What a tab does with a message from another: answer a new tab's question with its
 * session, take a session when it has none, and log out when the key it holds was logged
 * out elsewhere. Pure, so it is tested directly.
 */
export function onSessionMessage<S extends { userKey: string }>(
  message: unknown,
  current: S | null,
  parse: (value: unknown) => S | null,
): { reply?: SessionMessage<S>; next?: S | null } {
  if (typeof message !== 'object' || message === null) return {};
  const m = message as Record<string, unknown>;
  if (m.type === 'ask') return current ? { reply: { type: 'session', session: current } } : {};
  if (m.type === 'session' && !current) {
    const session = parse(m.session);
    return session ? { next: session } : {};
  }
  if (m.type === 'logout' && current && m.userKey === current.userKey) return { next: null };
  return {};
}

/**
 * Hands the session between the tabs of one browser. The spec keeps the user in session
 * storage, which each tab has its own of: a new tab asks the open ones, any of them answers,
 * and logging in or out in one tab does the same in the others. `known` is called once this
 * tab knows its login state.
 */
export function shareSession<S extends { userKey: string }>(store: WritableAtom<S | null>, parse: (value: unknown) => S | null, known: () => void) {
  // Not while prerendering (Node has BroadcastChannel too), nor in browsers without it.
  const channel = typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('servauto.session');
  const post = (message: SessionMessage<S>) => channel?.postMessage(message);
  if (!channel) known();
  else {
    channel.onmessage = (event: MessageEvent) => {
      const { reply, next } = onSessionMessage(event.data, store.get(), parse);
      if (reply) post(reply);
      if (next !== undefined) {
        store.set(next);
        known();
      }
    };
    if (store.get()) known();
    else {
      post({ type: 'ask' });
      setTimeout(known, ASK_WAIT_MS);
    }
  }
  return {
    loggedIn: (session: S) => post({ type: 'session', session }),
    loggedOut: (userKey: string) => post({ type: 'logout', userKey }),
  };
}

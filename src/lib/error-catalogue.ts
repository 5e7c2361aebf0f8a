import { Code } from '../../contract/codes.ts';
import type { Dictionary } from '../i18n/en.ts';

/** What the site does with an answer's code (docs/contracts/shop.md §8). Pure, so it is tested directly. */
export type Outcome =
  | { kind: 'ok' }
  /** 708/800 with a key: show `notice` for 5 s, log out, go to the root, fail with `reason`. */
  | { kind: 'sessionExpired'; notice: string; reason: string }
  /** 708/800 without a key: the call needs a login first. */
  | { kind: 'needLogin'; reason: string }
  | { kind: 'warning'; text: string }
  /** 408: one alert with a Refresh Page button. */
  | { kind: 'timeout'; text: string }
  | { kind: 'error'; text: string };

export const SESSION_NOTICE_MS = 5000;
export const NETWORK_ERROR_MS = 5000;

export function classify(code: number, msg: string | undefined, hasKey: boolean, t: Dictionary['errors']): Outcome {
  const server = msg?.trim();
  switch (code) {
    case Code.OK:
    case Code.ACCEPTED:
      return { kind: 'ok' };
    case Code.SESSION_EXPIRED:
    case Code.KEY_REVOKED:
      return hasKey
        ? { kind: 'sessionExpired', notice: t.loginExpired, reason: t.invalidSession }
        : { kind: 'needLogin', reason: t.needLogin };
    case Code.WARNING:
      return { kind: 'warning', text: server || t.unknown };
    case Code.TIMEOUT:
      return { kind: 'timeout', text: t.timeout };
    case Code.UNAUTHORIZED:
      return { kind: 'error', text: server || t.code401 };
    case Code.FORBIDDEN:
      return { kind: 'error', text: server || t.code403 };
    case Code.NOT_FOUND:
      return { kind: 'error', text: server || t.code404 };
    default:
      return { kind: 'error', text: server || t.unknown };
  }
}

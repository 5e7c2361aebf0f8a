import type { StaffRole } from '../../contract/console.ts';
import { callApi } from './api.ts';
import { userInfo } from './endpoints.ts';

/** Who the logged-in user is to the console: a staff role (and workshop), or a customer. */
export interface Staff {
  role: StaffRole | null;
  storeId: string | null;
}

const KEY = 'servauto.staff';
let asked: { userKey: string; answer: Promise<Staff> } | null = null;

function remembered(userKey: string): Staff | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as (Staff & { userKey: string }) | null;
    return saved?.userKey === userKey ? { role: saved.role, storeId: saved.storeId } : null;
  } catch {
    return null;
  }
}

/**
 * The role behind a login, asked of the server once per login and kept for the tab: the
 * login call does not carry it. The server checks the role on every console call anyway.
 */
export function staffOf(userKey: string, options: { fresh?: boolean } = {}): Promise<Staff> {
  const saved = options.fresh ? null : remembered(userKey);
  if (saved) return Promise.resolve(saved);
  if (asked?.userKey === userKey && !options.fresh) return asked.answer;
  const answer = callApi(userInfo, {}, { quiet: true }).then((u) => {
    const staff: Staff = { role: u.role ?? null, storeId: u.storeId ?? null };
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ userKey, ...staff }));
    } catch {
      /* storage blocked: asked again next time */
    }
    return staff;
  });
  asked = { userKey, answer };
  answer.catch(() => (asked = null));
  return answer;
}

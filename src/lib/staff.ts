import { callApi } from './api.ts';
import { userInfo } from './endpoints.ts';
import { rememberedStaff, rememberStaff, type Staff } from './staff-memory.ts';

export type { Staff };

let asked: { userKey: string; answer: Promise<Staff> } | null = null;

/**
 * The role behind a login, asked of the server once per login and kept for the tab: the
 * login call does not carry it. The server checks the role on every console call anyway.
 */
export function staffOf(userKey: string, options: { fresh?: boolean } = {}): Promise<Staff> {
  const saved = options.fresh ? null : rememberedStaff(userKey);
  if (saved) return Promise.resolve(saved);
  if (asked?.userKey === userKey && !options.fresh) return asked.answer;
  const answer = callApi(userInfo, {}, { quiet: true }).then((u) => {
    const staff: Staff = { role: u.role ?? null, storeId: u.storeId ?? null };
    rememberStaff(userKey, staff);
    return staff;
  });
  asked = { userKey, answer };
  answer.catch(() => (asked = null));
  return answer;
}

import type { StaffRole } from '../../contract/console.ts';

/** Who the logged-in user is to the console: a staff role (and workshop), or a customer (role null). */
export interface Staff {
  role: StaffRole | null;
  storeId: string | null;
}

/** Where a tab keeps it (sessionStorage, as the login itself); console pages read it before their first paint. */
export const STAFF_KEY = 'servauto.staff';

/** What this tab learnt of a login's role, if anything: kept apart from the API code so the shop's menu can read it cheaply. */
export function rememberedStaff(userKey: string): Staff | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STAFF_KEY) ?? 'null') as (Staff & { userKey: string }) | null;
    return saved?.userKey === userKey ? { role: saved.role === 'admin' || saved.role === 'workshop' ? saved.role : null, storeId: saved.storeId ?? null } : null;
  } catch {
    return null;
  }
}

export function rememberStaff(userKey: string, staff: Staff) {
  try {
    sessionStorage.setItem(STAFF_KEY, JSON.stringify({ userKey, ...staff }));
  } catch {
    /* storage blocked: asked again next time */
  }
}

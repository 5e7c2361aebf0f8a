import type { Context } from 'hono';
import { clientLogin, logout, sendSms, userInfo } from '../../contract/user.ts';
import { toE164 } from '../../contract/rules/phone.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import type { AuthService } from '../modules/auth/service.ts';
import { warning } from '../modules/errors.ts';

/** The user key from `Authorization` (optionally `Bearer …`), else the `userKey` header. */
export function userKeyOf(c: Context<AppEnv>): string | undefined {
  const auth = c.req.header('authorization')?.replace(/^Bearer\s+/i, '').trim();
  return auth || c.req.header('userkey')?.trim() || undefined;
}

/** A staff member's role and workshop by login phone (the console's staff table), or null. */
export type StaffLookup = (phone: string) => Promise<{ role: 'admin' | 'workshop'; storeId: string | null } | null>;

export function authRoutes(calls: CallMounter, auth: AuthService, staffOf: StaffLookup = async () => null) {
  calls.mount(sendSms, async ({ phone, type }, c) => {
    const to = toE164(phone);
    if (type === 'close') {
      // A code that closes an account goes only to the logged-in customer's own phone
      // (docs/contracts/running-the-business.md §5).
      const { user } = await auth.session(userKeyOf(c));
      if (user.phone !== to) throw warning('close.otherPhone', {}, { field: 'phone' });
    }
    return auth.sendCode(to, c.get('clientAddress'), c.get('locale'), type);
  });
  calls.mount(clientLogin, ({ phone, code }) => auth.login(toE164(phone), code.trim()));
  calls.mount(userInfo, async (_input, c) => {
    const user = c.get('user');
    const staff = await staffOf(user.phone);
    return { ...user, role: staff?.role ?? null, storeId: staff?.storeId ?? null };
  });
  calls.mount(logout, async (_input, c) => {
    await auth.logout(c.get('sessionId'));
    return { loggedOut: true as const };
  });
}

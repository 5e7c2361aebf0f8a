import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { Code } from '../../../contract/codes.ts';
import type { Locale } from '../../../contract/rules/language.ts';
import type { User } from '../../../contract/user.ts';
import { lockKey, type Db } from '../../db/client.ts';
import { DomainError, warning } from '../errors.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';
import {
  codeVerdict,
  hashOtp,
  MAX_WRONG_TRIES,
  newOtp,
  OTP_TTL_SECONDS,
  otpMatches,
  RESEND_WAIT_SECONDS,
  sendVerdict,
} from './otp.ts';
import { otpCodes, sessions, users, type CodePurpose } from './schema.ts';
import { rememberedLogin } from './login-memory.ts';
import { closeCodeSms, otpSms } from '../notifications/texts.ts';
import { log } from '../../ops/log.ts';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A sliding session is pushed forward at most this often, to keep reads free of writes. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

const hashKey = (userKey: string) => createHash('sha256').update(userKey).digest('hex');

function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    name: row.name,
    realName: row.realName,
    phone: row.phone ?? '',
    avatar: row.avatar,
    useType: row.useType,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A read of other tables made in the session's own statement, so that a call needing both
 * waits for one round trip, not two. Its SQL names its values by placeholder, and is the same
 * text for the same `name`: the statement is prepared once per name.
 */
export interface SessionRider {
  name: string;
  sql: SQL<string>;
  params: Record<string, unknown>;
}

type Session = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export interface AuthDeps {
  db: Db;
  sms: SmsProvider;
  secret: string;
  /** Codes one client address may ask for per hour (many customers can share one address). */
  sendsPerAddressPerHour?: number;
  /** Seconds before another code may go to the same phone (spec: 60). */
  resendWaitSeconds?: number;
  now?: () => Date;
}

export function authService({ db, sms, secret, sendsPerAddressPerHour, resendWaitSeconds = RESEND_WAIT_SECONDS, now = () => new Date() }: AuthDeps) {
  // Every call behind a login asks this: prepared once, so neither the query's text nor its
  // plan is built again per call.
  const sessionByKey = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('auth_session_by_key');
  const withRider = new Map<string, ReturnType<typeof sessionWith>>();
  const sessionWith = (rider: SessionRider) =>
    db
      .select({ session: sessions, user: users, rider: rider.sql })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(`auth_session_with_${rider.name}`);
  async function sessionRow(userKey: string, rider?: SessionRider): Promise<{ session: Session; user: UserRow; rider: string | null } | undefined> {
    const tokenHash = hashKey(userKey);
    if (!rider) {
      return rememberedLogin(db, tokenHash, async () => {
        const [found] = await sessionByKey.execute({ tokenHash });
        return found && { ...found, rider: null };
      });
    }
    let query = withRider.get(rider.name);
    if (!query) withRider.set(rider.name, (query = sessionWith(rider)));
    return (await query.execute({ ...rider.params, tokenHash }))[0];
  }
  return {
    /**
     * Sends a new code to `phone` (+60…) unless a limit forbids it: to log in, or to close the
     * account of that phone (docs/contracts/running-the-business.md §5), each in its own words. The
     * limits count every code sent to the phone, whatever it is for.
     */
    async sendCode(phone: string, clientAddress: string, locale: Locale, purpose: CodePurpose = 'login') {
      const issued = await db.transaction(async (tx) => {
        // The address first, then the phone, in every call that takes both: two sends never
        // wait for each other in a circle. Counting under both locks keeps the limits exact
        // across API processes.
        await lockKey(tx, 'otp-address', clientAddress);
        await lockKey(tx, 'otp', phone);
        const at = now();
        const hourAgo = new Date(at.getTime() - 60 * 60 * 1000);
        // One after the other: a transaction's queries share one connection.
        const phoneSends = await tx.select({ at: otpCodes.createdAt }).from(otpCodes).where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, hourAgo)));
        const addressSends = await tx
          .select({ at: otpCodes.createdAt })
          .from(otpCodes)
          .where(and(eq(otpCodes.clientAddress, clientAddress), gt(otpCodes.createdAt, hourAgo)));
        const verdict = sendVerdict(
          at,
          phoneSends.map((r) => r.at),
          addressSends.map((r) => r.at),
          sendsPerAddressPerHour,
          resendWaitSeconds,
        );
        if (!verdict.ok) {
          if (verdict.reason === 'wait') throw warning('otp.wait', { seconds: verdict.seconds }, { resendAfter: verdict.seconds });
          throw warning(verdict.reason === 'phoneLimit' ? 'otp.phoneLimit' : 'otp.addressLimit', { minutes: verdict.minutes });
        }
        const code = newOtp();
        const [row] = await tx
          .insert(otpCodes)
          .values({
            phone,
            codeHash: hashOtp(secret, phone, code),
            clientAddress,
            purpose,
            createdAt: at,
            expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000),
          })
          .returning({ id: otpCodes.id });
        return { id: row!.id, code };
      });
      // Sent after the commit, so a slow gateway holds no lock or connection. If it fails,
      // the code is withdrawn and not counted against the customer's limits.
      try {
        const text = purpose === 'close' ? closeCodeSms(locale, issued.code) : otpSms(locale, issued.code);
        await sms.sendOtp({ phone, code: issued.code, text });
      } catch (err) {
        log.error(`[sms] ${sms.name} could not send to ${phone}: ${(err as Error).message}`);
        await db.delete(otpCodes).where(eq(otpCodes.id, issued.id));
        throw new DomainError(Code.UNAVAILABLE, 'otp.smsFailed');
      }
      return { phone, resendAfter: resendWaitSeconds, expiresIn: OTP_TTL_SECONDS };
    },

    /** Checks the code; on success creates the user on first login and opens a session. */
    async login(phone: string, code: string) {
      const outcome = await db.transaction(async (tx) => {
        await lockKey(tx, 'otp', phone);
        const at = now();
        const checked = await takeCode(tx, secret, phone, code, 'login', at);
        if (checked.verdict !== 'ok') return checked;
        // A closed account keeps its row without the phone: this phone's next login is a new account.
        const [row] = await tx
          .insert(users)
          .values({ phone, createdAt: at, lastLoginAt: at })
          .onConflictDoUpdate({ target: users.phone, set: { lastLoginAt: at } })
          .returning();
        const userKey = randomBytes(32).toString('base64url');
        const expiresAt = new Date(at.getTime() + SESSION_DAYS * DAY_MS);
        await tx.insert(sessions).values({ userId: row!.id, tokenHash: hashKey(userKey), createdAt: at, expiresAt });
        return { verdict: 'ok', userKey, expiresAt: expiresAt.toISOString(), user: toUser(row!) } as const;
      });
      if (outcome.verdict !== 'ok') throw codeRefusal(outcome);
      return { userKey: outcome.userKey, expiresAt: outcome.expiresAt, user: outcome.user };
    },

    /**
     * The user behind a key: 708 when missing, unknown or expired; 800 when revoked. With a
     * rider, its text too, read in the same statement.
     */
    async session(userKey: string | undefined, rider?: SessionRider) {
      if (!userKey) throw new DomainError(Code.SESSION_EXPIRED, 'session.expired');
      const found = await sessionRow(userKey, rider);
      if (!found) throw new DomainError(Code.SESSION_EXPIRED, 'session.expired');
      if (found.session.revokedAt) throw new DomainError(Code.KEY_REVOKED, 'session.revoked');
      const at = now();
      if (found.session.expiresAt.getTime() <= at.getTime()) throw new DomainError(Code.SESSION_EXPIRED, 'session.expired');
      const fresh = at.getTime() + SESSION_DAYS * DAY_MS;
      if (fresh - found.session.expiresAt.getTime() > SLIDE_EVERY_MS) {
        await db.update(sessions).set({ expiresAt: new Date(fresh) }).where(eq(sessions.id, found.session.id));
      }
      return { sessionId: found.session.id, user: toUser(found.user), rider: found.rider };
    },

    async logout(sessionId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: now() })
        .where(and(eq(sessions.id, sessionId), sql`${sessions.revokedAt} is null`));
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

/** What checking a code did: taken (`ok`), or why not, with the tries left after a wrong one. */
export type CodeCheck = { verdict: 'ok' } | { verdict: 'wrong'; left: number } | { verdict: 'none' | 'used' | 'exhausted' | 'expired' };

/**
 * Checks `code` against the latest code sent to `phone` for `purpose`, in the caller's transaction
 * (which holds the phone's 'otp' lock): a right one is marked used, a wrong one counts a try. A
 * code for one purpose is never taken for the other. The caller commits a wrong try even when it
 * then refuses: answer with `codeRefusal` after the commit.
 */
export async function takeCode(tx: Db, secret: string, phone: string, code: string, purpose: CodePurpose, at: Date): Promise<CodeCheck> {
  const [latest] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  const verdict = codeVerdict(at, latest, latest ? otpMatches(secret, phone, code, latest.codeHash) : false);
  if (verdict === 'wrong') {
    const tries = latest!.wrongTries + 1;
    await tx.update(otpCodes).set({ wrongTries: tries }).where(eq(otpCodes.id, latest!.id));
    return { verdict, left: MAX_WRONG_TRIES - tries };
  }
  if (verdict !== 'ok') return { verdict };
  await tx.update(otpCodes).set({ usedAt: at }).where(eq(otpCodes.id, latest!.id));
  return { verdict };
}

/** The login's refusal (807, in the caller's language) of a code not taken. */
export function codeRefusal(check: Exclude<CodeCheck, { verdict: 'ok' }>): DomainError {
  switch (check.verdict) {
    case 'wrong':
      if (check.left === 1) return warning('otp.wrongOne');
      return check.left > 0 ? warning('otp.wrong', { left: check.left }) : warning('otp.tooManyTries');
    case 'exhausted':
      return warning('otp.tooManyTries');
    case 'expired':
      return warning('otp.expired');
    case 'none':
    case 'used':
      return warning('otp.none');
  }
}

/** The customer's account row, read without a lock. */
export async function accountOf(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Locks the customer's account row for a change that must not cross another (closing it). */
export async function lockAccount(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/**
 * Closes an account (docs/contracts/running-the-business.md §5), in the caller's transaction: every
 * session is deleted (its key is unknown from then on), the codes sent to the phone go, and the
 * row stays, closed, with its phone, names and avatar erased, so the orders kept for the books
 * still name an account and the same phone's next login makes a new, empty one. Answers how many
 * sessions ended.
 */
export async function closeAccountRow(tx: Db, account: UserRow, at: Date): Promise<{ sessions: number }> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, account.id)).returning({ id: sessions.id });
  if (account.phone) await tx.delete(otpCodes).where(eq(otpCodes.phone, account.phone));
  await tx
    .update(users)
    .set({ phone: null, name: '', realName: '', avatar: '', closedAt: at })
    .where(and(eq(users.id, account.id), isNull(users.closedAt)));
  return { sessions: ended.length };
}

/**
 * Keeps the name given at checkout as the account's name: the Me dialog shows it and the next
 * checkout starts with it. Written only when it changed, so a repeat order writes nothing.
 */
export async function rememberName(db: Db, userId: string, name: string): Promise<void> {
  const realName = name.trim();
  if (!realName) return;
  await db
    .update(users)
    .set({ realName })
    .where(and(eq(users.id, userId), isNull(users.closedAt), sql`${users.realName} is distinct from ${realName}`));
}

/** Of `userIds`, the accounts their customers closed (docs/contracts/running-the-business.md §5). */
export async function closedAccounts(db: Db, userIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.closedAt)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Holds the customer's account open for the rest of the caller's transaction
 * (docs/contracts/running-the-business.md §5): a share lock on its row. A closing holds that row for
 * update, so a change that got past its login just before the closing either finishes first (and
 * the closing then erases what it wrote) or waits and finds the account closed: 708, as a session
 * that ended, and nothing written. Taken first in the transaction, before any other lock, so it
 * never waits in a circle with a closing.
 */
export async function holdOpenAccount(tx: Db, userId: string): Promise<void> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .for('share');
  if (!row) throw new DomainError(Code.SESSION_EXPIRED, 'session.expired');
}

/** The customer whose login phone this is (E.164), if any: a reply from that phone speaks for them. */
export async function userIdByPhone(db: Db, phone: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return row?.id ?? null;
}

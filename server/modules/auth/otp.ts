import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../../contract/rules/phone.ts';

/** The OTP rules (docs/architecture.md, "Login codes"): how long a code lives, how often one may be sent, how often guessed. */
export const OTP_TTL_SECONDS = 5 * 60;
export const RESEND_WAIT_SECONDS = 60;
export const MAX_WRONG_TRIES = 5;
export const SENDS_PER_PHONE_PER_HOUR = 5;
export const SENDS_PER_ADDRESS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export function newOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Keyed, so a copy of the table cannot be walked through all million codes. */
export function hashOtp(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

export function otpMatches(secret: string, phone: string, code: string, hash: string): boolean {
  const a = Buffer.from(hashOtp(secret, phone, code), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type SendVerdict =
  | { ok: true }
  | { ok: false; reason: 'wait'; seconds: number }
  | { ok: false; reason: 'phoneLimit' | 'addressLimit'; minutes: number };

/**
 * May a code be sent now? `phoneSends` and `addressSends` are the times of the codes sent
 * in the last hour to this phone and from this client address.
 */
export function sendVerdict(
  now: Date,
  phoneSends: Date[],
  addressSends: Date[],
  addressLimit: number = SENDS_PER_ADDRESS_PER_HOUR,
  resendWait: number = RESEND_WAIT_SECONDS,
): SendVerdict {
  const t = now.getTime();
  const recent = (times: Date[]) => times.filter((d) => t - d.getTime() < HOUR_MS).sort((a, b) => a.getTime() - b.getTime());
  const byPhone = recent(phoneSends);
  const last = byPhone.at(-1);
  if (last && t - last.getTime() < resendWait * 1000) {
    return { ok: false, reason: 'wait', seconds: Math.ceil((resendWait * 1000 - (t - last.getTime())) / 1000) };
  }
  const minutesUntilFree = (times: Date[], limit: number) =>
    Math.max(1, Math.ceil((times[times.length - limit]!.getTime() + HOUR_MS - t) / 60_000));
  if (byPhone.length >= SENDS_PER_PHONE_PER_HOUR) {
    return { ok: false, reason: 'phoneLimit', minutes: minutesUntilFree(byPhone, SENDS_PER_PHONE_PER_HOUR) };
  }
  const byAddress = recent(addressSends);
  if (byAddress.length >= addressLimit) {
    return { ok: false, reason: 'addressLimit', minutes: minutesUntilFree(byAddress, addressLimit) };
  }
  return { ok: true };
}

export type CodeVerdict = 'none' | 'used' | 'exhausted' | 'expired' | 'wrong' | 'ok';

/** What a login attempt with `matches` does to the latest code sent to the phone. */
export function codeVerdict(
  now: Date,
  latest: { expiresAt: Date; wrongTries: number; usedAt: Date | null } | undefined,
  matches: boolean,
): CodeVerdict {
  if (!latest) return 'none';
  if (latest.usedAt) return 'used';
  if (latest.wrongTries >= MAX_WRONG_TRIES) return 'exhausted';
  if (latest.expiresAt.getTime() <= now.getTime()) return 'expired';
  return matches ? 'ok' : 'wrong';
}

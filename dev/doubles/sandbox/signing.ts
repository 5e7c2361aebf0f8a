import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a sandbox callback carries: hex HMAC-SHA256 of the raw body. */
export const SIGNATURE_HEADER = 'X-Sandbox-Signature';

/**
 * The sandbox's key: SANDBOX_PAYMENT_SECRET when set, else one derived from the server's
 * secret, so the OTP key itself never signs payments.
 */
export function sandboxKey(configured: string | undefined, serverSecret: string): string {
  if (configured) return configured;
  return createHmac('sha256', serverSecret).update('servauto sandbox payments').digest('base64url');
}

/** Hex HMAC-SHA256 of the raw body: the value of X-Sandbox-Signature. */
export function signBody(key: string, rawBody: string): string {
  return createHmac('sha256', key).update(rawBody, 'utf8').digest('hex');
}

/** Compares in constant time; anything but 64 hex digits is simply wrong. */
export function signatureMatches(key: string, rawBody: string, header: string | null | undefined): boolean {
  const given = header?.trim().toLowerCase() ?? '';
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(signBody(key, rawBody), 'hex'));
}

/** What a page token vouches for: the checkout and the amount the page may take. */
export interface TokenClaims {
  checkout: string;
  amountSen: number;
  currency: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

// Its own key, so no page token can ever pass as a callback signature or the other way round.
const tokenKey = (key: string) => createHmac('sha256', key).update('sandbox page token').digest();

function tokenSignature(key: string, payload: string): Buffer {
  return createHmac('sha256', tokenKey(key)).update(payload).digest();
}

/** `<claims as base64url JSON>.<base64url HMAC>`: safe in a URL path. */
export function signToken(key: string, claims: TokenClaims): string {
  const payload = Buffer.from(JSON.stringify([claims.checkout, claims.amountSen, claims.currency, claims.expiresAt])).toString('base64url');
  return `${payload}.${tokenSignature(key, payload).toString('base64url')}`;
}

/** The claims of a token this key signed, or null for anything forged, altered or malformed. */
export function readToken(key: string, token: string): TokenClaims | null {
  if (token.length > 400) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!/^[\w-]+$/.test(payload) || !/^[\w-]+$/.test(signature)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = tokenSignature(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [checkout, amountSen, currency, expiresAt] = parsed as unknown[];
    if (typeof checkout !== 'string' || typeof currency !== 'string') return null;
    if (!Number.isSafeInteger(amountSen) || !Number.isSafeInteger(expiresAt)) return null;
    return { checkout, amountSen: amountSen as number, currency, expiresAt: expiresAt as number };
  } catch {
    return null;
  }
}

import { createHash, randomInt } from 'node:crypto';
import { klDate } from '../../../contract/rules/kl-calendar.ts';

/**
 * Order numbers, pickup codes and the fingerprint of a placed request. Pure but for the
 * random digits, which come in as a function so tests can fix them.
 */

/** `SV` + the Kuala Lumpur date (YYMMDD) + 6 random digits, e.g. SV250602048113. */
export function orderNumber(now: Date, digits: (count: number) => string = randomDigits): string {
  return `SV${klDate(now).slice(2).replaceAll('-', '')}${digits(6)}`;
}

/** The code a self-pickup customer shows at the counter. */
export function pickupCode(digits: (count: number) => string = randomDigits): string {
  return digits(6);
}

export function randomDigits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

/** JSON with keys in order and undefined left out, so equal requests read the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The fingerprint of an order request as the contract parsed it (plates, codes and phones
 * already normalised), without its idempotency key: a retry of the same checkout matches,
 * another order sent under the same key does not.
 */
export function requestHash(request: { idempotencyKey: string } & Record<string, unknown>): string {
  const { idempotencyKey: _key, ...rest } = request;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

/**
 * Tells a database that cannot be reached (down, restarting, connections cut) from a query that
 * failed on its own merits: the first is worth a "try again in a moment", the second is a bug.
 */

/** SQLSTATEs outside class 08 that still mean "no usable connection". */
const LOST_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or the server stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** Node's codes for a peer that is gone or unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What pg says when a connection ends under it, or when none can be had in time. */
const LOST_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed/,
];

function lostConnection(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^08[0-9A-Z]{3}$/.test(code) || LOST_STATES.has(code) || NETWORK_CODES.has(code))) return true;
  return typeof message === 'string' && LOST_MESSAGES.some((m) => m.test(message));
}

/**
 * The error, among `err`, its causes and the errors it aggregates, that says the database was
 * out of reach; null when the failure was something else.
 */
export function databaseUnavailableCause(err: unknown): Error | null {
  const seen = new Set<object>();
  const pending: unknown[] = [err];
  while (pending.length > 0 && seen.size < 32) {
    const next = pending.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (lostConnection(next)) return next as Error;
    const { cause, errors } = next as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return null;
}

export const isDatabaseUnavailable = (err: unknown): boolean => databaseUnavailableCause(err) !== null;

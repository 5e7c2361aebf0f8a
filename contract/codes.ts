/** Answer codes of the API envelope `{ code, msg, data }` (docs/contracts/shop.md §8). */
export const Code = {
  OK: 200,
  /** The client treats this as success too. */
  ACCEPTED: 100151,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVER_ERROR: 500,
  /** The database (or a provider the call needs) is out of reach for a moment: try again. */
  UNAVAILABLE: 503,
  /** Session missing or expired on a call that needs one. */
  SESSION_EXPIRED: 708,
  /** The user key was revoked (logged out). */
  KEY_REVOKED: 800,
  /** A business warning the client shows as a warning (also a customer's limit reached: uploads an hour, photos waiting). */
  WARNING: 807,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

import { Code } from '../../contract/codes.ts';
import type { MessageKey } from '../../contract/messages.ts';

/** An answer other than success: the envelope code, and the message to word in the caller's language. */
export class ApiError extends Error {
  readonly code: number;
  readonly key: MessageKey;
  readonly params: Record<string, string | number>;
  readonly data: unknown;

  constructor(code: number, key: MessageKey, params: Record<string, string | number> = {}, data: unknown = null) {
    super(key);
    this.code = code;
    this.key = key;
    this.params = params;
    this.data = data;
  }
}

export const warning = (key: MessageKey, params?: Record<string, string | number>, data?: unknown) =>
  new ApiError(Code.WARNING, key, params, data);

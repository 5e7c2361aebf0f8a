import { Code } from '../../contract/codes.ts';
import type { MessageKey } from '../../contract/rules/messages.ts';

/**
 * A refusal of the shop's rules: the envelope code it answers with, and the message to word in
 * the caller's language. The modules throw it; the API's edge turns it into the envelope.
 */
export class DomainError extends Error {
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
  new DomainError(Code.WARNING, key, params, data);

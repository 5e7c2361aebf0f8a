import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { Code } from '../../contract/codes.ts';
import type { Call } from '../../contract/call.ts';
import { message } from '../../contract/rules/messages.ts';
import { DomainError } from '../modules/errors.ts';
import type { AppEnv } from './env.ts';
import { describeIssue, findUnstorableText } from './validation.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

export type SessionCheck = (c: Context<AppEnv>) => Promise<void>;

export type Handler<C extends Call> = (
  input: z.output<C['request']>,
  c: Context<AppEnv>,
) => Promise<z.input<C['response']> | SerializedData> | z.input<C['response']> | SerializedData;

/** `data` already turned into JSON, for answers served from a cache. */
export interface SerializedData {
  readonly serializedJson: string;
}
export const serialized = (json: string): SerializedData => ({ serializedJson: json });
const isSerialized = (data: unknown): data is SerializedData =>
  typeof data === 'object' && data !== null && typeof (data as SerializedData).serializedJson === 'string';

const okMessages = new Map<string, string>();
function okMessage(c: Context<AppEnv>) {
  const locale = c.get('locale');
  let json = okMessages.get(locale);
  if (!json) okMessages.set(locale, (json = JSON.stringify(message(locale, 'ok'))));
  return json;
}

/** Success, in the envelope every call answers with. */
export function answer(c: Context<AppEnv>, data: unknown, code: number = Code.OK) {
  c.set('answerCode', code);
  const json = isSerialized(data) ? data.serializedJson : JSON.stringify(data);
  return c.body(`{"code":${code},"msg":${okMessage(c)},"data":${json}}`, 200, { 'Content-Type': 'application/json' });
}

export function answerError(c: Context<AppEnv>, err: DomainError) {
  c.set('answerCode', err.code);
  return c.json({ code: err.code, msg: message(c.get('locale'), err.key, err.params), data: err.data });
}

/** JSON bodies over 64 KB are refused: a declared length before reading, a streamed one as it passes the limit. */
const jsonBodyLimit = bodyLimit({
  maxSize: BODY_LIMIT_BYTES,
  onError: () => {
    throw new DomainError(Code.PAYLOAD_TOO_LARGE, 'request.tooLarge', { limit: BODY_LIMIT_BYTES / 1024 });
  },
});

/** Reads the JSON body (within the size limit: jsonBodyLimit runs first); an empty body is `{}`. */
async function readBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.raw.text();
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) throw new DomainError(Code.UNSUPPORTED_MEDIA_TYPE, 'request.notJson');
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError(Code.BAD_REQUEST, 'request.badJson');
  }
}

/** A 400 naming the field at fault. */
function refuseField(c: Context<AppEnv>, field: string, msg: string) {
  c.set('answerCode', Code.BAD_REQUEST);
  return c.json({ code: Code.BAD_REQUEST, msg, data: { field } });
}

export interface CallMounter {
  /** The calls mounted so far, in order: the OpenAPI document is built from this list. */
  calls: Call[];
  mount<C extends Call>(call: C, handler: Handler<C>): void;
  /**
   * A call whose body is not JSON (the multipart upload): login checked as for the others, the
   * body left to the handler, the answer in the envelope.
   */
  mountRaw<C extends Call>(call: C, handler: (c: Context<AppEnv>) => Promise<z.input<C['response']>>): void;
}

/**
 * Mounts contract calls on `app`: POST only, body checked against the contract, login
 * checked when the call needs it, the handler's result wrapped in the envelope.
 */
export function callMounter(app: Hono<AppEnv>, checkSession: SessionCheck): CallMounter {
  const calls: Call[] = [];
  return {
    calls,
    mount<C extends Call>(call: C, handler: Handler<C>) {
      calls.push(call);
      app.post(call.path, jsonBodyLimit, async (c) => {
        const raw = await readBody(c);
        if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new DomainError(Code.BAD_REQUEST, 'request.notObject');
        if (call.auth) await checkSession(c);
        // Checked for every call here, not field by field: the database would refuse it with a 500.
        const unstorable = findUnstorableText(raw);
        if (unstorable !== null) return refuseField(c, unstorable, message(c.get('locale'), 'field.badCharacter', { field: unstorable }));
        // reportInput: describeIssue tells a missing field from one of the wrong type by the input.
        const parsed = call.request.safeParse(raw, { reportInput: true });
        if (!parsed.success) {
          const { field, msg } = describeIssue(parsed.error.issues[0]!, c.get('locale'), call.fieldLabels);
          return refuseField(c, field, msg);
        }
        return answer(c, await handler(parsed.data as z.output<C['request']>, c));
      });
      app.on(['GET', 'PUT', 'PATCH', 'DELETE'], call.path, (c) => answerError(c, new DomainError(Code.METHOD_NOT_ALLOWED, 'request.method')));
    },
    mountRaw(call, handler) {
      calls.push(call);
      app.post(call.path, async (c) => {
        if (call.auth) await checkSession(c);
        return answer(c, await handler(c));
      });
      app.on(['GET', 'PUT', 'PATCH', 'DELETE'], call.path, (c) => answerError(c, new DomainError(Code.METHOD_NOT_ALLOWED, 'request.method')));
    },
  };
}

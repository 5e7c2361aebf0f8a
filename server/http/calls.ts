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

/**
 * Checks the login and sets the user on the context. With a rider (a read the auth module
 * makes in the session's own statement), answers the rider's text.
 */
export type SessionCheck<R = unknown> = (c: Context<AppEnv>, rider?: R) => Promise<string | null>;

/** The session check a handler makes itself, with its rider: see mountWithSession. */
export type AskSession<R = unknown> = (rider?: R) => Promise<string | null>;

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
  // A body refused for its size is left unread on the connection, where the next request would
  // queue behind it: the connection ends with the answer, and the client opens a new one.
  if (err.code === Code.PAYLOAD_TOO_LARGE) c.header('Connection', 'close');
  return c.json({ code: err.code, msg: message(c.get('locale'), err.key, err.params), data: err.data });
}

/** JSON bodies over 64 KB are refused: a declared length before reading, a streamed one as it passes the limit. */
const limitOf = (bytes: number) =>
  bodyLimit({
    maxSize: bytes,
    onError: () => {
      throw new DomainError(Code.PAYLOAD_TOO_LARGE, 'request.tooLarge', { limit: Math.round(bytes / 1024) });
    },
  });
const jsonBodyLimit = limitOf(BODY_LIMIT_BYTES);

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

export interface CallMounter<R = never> {
  /** The calls mounted so far, in order: the OpenAPI document is built from this list. */
  calls: Call[];
  mount<C extends Call>(call: C, handler: Handler<C>): void;
  /**
   * A call behind a login whose handler reads the session in the statement of its own read
   * (one round trip for both), by calling `session(rider)`. The login still comes first: when
   * the body is refused, or the handler fails before asking, the session is checked before the
   * answer; and it is checked after a handler that never asked.
   */
  mountWithSession<C extends Call>(call: C, handler: (input: z.output<C['request']>, c: Context<AppEnv>, session: AskSession<R>) => ReturnType<Handler<C>>): void;
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
export function callMounter<R = unknown>(app: Hono<AppEnv>, checkSession: SessionCheck<R>): CallMounter<R> {
  const calls: Call[] = [];
  const post = <C extends Call>(call: C, handler: (input: z.output<C['request']>, c: Context<AppEnv>, session: AskSession<R>) => ReturnType<Handler<C>>, sessionFirst: boolean) => {
    calls.push(call);
    app.post(call.path, call.maxBodyBytes ? limitOf(call.maxBodyBytes) : jsonBodyLimit, async (c) => {
      const raw = await readBody(c);
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new DomainError(Code.BAD_REQUEST, 'request.notObject');
      let checked = !call.auth;
      const ask: AskSession<R> = async (rider) => {
        checked = true;
        return checkSession(c, rider);
      };
      const loginFirst = async () => {
        if (!checked) await ask();
      };
      if (sessionFirst) await loginFirst();
      // Checked for every call here, not field by field: the database would refuse it with a 500.
      const unstorable = findUnstorableText(raw);
      if (unstorable !== null) {
        await loginFirst();
        return refuseField(c, unstorable, message(c.get('locale'), 'field.badCharacter', { field: unstorable }));
      }
      // reportInput: describeIssue tells a missing field from one of the wrong type by the input.
      const parsed = call.request.safeParse(raw, { reportInput: true });
      if (!parsed.success) {
        await loginFirst();
        const { field, msg } = describeIssue(parsed.error.issues[0]!, c.get('locale'), call.fieldLabels);
        return refuseField(c, field, msg);
      }
      let data: Awaited<ReturnType<Handler<C>>>;
      try {
        data = await handler(parsed.data as z.output<C['request']>, c, ask);
      } catch (err) {
        await loginFirst();
        throw err;
      }
      await loginFirst();
      return answer(c, data);
    });
    app.on(['GET', 'PUT', 'PATCH', 'DELETE'], call.path, (c) => answerError(c, new DomainError(Code.METHOD_NOT_ALLOWED, 'request.method')));
  };
  return {
    calls,
    mount(call, handler) {
      post(call, handler, true);
    },
    mountWithSession(call, handler) {
      post(call, handler, false);
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

import type { HttpBindings } from '@hono/node-server';
import type { Locale } from '../../contract/rules/language.ts';
import type { User } from '../../contract/user.ts';

/** What middleware puts on every request's context. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    locale: Locale;
    clientAddress: string;
    /** The request's id in the log and the X-Request-Id answer header. */
    requestId: string;
    /** The envelope code answered, for the request log. */
    answerCode: number;
    /** Set on calls that need login, by the session check. */
    user: User;
    sessionId: string;
  };
}

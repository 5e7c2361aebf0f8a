import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

/** One line per request: method, path (never the query or body), HTTP status, envelope code, time. */
export function requestLog(write: (line: string) => void = (line) => console.log(line)): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const code = c.get('answerCode');
    const ms = (performance.now() - started).toFixed(1);
    write(`${c.req.method} ${c.req.path} ${c.res.status}${code !== undefined ? ` code=${code}` : ''} ${ms}ms`);
  };
}

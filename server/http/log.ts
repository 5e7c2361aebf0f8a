import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../ops/log.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { AppEnv } from './env.ts';

/** An id a proxy may hand on: short, and nothing that could break a log line or a header. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface RequestLogOptions {
  log: Logger;
  metrics?: Metrics;
  /** Take X-Request-Id from the proxy in front (only behind a proxy you run). */
  trustProxy?: boolean;
  /** Routes logged at debug only (the load balancer's probes, the scrapes). */
  quiet?: ReadonlySet<string>;
}

/**
 * Every request gets an id (the trusted proxy's X-Request-Id, else a new one), echoed in the
 * answer's X-Request-Id; once answered, one log line (method, route, path, status, envelope
 * code, time: never the body or query string) and its count and time in the metrics, by the
 * route's pattern.
 */
export function requestLog({ log, metrics, trustProxy = false, quiet }: RequestLogOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const forwarded = trustProxy ? c.req.header('x-request-id') : undefined;
    const requestId = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    c.set('requestId', requestId);
    await next();
    c.header('X-Request-Id', requestId);
    const ms = performance.now() - started;
    const route = routePath(c) || 'unmatched';
    const status = c.res.status;
    metrics?.request(c.req.method, route, status, ms / 1000);
    const line = { requestId, method: c.req.method, route, path: c.req.path, status, code: c.get('answerCode'), ms };
    log.request(line, quiet?.has(route) ? 'debug' : 'info');
  };
}

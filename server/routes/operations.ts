import { timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { Readiness } from '../ops/readiness.ts';

/** Probes and scrapes are about this moment: nothing between may keep an answer. */
const NEVER_CACHED = { 'Cache-Control': 'no-store' };

/** The routes a load balancer and Prometheus call, outside /api and its envelope. */
export const OPERATIONS_ROUTES = ['/healthz', '/readyz', '/metrics'] as const;

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /healthz: the process is up. GET /readyz: it can serve (200, or 503 naming what failed).
 * GET /metrics: Prometheus text; with a token (METRICS_TOKEN, required in production) only for
 * `Authorization: Bearer <token>`.
 */
export function operationsRoutes(app: Hono<AppEnv>, deps: { readiness: () => Promise<Readiness>; metrics: Metrics; metricsToken: string | null }) {
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NEVER_CACHED));

  app.get('/readyz', async (c) => {
    const { ready, checks, failed, warnings } = await deps.readiness();
    const warned = warnings.length > 0 ? { warnings } : {};
    return ready
      ? c.json({ status: 'ok', checks, ...warned }, 200, NEVER_CACHED)
      : c.json({ status: 'unavailable', failed, checks, ...warned }, 503, NEVER_CACHED);
  });

  app.get('/metrics', async (c) => {
    if (deps.metricsToken) {
      const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      if (!sameToken(given, deps.metricsToken)) {
        return c.text('A metrics token is needed: Authorization: Bearer <METRICS_TOKEN>.\n', 401, { ...NEVER_CACHED, 'WWW-Authenticate': 'Bearer' });
      }
    }
    return c.body(await deps.metrics.scrape(), 200, { ...NEVER_CACHED, 'Content-Type': deps.metrics.registry.contentType });
  });
}

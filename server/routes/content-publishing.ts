import { timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { consoleContentStatus, contentPublishAccepted, contentStatus, OPS_CONTENT_PUBLISH, OPS_CONTENT_STATUS, type ContentStatus } from '../../contract/content.ts';
import type { Db } from '../db/client.ts';
import type { CallMounter } from '../http/calls.ts';
import type { AppEnv } from '../http/env.ts';
import type { OperationRoute } from '../http/openapi.ts';
import type { PublishStatus, SitePublisher } from '../modules/publishing/publisher.ts';
import { recentPublishes, type PublishRow } from '../modules/publishing/service.ts';
import { requireAdmin, staffFor } from '../modules/staff/access.ts';

const NEVER_CACHED = { 'Cache-Control': 'no-store' };

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const entry = (p: PublishRow) => ({
  at: p.startedAt.toISOString(),
  finishedAt: iso(p.finishedAt),
  version: p.version,
  result: p.state,
  trigger: p.trigger,
  builder: p.builder,
  built: p.built,
  error: p.error ? { file: p.error.file ?? null, field: p.error.field ?? null, language: p.error.language ?? null, message: p.error.message } : null,
});

const tokenCodes = {
  401: 'No token, or not CONTENT_PUBLISH_TOKEN.',
  503: 'Publishing is not configured (no CONTENT_PUBLISH_TOKEN, or this process does not serve the site).',
};

/** The routes for the OpenAPI document. */
export const CONTENT_OPERATIONS: OperationRoute[] = [
  {
    method: 'post',
    path: OPS_CONTENT_PUBLISH,
    summary: 'Publish the content now: the site is built into a new folder, checked, then served; the previous one meanwhile',
    tag: 'operations',
    status: 202,
    response: contentPublishAccepted,
    codes: tokenCodes,
  },
  { method: 'get', path: OPS_CONTENT_STATUS, summary: 'The published site: its version, whether a new one is building, the last failure', tag: 'operations', status: 200, response: contentStatus, codes: tokenCodes },
];

/** The status as the contract has it. */
export function contentStatusOf(status: PublishStatus): ContentStatus {
  const publishes = status.publishes.map(entry);
  const lastError = status.lastError ? { lastError: entry({ ...status.publishes[0]!, error: status.lastError }).error! } : {};
  return { version: status.version, publishedAt: iso(status.publishedAt), building: status.building, ...lastError, publishes };
}

/** A process that serves no republishable site (the API alone): what other processes published. */
async function staticStatus(db: Db): Promise<PublishStatus> {
  return { version: null, publishedAt: null, building: false, lastError: null, publishes: await recentPublishes(db, 20) };
}

/**
 * POST /api/ops/content/publish and GET /api/ops/content/status (docs/contracts/going-live.md §3), for the
 * deployment and the git host: `Authorization: Bearer <CONTENT_PUBLISH_TOKEN>`, compared in
 * constant time; without the setting both answer that publishing is not configured. The same
 * status for the console: `console/content/status`, admins only. `api` is the app under /api.
 */
export function contentPublishingRoutes(app: Hono<AppEnv>, calls: CallMounter, deps: { db: Db; publisher: SitePublisher | null; token: string | null }) {
  const { db, publisher, token } = deps;
  const refused = (c: Context<AppEnv>) => {
    if (!token || !publisher) {
      return c.json({ error: 'Publishing is not configured: set CONTENT_PUBLISH_TOKEN (and serve the site from this process).' }, 503, NEVER_CACHED);
    }
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return c.json({ error: 'A publish token is needed: Authorization: Bearer <CONTENT_PUBLISH_TOKEN>.' }, 401, { ...NEVER_CACHED, 'WWW-Authenticate': 'Bearer' });
    }
    return null;
  };
  app.post(OPS_CONTENT_PUBLISH.slice('/api'.length), (c) => {
    const refusal = refused(c);
    if (refusal) return refusal;
    // Answered at once (a git host waits a few seconds at most); the status tells how it ends.
    void publisher!.publish('publish');
    return c.json({ accepted: true as const, version: publisher!.currentVersion(), building: true as const }, 202, NEVER_CACHED);
  });
  app.get(OPS_CONTENT_STATUS.slice('/api'.length), async (c) => {
    const refusal = refused(c);
    if (refusal) return refusal;
    return c.json(contentStatusOf(await publisher!.status()), 200, NEVER_CACHED);
  });
  calls.mount(consoleContentStatus, async (_input, c) => {
    requireAdmin(await staffFor(db, c.get('user')));
    return contentStatusOf(publisher ? await publisher.status() : await staticStatus(db));
  });
}

import { z } from 'zod';
import { defineCall } from './call.ts';
import { paths } from './paths.ts';

/** Publishing the content without downtime (docs/contracts/going-live.md §3): the operations' paths, outside the envelope. */
export const OPS_CONTENT_PUBLISH = '/api/ops/content/publish';
export const OPS_CONTENT_STATUS = '/api/ops/content/status';

/** Why a publication failed: the file, field and language when the build names them. */
export const publishError = z
  .object({
    file: z.string().nullable(),
    field: z.string().nullable(),
    language: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'PublishError' });

export const publishEntry = z
  .object({
    /** When it began (ISO). */
    at: z.string(),
    finishedAt: z.string().nullable(),
    version: z.string(),
    result: z.enum(['building', 'published', 'failed']),
    /** start, watch (a change under content/), publish (the call), follow (another server published). */
    trigger: z.string(),
    /** The server process (host:pid). */
    builder: z.string(),
    /** Built by this process, or found built by another on the same disk. */
    built: z.boolean(),
    error: publishError.nullable(),
  })
  .meta({ id: 'PublishEntry' });

/** The published site as the process answering sees it, and the last publications of every process. */
export const contentStatus = z
  .object({
    /** The version served (a hash of the site's inputs), null when the served site has no stamp. */
    version: z.string().nullable(),
    publishedAt: z.string().nullable(),
    building: z.boolean(),
    lastError: publishError.optional(),
    publishes: z.array(publishEntry),
  })
  .meta({ id: 'ContentStatus' });
export type ContentStatus = z.output<typeof contentStatus>;

/** The answer to a publish request: accepted, and what is served meanwhile. */
export const contentPublishAccepted = z.object({ accepted: z.literal(true), version: z.string().nullable(), building: z.literal(true) });

export const consoleContentStatus = defineCall({
  path: paths.consoleContentStatus,
  summary: 'The published site: its version, whether a new one is building, the last failure and the last publications',
  tag: 'console',
  auth: true,
  request: z.strictObject({}),
  response: contentStatus,
  codes: { 403: 'Not an admin.' },
});

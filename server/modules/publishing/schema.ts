import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Why a publication failed: the file, field and language at fault when the build names them. */
export interface PublishError {
  file?: string;
  field?: string;
  language?: string;
  message: string;
}

/**
 * One row per publication of the site by one server process: the version (a hash of the site's
 * inputs) it built or picked up, and how it ended. Every process of one database reads the
 * others' rows: a version one of them published is taken up by the rest.
 */
export const sitePublishes = pgTable(
  'site_publishes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    version: text('version').notNull(),
    /** What asked for it: start, watch (a change under content/), publish (the call), follow (another process published). */
    trigger: text('trigger').notNull(),
    /** The process: host and pid. */
    builder: text('builder').notNull(),
    /** building, published or failed. */
    state: text('state').notNull(),
    /** Whether this process built it (false: it found the build of another process on the same disk). */
    built: boolean('built').notNull().default(false),
    error: jsonb('error').$type<PublishError>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('site_publishes_started_idx').on(t.startedAt)],
);

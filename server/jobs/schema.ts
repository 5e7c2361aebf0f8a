import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Scheduled work that lives in the database, so any API process may run it and none loses it
 * on a restart: payment time-outs now, reminders later. Workers claim due rows with
 * FOR UPDATE SKIP LOCKED and mark them done in the same transaction as the work.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** One job per key (e.g. one time-out per order); null: no such rule. */
    key: text('key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('jobs_key').on(t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`)],
);

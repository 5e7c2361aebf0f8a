import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { errorMessage } from '../db/loggable.ts';
import { jobs } from './schema.ts';
import { log } from '../ops/log.ts';

export type Job = typeof jobs.$inferSelect;

/**
 * What a job runs: inside the transaction that marks it done, so both happen or neither. It may
 * return work for after the commit (calls to a provider), which never undoes the job.
 */
export type JobHandler = (tx: Db, job: Job, now: Date) => Promise<void | (() => Promise<void>)>;

/**
 * How a job's after-commit work is run: awaited before the next job (the default, which the
 * tests' rounds rely on), or alongside it (the server's worker: a provider that is slow to
 * answer holds only its own job, not the SMS and time-outs behind it).
 */
export type AfterWork = (work: () => Promise<void>) => Promise<void>;

const awaited: AfterWork = (work) => work();

/** Schedules work in the caller's transaction: an order and its time-out exist together or not at all. */
export async function scheduleJob(tx: Db, job: { kind: string; key?: string; runAt: Date; payload: Record<string, unknown> }, now: Date) {
  await tx
    .insert(jobs)
    .values({ kind: job.kind, key: job.key ?? null, runAt: job.runAt, payload: job.payload, createdAt: now })
    .onConflictDoNothing();
}

let firstRetryMs = 30_000;

/** The wait before a job's first retry (JOB_RETRY_SECONDS, set once at start; tests shorten it). */
export function setFirstRetryDelay(ms: number) {
  firstRetryMs = ms;
}

/** How long a failed job waits before its next try: 30 s, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Runs one due job, if any: claimed with FOR UPDATE SKIP LOCKED, so several processes never
 * run the same job and never wait for one another; run and marked done in one transaction.
 * A job that throws is rolled back and tried again later. Returns what happened.
 */
export async function runOneJob(db: Db, handlers: Record<string, JobHandler>, now: Date, afterWork: AfterWork = awaited): Promise<'done' | 'failed' | 'none'> {
  let claimed: Job | undefined;
  const after: { work?: () => Promise<void> } = {};
  try {
    const ran = await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return false;
      claimed = job;
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
      after.work = (await handler(tx, job, now)) ?? undefined;
      await tx
        .update(jobs)
        .set({ doneAt: now, attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, job.id));
      return true;
    });
    if (!ran) return 'none';
  } catch (err) {
    if (!claimed) throw err;
    const attempts = claimed.attempts + 1;
    log.error(`[jobs] ${claimed.kind} #${claimed.id} failed (attempt ${attempts}): ${errorMessage(err)}`);
    await db
      .update(jobs)
      .set({ attempts, lastError: errorMessage(err).slice(0, 500), runAt: new Date(now.getTime() + retryDelayMs(attempts)) })
      .where(and(eq(jobs.id, claimed.id), isNull(jobs.doneAt)));
    return 'failed';
  }
  const work = after.work;
  const job = claimed!;
  if (work) await afterWork(() => work().catch((err: unknown) => log.error(`[jobs] after ${job.kind} #${job.id}: ${errorMessage(err)}`)));
  return 'done';
}

/** Runs due jobs until none is left or `limit` have run; the number run (done or failed). */
export async function runDueJobs(db: Db, handlers: Record<string, JobHandler>, now: Date, limit = 100, afterWork: AfterWork = awaited): Promise<number> {
  let count = 0;
  while (count < limit) {
    const result = await runOneJob(db, handlers, now, afterWork);
    if (result === 'none') break;
    count++;
  }
  return count;
}

/** Marks a job that is no longer needed done (its work happened another way), if it has not run. */
export async function finishJob(db: Db, key: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now })
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt)));
}

/** Marks done the job under `key` and its retries (keys `key:…`) not yet run: their work is done. */
export async function finishJobs(db: Db, key: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now })
    .where(and(isNull(jobs.doneAt), sql`(${jobs.key} = ${key} or starts_with(${jobs.key}, ${`${key}:`}))`));
}

/**
 * Marks done the job under `key` and its retries (keys `key:…`) not yet run, leaving any another
 * process is running right then (it finds its work done): for work that did itself meanwhile.
 */
export async function finishFreeJobs(db: Db, key: string, now: Date): Promise<void> {
  const free = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), sql`(${jobs.key} = ${key} or starts_with(${jobs.key}, ${`${key}:`}))`))
    .for('update', { skipLocked: true });
  await db.update(jobs).set({ doneAt: now }).where(inArray(jobs.id, free));
}

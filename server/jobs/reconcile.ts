import type { Db } from '../db/client.ts';
import { DAY_MS, reconcileSince, reportText } from '../modules/reconcile/service.ts';
import type { PaymentProvider } from '../providers/payment/types.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { scheduleJob, type JobHandler } from './queue.ts';
import { jobs } from './schema.ts';
import { log as logged } from '../ops/log.ts';

/** Once a day: the ledger against the provider for the last days, the report in the log. */
export const RECONCILE_JOB = 'payments.reconcile';

/** 03:00 in Kuala Lumpur (19:00 UTC), when the shop is quiet. */
const RUN_HOUR_UTC = 19;

/** The Kuala Lumpur date of an instant (UTC+8, no daylight saving). */
const klDay = (at: Date) => new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

export function nextReconcileAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC));
  return at.getTime() > now.getTime() ? at : new Date(at.getTime() + DAY_MS);
}

/**
 * Schedules the next run; its key is its day, so every server scheduling it (at start, and
 * each run the next) makes one job. The latest report rides along in that job's payload.
 */
export async function scheduleReconcile(tx: Db, now: Date, lastReport?: Record<string, unknown>): Promise<void> {
  const runAt = nextReconcileAt(now);
  await scheduleJob(tx, { kind: RECONCILE_JOB, key: `${RECONCILE_JOB}:${klDay(runAt)}`, runAt, payload: lastReport ? { lastReport } : {} }, now);
}

/**
 * The next run is scheduled with this one's transaction; the report is made after it commits,
 * as it asks the provider and reads the ledger on connections of its own (on the embedded
 * database, whose one connection the job's transaction holds until then). Its figures then
 * ride along in the next run's job.
 */
export function reconcileHandler(ctx: { db: Db; payments: PaymentProvider; days?: number; log?: (line: string) => void }): JobHandler {
  const log = ctx.log ?? ((line: string) => logged.info(line));
  return async (tx, _job, now) => {
    if (!ctx.payments.listSince) return;
    await scheduleReconcile(tx, now);
    return async () => {
      const report = await reconcileSince(ctx.db, ctx.payments, new Date(now.getTime() - (ctx.days ?? 7) * DAY_MS));
      log(reportText(report));
      const next = `${RECONCILE_JOB}:${klDay(nextReconcileAt(now))}`;
      await ctx.db
        .update(jobs)
        .set({ payload: { lastReport: { ...report } } })
        .where(and(eq(jobs.key, next), isNull(jobs.doneAt)));
    };
  };
}

import type { Db } from '../db/client.ts';
import { addDays, klDate, klInstant } from '../../contract/rules/kl-calendar.ts';
import { DAY_MS, reconcileSince, reportText } from '../modules/reconcile/service.ts';
import type { PaymentProvider } from '../providers/payment/types.ts';
import { and, eq, isNull } from 'drizzle-orm';
import { scheduleJob, type JobHandler } from './queue.ts';
import { jobs } from './schema.ts';
import { log as logged } from '../ops/log.ts';

/** Once a day: the ledger against the provider for the last days, the report in the log. */
export const RECONCILE_JOB = 'payments.reconcile';

/** 03:00 in Kuala Lumpur, when the shop is quiet. */
const RUN_AT = '03:00';

export function nextReconcileAt(now: Date): Date {
  const today = klDate(now);
  const at = klInstant(today, RUN_AT);
  return at.getTime() > now.getTime() ? at : klInstant(addDays(today, 1), RUN_AT);
}

/** The next run's key: its day, so every server scheduling it makes one job. */
const nextKey = (now: Date) => `${RECONCILE_JOB}:${klDate(nextReconcileAt(now))}`;

/**
 * Schedules the next run (at start, and each run the next); the latest report rides along in
 * that job's payload.
 */
export async function scheduleReconcile(tx: Db, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: RECONCILE_JOB, key: nextKey(now), runAt: nextReconcileAt(now), payload: {} }, now);
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
      await ctx.db
        .update(jobs)
        .set({ payload: { lastReport: { ...report } } })
        .where(and(eq(jobs.key, nextKey(now)), isNull(jobs.doneAt)));
    };
  };
}

import { count, gt, isNull, lte, sql } from 'drizzle-orm';
import { refundStatuses } from '../../contract/rules/order-status.ts';
import type { Db } from '../db/client.ts';
import { jobs } from '../jobs/schema.ts';
import { refunds } from '../modules/refunds/schema.ts';

/**
 * What an operator watches, read when Prometheus scrapes: the job queue and refunds by state.
 * Each is one grouped query over an index (jobs_due_idx, refunds_status_idx).
 */

/** Waiting jobs by kind: how many are due, wait for later, have failed before; how late the oldest due one is. */
export async function jobQueue(db: Db, now: Date) {
  const rows = await db
    .select({
      kind: jobs.kind,
      due: sql<number>`(count(*) filter (where ${lte(jobs.runAt, now)}))::int`,
      scheduled: sql<number>`(count(*) filter (where ${gt(jobs.runAt, now)}))::int`,
      retrying: sql<number>`(count(*) filter (where ${jobs.attempts} > 0))::int`,
      oldestDue: sql<Date | string | null>`min(${jobs.runAt}) filter (where ${lte(jobs.runAt, now)})`,
    })
    .from(jobs)
    .where(isNull(jobs.doneAt))
    .groupBy(jobs.kind);
  return rows.map((row) => ({
    kind: row.kind,
    due: Number(row.due),
    scheduled: Number(row.scheduled),
    retrying: Number(row.retrying),
    oldestDueSeconds: row.oldestDue === null ? 0 : Math.max(0, (now.getTime() - new Date(row.oldestDue).getTime()) / 1000),
  }));
}

/** Every refund state with its count, those with none as 0. */
export async function refundsByState(db: Db) {
  const rows = await db.select({ status: refunds.status, count: count() }).from(refunds).groupBy(refunds.status);
  const counts = new Map(rows.map((row) => [row.status as string, Number(row.count)]));
  return refundStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

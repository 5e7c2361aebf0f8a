import { klDate, previousMonth } from '../../contract/rules/kl-calendar.ts';
import type { Db } from '../db/client.ts';
import { consolidateMonth, type ConsolidationDeps } from '../flows/einvoice-consolidate.ts';
import { log as logged } from '../ops/log.ts';
import { scheduleJob, type JobHandler } from './queue.ts';

/**
 * Every hour: from the 1st to the 7th of a month (Kuala Lumpur), the month before is
 * consolidated if it is not yet (docs/contracts/after-sale.md §4). The first run of the 1st does it; the
 * others find it done. Any number of processes may run it: each batch is claimed once.
 */
export const EINVOICE_CONSOLIDATION_JOB = 'einvoice.consolidate';

const EVERY_MS = 60 * 60 * 1000;
/** LHDN expects a month's consolidated e-invoice by the 7th of the next. */
export const CONSOLIDATION_LAST_DAY = 7;

/** The next run, on the hour: its key is that hour, so every server scheduling it makes one job. */
export async function scheduleEinvoiceConsolidation(tx: Db, now: Date): Promise<void> {
  const runAt = new Date((Math.floor(now.getTime() / EVERY_MS) + 1) * EVERY_MS);
  await scheduleJob(tx, { kind: EINVOICE_CONSOLIDATION_JOB, key: `${EINVOICE_CONSOLIDATION_JOB}:${runAt.toISOString()}`, runAt, payload: {} }, now);
}

/** The month to consolidate at `now`: the one before, on the 1st to the 7th; otherwise none. */
export function monthDue(now: Date): string | null {
  const today = klDate(now);
  return Number(today.slice(8, 10)) <= CONSOLIDATION_LAST_DAY ? previousMonth(today.slice(0, 7)) : null;
}

export function einvoiceConsolidationHandler(deps: () => Promise<ConsolidationDeps>, log: (line: string) => void = (line) => logged.info(line)): JobHandler {
  return async (tx, _job, now) => {
    const month = monthDue(now);
    if (month) {
      const made = await consolidateMonth(tx, await deps(), month, now, { quiet: true });
      if (made) log(`[einvoice] ${month}'s consolidated e-invoice made (${made.documentNo}) and queued for MyInvois`);
    }
    await scheduleEinvoiceConsolidation(tx, now);
  };
}

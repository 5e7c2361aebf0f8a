import type { Db } from '../db/client.ts';
import { attachedKeys, photoAttached } from '../flows/photos-attached.ts';
import type { FileStorage } from '../storage/index.ts';
import { deleteUploads, lockUnattachedBefore } from '../storage/service.ts';
import { log as logged } from '../ops/log.ts';
import { scheduleJob, type JobHandler } from './queue.ts';

/** Every hour: photos uploaded more than a day ago and attached to nothing are removed, file and row. */
export const UPLOAD_SWEEP_JOB = 'uploads.sweep';

/** How long a photo may wait for a request before it is removed. */
export const UNATTACHED_KEEP_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
/** Photos removed per run at most: a backlog is worked off over the next runs. */
const BATCH = 200;

/** The next run, on the hour: its key is that hour, so every server scheduling it makes one job. */
export async function scheduleUploadSweep(tx: Db, now: Date): Promise<void> {
  const runAt = new Date((Math.floor(now.getTime() / EVERY_MS) + 1) * EVERY_MS);
  await scheduleJob(tx, { kind: UPLOAD_SWEEP_JOB, key: `${UPLOAD_SWEEP_JOB}:${runAt.toISOString()}`, runAt, payload: {} }, now);
}

/**
 * Removes the photos attached to nothing a day after their upload. The rows are locked first and
 * checked again (a request may have attached one meanwhile; one attaching now waits, then finds
 * the photo gone), the files are removed, then the rows with the job's transaction: a run that
 * fails leaves rows that the next run removes again, never a photo on a refund or a review without its file.
 */
export function uploadSweepHandler(ctx: { storage: FileStorage; log?: (line: string) => void }): JobHandler {
  const log = ctx.log ?? ((line: string) => logged.info(line));
  return async (tx, _job, now) => {
    const candidates = await lockUnattachedBefore(tx, new Date(now.getTime() - UNATTACHED_KEEP_MS), photoAttached, BATCH);
    const attached = new Set(await attachedKeys(tx, candidates));
    const unused = candidates.filter((key) => !attached.has(key));
    for (const key of unused) await ctx.storage.delete(key);
    await deleteUploads(tx, unused);
    if (unused.length) log(`[uploads] removed ${unused.length} photo${unused.length === 1 ? '' : 's'} attached to nothing for a day`);
    await scheduleUploadSweep(tx, now);
  };
}

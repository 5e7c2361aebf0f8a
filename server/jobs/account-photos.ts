import { ACCOUNT_PHOTOS_JOB } from '../flows/close-account.ts';
import { log as logged } from '../ops/log.ts';
import type { FileStorage } from '../storage/index.ts';
import { deleteUploads, lockCustomerUploadKeys } from '../storage/service.ts';
import type { JobHandler } from './queue.ts';

export { ACCOUNT_PHOTOS_JOB };

/**
 * A closed account's photos (docs/contracts/running-the-business.md §5): every file the customer
 * uploaded, and those the closing detached from their reviews, refunds and claims, is removed
 * from the storage, then its row, in the job's transaction. Written with the closing, so a process
 * that dies before or during it leaves the job to run again; removing a file already gone is no
 * fault.
 */
export function accountPhotosHandler(ctx: { storage: FileStorage; log?: (line: string) => void }): JobHandler {
  const log = ctx.log ?? ((line: string) => logged.info(line));
  return async (tx, job) => {
    const { customerId, keys = [] } = job.payload as { customerId: string; keys?: string[] };
    const uploaded = await lockCustomerUploadKeys(tx, customerId);
    const all = [...new Set([...uploaded, ...keys])];
    for (const key of all) await ctx.storage.delete(key);
    await deleteUploads(tx, uploaded);
    log(`[uploads] removed the ${all.length} photo${all.length === 1 ? '' : 's'} of a closed account`);
  };
}

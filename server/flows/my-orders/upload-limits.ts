import { Code } from '../../../contract/codes.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../modules/errors.ts';
import { photoAttached } from '../photos-attached.ts';
import { unattachedCount, uploadsSince } from '../../storage/service.ts';

/** Photos one customer may upload in any 60 minutes. */
export const UPLOADS_PER_HOUR = 20;
/** Photos one customer may hold that are on no refund or review yet (the rest wait for a request, or their removal after a day). */
export const MAX_UNATTACHED = 30;

const HOUR_MS = 60 * 60 * 1000;

/**
 * Refuses an upload past either limit, counted from the uploads table (so every process counts
 * the same). The caller runs it before reading the photo and again, under the customer's
 * lock, just before recording it.
 */
export async function checkUploadLimits(db: Db, customerId: string, now: Date): Promise<void> {
  const recent = await uploadsSince(db, customerId, new Date(now.getTime() - HOUR_MS));
  if (recent.count >= UPLOADS_PER_HOUR) {
    // The window frees a place when its first upload leaves it.
    const minutes = Math.max(1, Math.ceil(((recent.first?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 60_000));
    throw new DomainError(Code.WARNING, 'upload.hourlyLimit', { max: UPLOADS_PER_HOUR, minutes });
  }
  if ((await unattachedCount(db, customerId, photoAttached)) >= MAX_UNATTACHED) {
    throw new DomainError(Code.WARNING, 'upload.unattachedLimit', { max: MAX_UNATTACHED });
  }
}

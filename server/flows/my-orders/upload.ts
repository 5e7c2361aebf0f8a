import { randomBytes } from 'node:crypto';
import { Code } from '../../../contract/codes.ts';
import { DomainError } from '../../modules/errors.ts';
import { errorMessage } from '../../db/loggable.ts';
import { log } from '../../ops/log.ts';
import { checkPhoto, photoDecoding, reencodePhoto } from '../../storage/photo.ts';
import { lockCustomerUploads, recordUpload } from '../../storage/service.ts';
import { signedImageUrl } from '../../storage/signing.ts';
import type { ShopContext } from '../context.ts';
import { readPhotoField } from './upload-form.ts';
import { checkUploadLimits } from './upload-limits.ts';

/**
 * The form read and the photo decoded, holding a place in the process's decoding line
 * throughout: the body is read only when the line has room for it in memory.
 */
async function decodeInLine(request: Request) {
  const ticket = photoDecoding.enter();
  if (!ticket) throw new DomainError(Code.UNAVAILABLE, 'upload.busy');
  try {
    await ticket.mayRead();
    const input = await readPhotoField(request);
    // Refused from the header alone, without waiting for a turn.
    const checked = await checkPhoto(input);
    if (!checked.ok) return checked;
    await ticket.turn();
    return await reencodePhoto(input);
  } finally {
    ticket.leave();
  }
}

/**
 * `app/upload/image`: one photo in the form field `file`, recognised by its content, decoded
 * and encoded afresh without metadata, stored under a new random key owned by the customer.
 *
 * Bounded at every step: the customer's limits before a byte is read, a place in the decoding
 * line before the body is read (a full line answers 503 at once), the pixel count from the
 * header before decoding, the limits again under the customer's lock before recording; a photo
 * stored but not recorded is removed from the storage.
 */
export async function uploadImage(ctx: ShopContext, customerId: string, request: Request) {
  await checkUploadLimits(ctx.db, customerId, ctx.now());
  const photo = await decodeInLine(request);
  if (!photo.ok) throw new DomainError(photo.code, photo.key, photo.params, { field: 'file' });

  const key = `${randomBytes(16).toString('hex')}.${photo.ext}`;
  await ctx.storage.put(key, photo.bytes, photo.contentType);
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      await lockCustomerUploads(tx, customerId);
      await checkUploadLimits(tx, customerId, now);
      await recordUpload(tx, {
        key,
        customerId,
        contentType: photo.contentType,
        bytes: photo.bytes.length,
        width: photo.width,
        height: photo.height,
        createdAt: now,
      });
    });
  } catch (err) {
    // A file nobody owns is not kept.
    await ctx.storage.delete(key).catch((cause: unknown) => log.error(`[upload] could not remove ${key} after a failed upload: ${errorMessage(cause)}`));
    throw err;
  }
  return { key, url: signedImageUrl(ctx.secret, key, now), width: photo.width, height: photo.height };
}

import { randomBytes } from 'node:crypto';
import { Code } from '../../../contract/codes.ts';
import { MAX_IMAGE_BYTES } from '../../../contract/my-orders-dto.ts';
import { DomainError } from '../../modules/errors.ts';
import { errorMessage } from '../../db/loggable.ts';
import { checkPhoto, photoDecoding, reencodePhoto } from '../../storage/photo.ts';
import { lockCustomerUploads, recordUpload } from '../../storage/service.ts';
import { signedImageUrl } from '../../storage/signing.ts';
import type { ShopContext } from '../context.ts';
import { checkUploadLimits } from './upload-limits.ts';

/** Room for the form's boundaries and headers around a photo of the largest size. */
const FORM_OVERHEAD = 16 * 1024;

const tooLarge = () => new DomainError(Code.PAYLOAD_TOO_LARGE, 'upload.tooLarge');

/**
 * The form, never holding more than a largest photo and its form: a declared length above it is
 * refused before anything is read; an undeclared one is counted as it streams and cut off there.
 */
async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new DomainError(Code.UNSUPPORTED_MEDIA_TYPE, 'upload.notMultipart');
  const limit = MAX_IMAGE_BYTES + FORM_OVERHEAD;
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Stop reading; the rest is never held. (Cancelling a body the runtime is still
        // writing into makes undici throw where nobody can catch it.)
        reader.releaseLock();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new DomainError(Code.BAD_REQUEST, 'upload.notMultipart');
  }
}

/** The form read and the photo decoded, holding a place in the process's decoding line throughout. */
async function decodeInLine(request: Request) {
  const ticket = photoDecoding.enter();
  if (!ticket) throw new DomainError(Code.UNAVAILABLE, 'upload.busy');
  try {
    const form = await readForm(request);
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) throw new DomainError(Code.BAD_REQUEST, 'upload.noFile', {}, { field: 'file' });
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
    const input = Buffer.from(await file.arrayBuffer());
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
    await ctx.storage.delete(key).catch((cause: unknown) => console.error(`[upload] could not remove ${key} after a failed upload: ${errorMessage(cause)}`));
    throw err;
  }
  return { key, url: signedImageUrl(ctx.secret, key, now), width: photo.width, height: photo.height };
}

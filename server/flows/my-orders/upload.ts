import { randomBytes } from 'node:crypto';
import { Code } from '../../../contract/codes.ts';
import { MAX_IMAGE_BYTES } from '../../../contract/my-orders-dto.ts';
import { DomainError } from '../../modules/errors.ts';
import { reencodePhoto } from '../../storage/photo.ts';
import { recordUpload } from '../../storage/service.ts';
import { signedImageUrl } from '../../storage/signing.ts';
import type { ShopContext } from '../context.ts';

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

/**
 * `app/upload/image`: one photo in the form field `file`, recognised by its content, decoded
 * and encoded afresh without metadata, stored under a new random key owned by the customer.
 */
export async function uploadImage(ctx: ShopContext, customerId: string, request: Request) {
  const form = await readForm(request);
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) throw new DomainError(Code.BAD_REQUEST, 'upload.noFile', {}, { field: 'file' });
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  const photo = await reencodePhoto(Buffer.from(await file.arrayBuffer()));
  if (!photo.ok) throw new DomainError(photo.code, photo.key, {}, { field: 'file' });

  const key = `${randomBytes(16).toString('hex')}.${photo.ext}`;
  await ctx.storage.put(key, photo.bytes, photo.contentType);
  const now = ctx.now();
  try {
    await recordUpload(ctx.db, {
      key,
      customerId,
      contentType: photo.contentType,
      bytes: photo.bytes.length,
      width: photo.width,
      height: photo.height,
      createdAt: now,
    });
  } catch (err) {
    // A file nobody owns is not kept.
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  return { key, url: signedImageUrl(ctx.secret, key, now), width: photo.width, height: photo.height };
}

import { Code } from '../../../contract/codes.ts';
import { MAX_IMAGE_BYTES } from '../../../contract/my-orders-dto.ts';
import { DomainError } from '../../modules/errors.ts';

/** Room for the form's boundaries and headers around a photo of the largest size. */
const FORM_OVERHEAD = 16 * 1024;

export const tooLarge = () => new DomainError(Code.PAYLOAD_TOO_LARGE, 'upload.tooLarge');
const malformed = () => new DomainError(Code.BAD_REQUEST, 'upload.notMultipart');

/**
 * The body in one buffer, never more than a largest photo and its form: a declared length above
 * it is refused before anything is read; an undeclared one is counted as it streams and cut off
 * there. A declared length is read straight into a buffer of that size (one copy of the photo).
 */
async function readBody(request: Request, limit: number): Promise<Buffer> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const sized = declared !== null && /^\d+$/.test(declared) ? Buffer.allocUnsafe(Number(declared)) : null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > (sized ? sized.length : limit)) {
      // Stop reading; the rest is never held. (Cancelling a body the runtime is still
      // writing into makes undici throw where nobody can catch it.)
      reader.releaseLock();
      throw sized && size + value.byteLength <= limit ? malformed() : tooLarge();
    }
    if (sized) sized.set(value, size);
    else chunks.push(value);
    size += value.byteLength;
  }
  return sized ? sized.subarray(0, size) : Buffer.concat(chunks, size);
}

/**
 * The bytes of the form's `file` field (a file, not a text field), or null when there is none:
 * a view into the body, not a copy. RFC 7578's framing: parts between `--boundary` lines, each
 * with its headers, a blank line, then its content up to CRLF and the next boundary.
 */
export function fileField(body: Buffer, boundary: string): Buffer | null {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const next = Buffer.from(`\r\n--${boundary}`, 'latin1');
  let at = body.indexOf(delimiter);
  if (at < 0) throw malformed();
  for (;;) {
    at += delimiter.length;
    // `--boundary--` closes the form.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return null;
    const headersStart = body.indexOf('\r\n', at);
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersStart < 0 || headersEnd < 0) throw malformed();
    const headers = body.toString('utf8', headersStart + 2, headersEnd + 2);
    const contentStart = headersEnd + 4;
    const contentEnd = body.indexOf(next, contentStart);
    if (contentEnd < 0) throw malformed();
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? '';
    if (/;\s*name="file"/i.test(disposition) && /;\s*filename\*?=/i.test(disposition)) return body.subarray(contentStart, contentEnd);
    at = contentEnd + 2;
  }
}

/** The photo of an upload's form (field `file`), as a view into the one buffer the body was read into. */
export async function readPhotoField(request: Request): Promise<Buffer> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new DomainError(Code.UNSUPPORTED_MEDIA_TYPE, 'upload.notMultipart');
  const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  if (!boundary) throw malformed();
  const file = fileField(await readBody(request, MAX_IMAGE_BYTES + FORM_OVERHEAD), boundary[1] ?? boundary[2]!);
  if (!file || file.length === 0) throw new DomainError(Code.BAD_REQUEST, 'upload.noFile', {}, { field: 'file' });
  if (file.length > MAX_IMAGE_BYTES) throw tooLarge();
  return file;
}

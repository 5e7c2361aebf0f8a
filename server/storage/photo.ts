import type Sharp from 'sharp';
import { Code } from '../../contract/codes.ts';
import { decodeGate } from './decode-gate.ts';
import { sniffImage, storedFormat, type ImageKind, type PhotoRefusal } from './images.ts';

/** Larger photos are scaled down to this many pixels on their longer side. */
export const MAX_SIDE = 2560;
/** Refused before decoding, from the header alone: a small file can claim a huge canvas. */
export const MAX_INPUT_PIXELS = 25_000_000;

/**
 * Per process: 2 photos decode at once and 16 more may wait (18 in the line); of those, 6 hold
 * their file in memory (the decoding ones included), the others wait with their body unread.
 */
export const photoDecoding = decodeGate({ maxDecoding: 2, maxHolding: 6, maxEntered: 18 });

export interface Photo {
  ok: true;
  bytes: Buffer;
  ext: 'jpg' | 'png' | 'webp';
  contentType: string;
  width: number;
  height: number;
}

/**
 * sharp (libvips) loads with the first photo: a server that is sent none does not carry its 22 MB.
 * One photo decodes on one thread, and libvips keeps no cache of operations between photos: the
 * process decodes few photos at once (decode-gate.ts), each holding as little as it can.
 */
let sharpLoaded: Promise<typeof Sharp> | null = null;
const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));

const contentType = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Decodes the photo and encodes it afresh: EXIF (GPS included), XMP, IPTC, comments and
 * anything hidden after the image are left behind; the EXIF orientation is applied first so
 * the picture stands the right way up without it. A file that is not wholly readable (cut
 * short, corrupt) is refused rather than stored half-drawn.
 */
/**
 * What the file's first bytes and header say, before any pixel is decoded: a photo of a kind we
 * take, within the pixel limit. Cheap: the caller asks this before waiting for a turn to decode.
 */
export async function checkPhoto(input: Buffer): Promise<{ ok: true; kind: ImageKind } | PhotoRefusal> {
  const kind = sniffImage(input);
  if (!kind) return { ok: false, key: 'upload.notImage', code: Code.UNSUPPORTED_MEDIA_TYPE };
  const sharp = await loadSharp();
  let pixels: number;
  try {
    const { width, height } = await sharp(input, { animated: false }).metadata();
    pixels = (width ?? 0) * (height ?? 0);
  } catch {
    return { ok: false, key: kind === 'heic' ? 'upload.heicUnsupported' : 'upload.unreadable', code: Code.UNSUPPORTED_MEDIA_TYPE };
  }
  if (pixels > MAX_INPUT_PIXELS) return { ok: false, key: 'upload.tooManyPixels', code: Code.PAYLOAD_TOO_LARGE, params: { max: MAX_INPUT_PIXELS / 1_000_000 } };
  return { ok: true, kind };
}

export async function reencodePhoto(input: Buffer): Promise<Photo | PhotoRefusal> {
  const checked = await checkPhoto(input);
  if (!checked.ok) return checked;
  const kind = checked.kind;
  const ext = storedFormat[kind];
  const sharp = await loadSharp();
  try {
    const image = sharp(input, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      ext === 'jpg' ? image.jpeg({ quality: 85, mozjpeg: true }) : ext === 'png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, ext, contentType: contentType[ext], width: info.width, height: info.height };
  } catch {
    // sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF), not the HEVC of iPhone photos.
    if (kind === 'heic') return { ok: false, key: 'upload.heicUnsupported', code: Code.UNSUPPORTED_MEDIA_TYPE };
    return { ok: false, key: 'upload.unreadable', code: Code.UNSUPPORTED_MEDIA_TYPE };
  }
}

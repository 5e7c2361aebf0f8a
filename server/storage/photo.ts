import type Sharp from 'sharp';
import { Code } from '../../contract/codes.ts';
import { sniffImage, storedFormat, type PhotoRefusal } from './images.ts';

/** Larger photos are scaled down to this many pixels on their longer side. */
export const MAX_SIDE = 2560;
/** Refused before decoding: a small file can claim a huge canvas. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface Photo {
  ok: true;
  bytes: Buffer;
  ext: 'jpg' | 'png' | 'webp';
  contentType: string;
  width: number;
  height: number;
}

/** sharp (libvips) loads with the first photo: a server that is sent none does not carry its 22 MB. */
let sharpLoaded: Promise<typeof Sharp> | null = null;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((m) => m.default));

const contentType = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * Decodes the photo and encodes it afresh: EXIF (GPS included), XMP, IPTC, comments and
 * anything hidden after the image are left behind; the EXIF orientation is applied first so
 * the picture stands the right way up without it. A file that is not wholly readable (cut
 * short, corrupt) is refused rather than stored half-drawn.
 */
export async function reencodePhoto(input: Buffer): Promise<Photo | PhotoRefusal> {
  const kind = sniffImage(input);
  if (!kind) return { ok: false, key: 'upload.notImage', code: Code.UNSUPPORTED_MEDIA_TYPE };
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

/**
 * Recognising a photo by its first bytes, never by its name or the type the browser claims:
 * the server checks every upload with it, and the refund form checks a file when it is chosen,
 * so a file that is not a picture is refused before anything is sent. Pure.
 */
export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** The ISO-BMFF brands of HEIC/HEIF photos (iPhones write heic; mif1/msf1 are the generic ones). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // The major brand, then the compatible brands up to the box's end.
    const boxEnd = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= boxEnd; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.some((b) => HEIF_BRANDS.has(b)) && !brands.includes('avif')) return 'heic';
  }
  return null;
}


/** Bytes enough to recognise any of the kinds above (a HEIF `ftyp` box lists its brands early). */
export const IMAGE_HEAD_BYTES = 64;

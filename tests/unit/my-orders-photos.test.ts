import { describe, expect, test } from 'vitest';
import { sniffImage } from '../../server/storage/images.ts';
import { checkImageLink, signedImageUrl } from '../../server/storage/signing.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
/** An ISO-BMFF `ftyp` box of 24 bytes with a major brand and two compatible ones. */
const ftyp = (major: string, ...compatible: string[]) => bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], ...compatible);

describe('sniffImage: the format by the first bytes, whatever the name says', () => {
  test.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['an iPhone HEIC', ftyp('heic', 'mif1', 'heic'), 'heic'],
    ['a generic HEIF', ftyp('mif1', 'mif1', 'heic'), 'heic'],
  ])('%s', (_name, input, kind) => expect(sniffImage(input)).toBe(kind));

  test.each([
    ['text', bytes('just some notes')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0])],
    ['an MP4 video', ftyp('isom', 'isom', 'mp41')],
    ['AVIF', ftyp('avif', 'mif1', 'avif')],
    ['PDF', bytes('%PDF-1.7')],
    ['nothing', bytes()],
    ['two bytes of a JPEG', bytes([0xff, 0xd8])],
  ])('%s is not a photo', (_name, input) => expect(sniffImage(input)).toBeNull());
});

describe('signed photo links', () => {
  const now = new Date('2025-06-02T02:00:00Z');
  const key = `${'ab'.repeat(16)}.jpg`;
  const parts = (url: string) => {
    const u = new URL(url, 'http://x');
    return { key: u.pathname.split('/').pop()!, expires: u.searchParams.get('expires') ?? undefined, sig: u.searchParams.get('sig') ?? undefined };
  };

  test('a link works for at least an hour and at most an hour and a quarter, for its key only, with the secret that signed it', () => {
    const link = parts(signedImageUrl('s3cret', key, now));
    expect(link.key).toBe(key);
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(checkImageLink('s3cret', key, link.expires, link.sig, at(3600))).toBe(true);
    expect(checkImageLink('s3cret', key, link.expires, link.sig, at(4500))).toBe(false);
    expect(checkImageLink('other', key, link.expires, link.sig, now)).toBe(false);
    expect(checkImageLink('s3cret', `${'cd'.repeat(16)}.jpg`, link.expires, link.sig, now)).toBe(false);
    expect(checkImageLink('s3cret', key, String(Number(link.expires) + 900), link.sig, now)).toBe(false);
    expect(checkImageLink('s3cret', key, link.expires, undefined, now)).toBe(false);
    expect(checkImageLink('s3cret', '../secret.jpg', link.expires, link.sig, now)).toBe(false);
  });

  test('links made within the same quarter hour are the same (the browser cache keeps the photo)', () => {
    expect(signedImageUrl('s', key, now)).toBe(signedImageUrl('s', key, new Date(now.getTime() + 60_000)));
  });
});

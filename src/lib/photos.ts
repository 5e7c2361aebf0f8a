/**
 * The refund photos a customer picks, checked before anything is sent (spec §5: up to three,
 * each at most 5 MB). The server checks the content again; this spares a useless upload.
 */
// The contract's limits (contract/my-orders-dto.ts), repeated because that file brings zod,
// which stays out of the browser; a unit test keeps the two equal.
export const MAX_REFUND_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The types a phone's camera or gallery gives: JPEG, PNG, WebP, HEIC/HEIF. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
const IMAGE_NAMES = /\.(jpe?g|png|webp|heic|heif)$/i;

export type PhotoProblem = { name: string; problem: 'tooBig' | 'notImage' } | { name: string; problem: 'tooMany' };

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** The files that can join the `already` chosen, and what is wrong with the others. */
export function checkPhotos<F extends PickedFile>(already: number, files: readonly F[]): { accepted: F[]; problems: PhotoProblem[] } {
  const accepted: F[] = [];
  const problems: PhotoProblem[] = [];
  for (const file of files) {
    // Some browsers give HEIC no type: its name decides then.
    const image = IMAGE_TYPES.includes(file.type.toLowerCase()) || (file.type === '' && IMAGE_NAMES.test(file.name));
    if (!image) problems.push({ name: file.name, problem: 'notImage' });
    else if (file.size > MAX_IMAGE_BYTES) problems.push({ name: file.name, problem: 'tooBig' });
    else if (already + accepted.length >= MAX_REFUND_IMAGES) problems.push({ name: file.name, problem: 'tooMany' });
    else accepted.push(file);
  }
  return { accepted, problems };
}

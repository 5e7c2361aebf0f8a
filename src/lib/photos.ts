import { IMAGE_HEAD_BYTES, sniffImage } from '../../contract/rules/image-kind.ts';

/**
 * The refund photos a customer picks, checked before anything is sent (docs/contracts/shop.md §5: up to three,
 * each at most 5 MB, pictures by their content). The server checks the content again; this
 * spares a useless upload and names the file that is wrong while the customer still has it in mind.
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

/**
 * The files that can join the `already` chosen, and what is wrong with the others. `heads`, when
 * given, are each file's first bytes: they decide whether it is a picture, whatever its name and
 * type say (a text renamed photo.jpg is still text).
 */
export function checkPhotos<F extends PickedFile>(already: number, files: readonly F[], heads?: readonly Uint8Array[]): { accepted: F[]; problems: PhotoProblem[] } {
  const accepted: F[] = [];
  const problems: PhotoProblem[] = [];
  for (const [i, file] of files.entries()) {
    const head = heads?.[i];
    // Some browsers give HEIC no type: its name speaks for it then. Its bytes, when at hand, have the last word.
    const byType = IMAGE_TYPES.includes(file.type.toLowerCase()) || (file.type === '' && IMAGE_NAMES.test(file.name));
    const byContent = head ? sniffImage(head) !== null : null;
    if (!byType && byContent !== true) problems.push({ name: file.name, problem: 'notImage' });
    else if (file.size > MAX_IMAGE_BYTES) problems.push({ name: file.name, problem: 'tooBig' });
    else if (byContent === false) problems.push({ name: file.name, problem: 'notImage' });
    else if (already + accepted.length >= MAX_REFUND_IMAGES) problems.push({ name: file.name, problem: 'tooMany' });
    else accepted.push(file);
  }
  return { accepted, problems };
}

/** The files picked, checked by their first bytes as well as their size and count. */
export async function checkPickedPhotos<F extends PickedFile & Pick<Blob, 'slice'>>(already: number, files: readonly F[]): Promise<{ accepted: F[]; problems: PhotoProblem[] }> {
  const heads = await Promise.all(files.map(async (f) => new Uint8Array(await f.slice(0, IMAGE_HEAD_BYTES).arrayBuffer())));
  return checkPhotos(already, files, heads);
}

import { describe, expect, test } from 'vitest';
import { checkPickedPhotos } from '../../../src/lib/photos.ts';

const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];

/** A refund photo is known by its content when chosen, before anything is uploaded. */
describe('refund photos read when chosen', () => {
  test('a text file named like a photo is refused, by its name', async () => {
    const fake = new File(['these are my notes, not a picture'], 'scratch.jpg', { type: 'image/jpeg' });
    const { accepted, problems } = await checkPickedPhotos(0, [fake]);
    expect(accepted).toEqual([]);
    expect(problems).toEqual([{ name: 'scratch.jpg', problem: 'notImage' }]);
  });

  test('a PDF sent as a picture is refused; real JPEG and PNG photos are taken', async () => {
    const pdf = new File(['%PDF-1.7 receipt'], 'receipt.png', { type: 'image/png' });
    const jpeg = new File([new Uint8Array([...JPEG_START, 1, 2, 3])], 'bumper.jpg', { type: 'image/jpeg' });
    const png = new File([new Uint8Array([...PNG_START, 1, 2, 3])], 'door.png', { type: 'image/png' });
    const { accepted, problems } = await checkPickedPhotos(0, [pdf, jpeg, png]);
    expect(accepted.map((f) => f.name)).toEqual(['bumper.jpg', 'door.png']);
    expect(problems).toEqual([{ name: 'receipt.png', problem: 'notImage' }]);
  });

  test('a photo whose browser gave no type is taken by its content', async () => {
    const untyped = new File([new Uint8Array([...JPEG_START, 9])], 'IMG_0001', { type: '' });
    expect((await checkPickedPhotos(0, [untyped])).accepted).toHaveLength(1);
  });
});

describe('refund photos: what is said first', () => {
  test('a file over 5 MB sent as a photo is said too big, by its name', async () => {
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    expect((await checkPickedPhotos(0, [huge])).problems).toEqual([{ name: 'huge.jpg', problem: 'tooBig' }]);
  });
});

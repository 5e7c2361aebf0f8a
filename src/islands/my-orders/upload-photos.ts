import { callApi } from '../../lib/api.ts';
import { uploadImage } from '../../lib/order-endpoints.ts';
import type { Photo } from './RefundPhotos.tsx';

/**
 * Sends the picked photos through `app/upload/image`, one at a time, and answers their keys in
 * order. A photo sent before (`sent`, kept by the form across tries) is not sent again, so a
 * refund or review refused for another reason is sent again without uploading twice.
 */
export async function uploadPhotos(photos: readonly Photo[], sent: Map<Photo, string>, onPhoto: (n: number, count: number) => void): Promise<string[]> {
  const keys: string[] = [];
  for (const [i, photo] of photos.entries()) {
    let key = sent.get(photo);
    if (!key) {
      onPhoto(i + 1, photos.length);
      const form = new FormData();
      form.append('file', photo.file, photo.file.name);
      key = (await callApi(uploadImage, form, { quiet: true })).key;
      sent.set(photo, key);
    }
    keys.push(key);
  }
  return keys;
}

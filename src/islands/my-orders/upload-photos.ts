import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../contract/rules/language.ts';
import { dictionary, fill } from '../../i18n/index.ts';
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

/**
 * A form's picked photos: the list, "Sending photo n of m" while they go, and `upload()` that
 * answers their keys (those sent on an earlier try are not sent again). The previews' URLs are
 * let go with the form.
 */
export function usePhotoDrafts(locale: Locale) {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [progress, setProgress] = useState('');
  const keys = useRef(new Map<Photo, string>());
  const shown = useRef<Photo[]>([]);
  useEffect(() => {
    shown.current = photos;
  }, [photos]);
  useEffect(() => () => shown.current.forEach((p) => URL.revokeObjectURL(p.url)), []);
  const upload = async () => {
    try {
      return await uploadPhotos(photos, keys.current, (n, count) => setProgress(fill(dictionary(locale).myOrders.uploading, { n, count })));
    } finally {
      setProgress('');
    }
  };
  return { photos, setPhotos, progress, upload };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { IMAGE_KEY, IMAGE_URL_SECONDS } from '../../contract/my-orders-dto.ts';

/**
 * Links to stored photos for <img> tags, which cannot send the user key: the server signs the
 * key and an expiry for the photo's owner only, and the link works until then for whoever
 * holds it. Expiries are rounded to the quarter hour so a page redrawn soon after gets the same
 * link (the browser's cache keeps working).
 */
export const IMAGE_PATH = '/api/upload/image/';

const QUARTER_HOUR = 900;

function signature(secret: string, key: string, expires: number): string {
  return createHmac('sha256', `upload-link:${secret}`).update(`${key}\n${expires}`).digest('base64url');
}

export function signedImageUrl(secret: string, key: string, now: Date): string {
  // Past the hour, to the end of that quarter hour: at least an hour, at most an hour and a quarter.
  const expires = (Math.floor((now.getTime() / 1000 + IMAGE_URL_SECONDS) / QUARTER_HOUR) + 1) * QUARTER_HOUR;
  return `${IMAGE_PATH}${key}?expires=${expires}&sig=${signature(secret, key, expires)}`;
}

/** Whether a link's key, expiry and signature belong together and it has not run out. */
export function checkImageLink(secret: string, key: string, expires: string | undefined, sig: string | undefined, now: Date): boolean {
  if (!IMAGE_KEY.test(key) || !expires || !/^\d{1,12}$/.test(expires) || !sig) return false;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, key, Number(expires)));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (`X-Twilio-Signature`, docs/integrations.md "WhatsApp"): base64 of
 * HMAC-SHA1, keyed with the account's auth token, of the URL Twilio posted to followed by each
 * form parameter's name and value, the parameters sorted by name (a repeated name: its values
 * in order). Pure.
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]>): string {
  const pairs = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let data = url;
  for (const [name, value] of pairs) data += name + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** True when `signature` is Twilio's for this URL and form, compared in constant time. */
export function validTwilioSignature(authToken: string, url: string, params: Iterable<[string, string]>, signature: string | undefined | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

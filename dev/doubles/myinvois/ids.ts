import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** A MyInvois-style identifier: Latin capitals and digits (uuid and submissionUid: 26). */
export function lhdnId(length = 26): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

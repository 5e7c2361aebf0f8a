/**
 * Malaysian car registration plates, checked the same in the checkout form and on the server.
 *
 * A plate is a series of letters, a number from 1 to 9999 without leading zeros, and on newer
 * series one suffix letter: `WXY 1234`, `VAB 88`, `SAA 1234 A`, `M 1 M`. Regional series start
 * with the state's letter (Sabah S, Sarawak Q, Labuan L, Putrajaya F, taxis H) and never use
 * I, O or Z after it. Special series sold by JPJ and approved bodies (`PATRIOT 1`, `MALAYSIA 9`,
 * `G1M 88`) stand in front of the number as words.
 */
export type PlateProblem = 'plate.required' | 'plate.invalid';

/** First letters of regional series: the state, territory or taxi prefixes. E, I, O, U, X, Y, Z are not. */
const REGIONAL_FIRST = 'ABCDFHJKLMNPQRSTVW';
/** Letters a series or suffix may use after the first: I, O and Z are left out to avoid 1, 0 and 2. */
const SERIES_LETTER = /^[A-HJ-NP-Y]*$/;

/** Letter series outside the regional scheme, issued as special numbers. */
const specialLetterSeries = new Set(['G', 'GG', 'GT', 'GTR', 'U', 'UA', 'UP', 'US', 'UU', 'UUU', 'X', 'XX', 'Y', 'YA', 'YY']);

/** Special series written as words (some with digits) in front of the number. */
export const vanitySeries = [
  '1M4U',
  'A1M',
  'BAMBEE',
  'G1M',
  'IM4U',
  'K1M',
  'LIMO',
  'MALAYSIA',
  'NAAM',
  'NBOS',
  'PATRIOT',
  'PERFECT',
  'PERLIS',
  'PUTRAJAYA',
  'SUKOM',
  'T1M',
  'UITM',
  'VIP',
  'XIIINAM',
  'XOIC',
] as const;
// Longest first, so that a longer word is never read as a shorter one plus digits.
const vanityLongestFirst = [...vanitySeries].sort((a, b) => b.length - a.length);

const NUMBER_AND_SUFFIX = /^([1-9]\d{0,3})([A-Z]?)$/;
const STANDARD = /^([A-Z]{1,3})([1-9]\d{0,3})([A-Z]?)$/;
export const PLATE_MAX_LENGTH = 20;

function isSeries(letters: string): boolean {
  if (specialLetterSeries.has(letters)) return true;
  return REGIONAL_FIRST.includes(letters[0]!) && SERIES_LETTER.test(letters.slice(1));
}

const validSuffix = (suffix: string) => suffix === '' || SERIES_LETTER.test(suffix);
const join = (...groups: string[]) => groups.filter(Boolean).join(' ');

/**
 * The plate in capitals with one space between its groups (`wxy1234` → `WXY 1234`,
 * `saa-1234-a` → `SAA 1234 A`), or null when it is not a Malaysian plate.
 */
export function normalisePlate(input: string): string | null {
  // NFKC turns full-width letters and digits typed with a Chinese keyboard into plain ones.
  const text = input.normalize('NFKC').trim().toUpperCase();
  if (text.length === 0 || text.length > PLATE_MAX_LENGTH || !/^[A-Z0-9 -]+$/.test(text)) return null;
  const compact = text.replace(/[ -]+/g, '');

  for (const word of vanityLongestFirst) {
    if (!compact.startsWith(word)) continue;
    const rest = NUMBER_AND_SUFFIX.exec(compact.slice(word.length));
    if (rest && validSuffix(rest[2]!)) return join(word, rest[1]!, rest[2]!);
  }

  const standard = STANDARD.exec(compact);
  if (!standard || !isSeries(standard[1]!) || !validSuffix(standard[3]!)) return null;
  return join(standard[1]!, standard[2]!, standard[3]!);
}

/** Why `input` is not a plate, as a message key, or null when it is one. */
export function checkPlate(input: string): PlateProblem | null {
  if (input.trim() === '') return 'plate.required';
  return normalisePlate(input) === null ? 'plate.invalid' : null;
}

/**
 * The words search compares: one normaliser for the product texts the index is built from and
 * for what the customer types, so every notation of a tyre size, an oil grade or a wiper length
 * meets the same term. Pure; no I/O.
 *
 * - tyre sizes `185/55R15`, `185/55 r15`, `185 55 15`, `1855515` → `185/55r15` and `185/55`;
 *   a size without its rim (`185/55`) → `185/55`
 * - oil grades `0W-20`, `5w30`, `10W 40` → `0w20`, `5w30`, `10w40`
 * - wiper lengths `24"`, `24 inch`, `24″`, `24 寸`, `600mm` (to the nearest inch) → `24in`
 * - part numbers and ids with a digit (`PER-MYVI3-F`, `A500S`) stay whole: `per-myvi3-f`
 * - Chinese: overlapping pairs of characters (`刹车片` → `刹车`, `车片`), so a query matches
 *   however the words run together in the text
 * - other words: lower case, accents dropped, one-letter words and a few filler words left out
 */

/** Widths 135–345 mm, aspect 25–95 %, rims 10–24″; separators optional, as customers type them. */
const TYRE_SIZE = /(?<![\d.,])(1[3-9]\d|2\d\d|3[0-4]\d)\s*[/\s-]?\s*([2-9][05])\s*(?:z?r\s*|[/\s-]\s*)?(1\d|2[0-4])(?![\d.,])/g;
const TYRE_WIDTH_ASPECT = /(?<![\d.,])(1[3-9]\d|2\d\d|3[0-4]\d)\s*\/\s*([2-9][05])(?![\d.,])/g;
const OIL_GRADE = /(?<![\d.,])(0|5|10|15|20|25)\s*w\s*-?\s*(\d{2})(?![\d.,])/g;
/** After NFKC a double prime ″ reads as two primes. */
const WIPER_INCHES = /(?<![\d.,])([1-3]\d)\s*(?:"|''|′′|”|-?\s*inch(?:es)?\b|-?\s*in\b|inci\b|英?寸)/g;
const WIPER_MM = /(?<![\d.,])(\d{3})\s*(?:mm\b|毫米)/g;
/** Wiper blades are made from 10 to 32 inches: outside that a length is no wiper's. */
const WIPER_RANGE = { min: 10, max: 32 };
const MM_PER_INCH = 25.4;
/** Ids and part numbers: letters and digits joined by hyphens, with at least one digit. */
const PART_NUMBER = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const HAN_RUN = /\p{Script=Han}+/gu;
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;
/** Words in nearly every product text, which say nothing about what is wanted. */
const FILLER = new Set(['the', 'and', 'for', 'of', 'to', 'with', 'my', 'an', 'in', 'on', 'untuk', 'dan', 'yang', 'di', 'ke', 'saya', 'dengan']);

/** The whole tyre sizes in a text, as the catalogue writes them (`185/55R15`), from any notation. */
export function tyreSizesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of prepare(text).matchAll(TYRE_SIZE)) found.push(`${m[1]}/${m[2]}R${m[3]}`);
  return found;
}

/** The terms of a text or a query, in order, each once. */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  let rest = prepare(text);
  const take = (pattern: RegExp, toTerms: (m: RegExpMatchArray) => string[]) => {
    rest = rest.replace(pattern, (...args) => {
      terms.push(...toTerms(args.slice(0, -2) as unknown as RegExpMatchArray));
      return ' ';
    });
  };
  take(TYRE_SIZE, (m) => [`${m[1]}/${m[2]}r${m[3]}`, `${m[1]}/${m[2]}`]);
  take(TYRE_WIDTH_ASPECT, (m) => [`${m[1]}/${m[2]}`]);
  take(OIL_GRADE, (m) => [`${m[1]}w${m[2]}`]);
  take(WIPER_INCHES, (m) => inches(Number(m[1])));
  take(WIPER_MM, (m) => inches(Math.round(Number(m[1]) / MM_PER_INCH)));
  take(PART_NUMBER, (m) => (/\d/.test(m[0]) ? [m[0]] : [m[0], ...m[0].split('-')]));
  rest = rest.replace(HAN_RUN, (run) => {
    terms.push(...pairs(run));
    return ' ';
  });
  for (const m of rest.matchAll(WORD)) terms.push(m[0]);
  return [...new Set(terms.filter(kept))];
}

/** Whether a term is a code (size, grade, length, part number): matched exactly, never as a prefix or a typo. */
export const isCode = (term: string): boolean => /\d/.test(term);

/** Whether a term is Chinese (a pair of characters, or one). */
export const isChinese = (term: string): boolean => /\p{Script=Han}/u.test(term);

function prepare(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC');
}

function inches(n: number): string[] {
  return n >= WIPER_RANGE.min && n <= WIPER_RANGE.max ? [`${n}in`] : [];
}

/** 刹车片 → 刹车, 车片; a single character stays as it is. */
function pairs(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  return chars.slice(1).map((c, i) => chars[i] + c);
}

function kept(term: string): boolean {
  if (FILLER.has(term)) return false;
  return isChinese(term) || [...term].length > 1;
}

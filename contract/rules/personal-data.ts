import { normalisePlate } from './plate.ts';

/**
 * Phone numbers and car plates in a text a person wrote, found the way a person reads them: any
 * script's digits (Arabic-Indic ٠١٢, Devanagari, full-width １２３), full-width letters, and
 * whatever they type between the groups (spaces, dots, slashes, dashes, brackets) are read as
 * plain digits, letters and one kind of gap. Each find keeps where it stands in the text as
 * written, so it can be masked there and nowhere else. Pure: the form and the server agree.
 */
export const personalDataKinds = ['phone', 'plate'] as const;
export type PersonalDataKind = (typeof personalDataKinds)[number];

export interface PersonalDataFound {
  kind: PersonalDataKind;
  /** As staff read it: a phone in the national way (`012-345 6789`, `03-7725 1234`), a plate as JPJ writes it (`WXY 1234`). */
  value: string;
  /** Where it stands in the text as written (UTF-16 offsets, end excluded). */
  start: number;
  end: number;
}

/** What the public reads in place of each phone number or plate. */
export const PERSONAL_DATA_MASK = '•••';

// --- Reading the text -------------------------------------------------------------------------

const DECIMAL_DIGIT = /^\p{Nd}$/u;
/** The gaps people type between groups; the long vowel mark and middle dots of Chinese and Japanese keyboards too. */
const SEPARATOR = /^[\s./\\()[\]{}\p{Pd}\u2215\u2044\u30fc\u00b7\u30fb_]$/u;
const INVISIBLE = /^[\p{Cf}\p{Mn}]$/u;

/** The value of a decimal digit of any script: digits come in runs of ten, 0 to 9 (a Unicode promise). */
function digitValue(cp: number): number {
  let back = 0;
  while (back < 60 && DECIMAL_DIGIT.test(String.fromCodePoint(cp - back - 1))) back++;
  return back % 10;
}

interface Reading {
  /** One character per read character: A-Z, 0-9, '+', a gap (' ', '.', '/', '-', '(' for any opening bracket, ')' for any closing one), or '|' for anything else. */
  text: string;
  /** Whether the letter was written in capitals. */
  upper: boolean[];
  /** Where each read character came from in the text as written. */
  from: number[];
  to: number[];
}

function read(original: string): Reading {
  let text = '';
  const upper: boolean[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const push = (ch: string, start: number, end: number, isUpper = false) => {
    text += ch;
    upper.push(isUpper);
    from.push(start);
    to.push(end);
  };
  let i = 0;
  for (const char of original) {
    const start = i;
    i += char.length;
    const cp = char.codePointAt(0)!;
    if (DECIMAL_DIGIT.test(char)) {
      push(String(digitValue(cp)), start, i);
      continue;
    }
    for (const part of char.normalize('NFKC')) {
      if (/^[0-9]$/.test(part)) push(part, start, i);
      else if (/^[A-Za-z]$/.test(part)) push(part.toUpperCase(), start, i, part === part.toUpperCase());
      else if (part === '+') push('+', start, i);
      else if (INVISIBLE.test(part)) continue;
      else if (SEPARATOR.test(part)) push(/\s/.test(part) ? ' ' : /[.]/.test(part) ? '.' : /[/\\\u2215\u2044]/.test(part) ? '/' : /[([{]/.test(part) ? '(' : /[)\]}]/.test(part) ? ')' : '-', start, i);
      else push('|', start, i);
    }
  }
  return { text, upper, from, to };
}

const isGap = (ch: string | undefined) => ch === ' ' || ch === '.' || ch === '/' || ch === '-' || ch === '(' || ch === ')';

// --- Phones -----------------------------------------------------------------------------------

/**
 * The number without its country or trunk prefix when the digits are a Malaysian phone: mobile
 * 01x (9 or 10 digits after the 0), landline 03 (7 or 8), 04–07 and 09 (7), 08x of Sabah and
 * Sarawak (6 after the area). Written with 0 in front or with 60 (people also write +60 0…).
 */
function nationalPhone(digits: string): string | null {
  let national: string;
  if (digits.startsWith('60')) national = digits.slice(digits.startsWith('600') ? 3 : 2);
  else if (digits.startsWith('0')) national = digits.slice(1);
  else return null;
  return /^1\d{8,9}$|^3\d{7,8}$|^[4-79]\d{7}$|^8[2-9]\d{6}$/.test(national) ? national : null;
}

/** A phone as staff read it: `012-345 6789`, `011-2345 6789`, `03-7725 1234`, `04-123 4567`, `082-123 456`. */
function phoneWords(national: string): string {
  const n = `0${national}`;
  if (national.startsWith('8')) return `${n.slice(0, 3)}-${n.slice(3, 6)} ${n.slice(6)}`;
  if (national.startsWith('1')) return `${n.slice(0, 3)}-${n.slice(3, -4)} ${n.slice(-4)}`;
  return `${n.slice(0, 2)}-${n.slice(2, n.length - 4)} ${n.slice(-4)}`;
}

/** Dates written with digits (25/12/2024, 2024-12-25, 1.2.24): read as dates, never as phones. */
const DATE = /(?<![0-9])(?:(?:0?[1-9]|[12]\d|3[01])([./-])(?:0?[1-9]|1[0-2])\1(?:\d{4}|\d{2})|(?:0?[1-9]|1[0-2])([./-])(?:0?[1-9]|[12]\d|3[01])\2\d{4}|\d{4}([./-])(?:0?[1-9]|1[0-2])\3(?:0?[1-9]|[12]\d|3[01]))(?![0-9])/g;

function phones(reading: Reading): { value: string; from: number; to: number }[] {
  const text = reading.text.replace(DATE, (date) => '|'.repeat(date.length));
  const found: { value: string; from: number; to: number }[] = [];
  // Groups of digits with gaps between them; a '+' may stand before a group.
  for (const run of text.matchAll(/\+?[0-9]+(?:[ ./\-()+]+[0-9]+)*/g)) {
    const groups = [...run[0].matchAll(/[0-9]+/g)].map((g) => ({ digits: g[0], from: run.index + g.index, to: run.index + g.index + g[0].length }));
    for (let s = 0; s < groups.length; s++) {
      let best: { e: number; national: string } | null = null;
      let digits = '';
      for (let e = s; e < groups.length && digits.length + groups[e]!.digits.length <= 13; e++) {
        digits += groups[e]!.digits;
        const national = nationalPhone(digits);
        if (national) best = { e, national };
      }
      if (!best) continue;
      // A '+' or an opening bracket just before belongs to it ("+60…", "(03) 7725 1234", "(+60)…"), and so does the bracket that closes one.
      let start = groups[s]!.from;
      while (start > 0 && start > groups[s]!.from - 2 && (text[start - 1] === '+' || text[start - 1] === '(')) start--;
      let end = groups[best.e]!.to;
      if (text[end] === ')' && text.slice(start, end).split('(').length > text.slice(start, end).split(')').length) end++;
      found.push({ value: phoneWords(best.national), from: start, to: end });
      s = best.e;
    }
  }
  return found;
}

// --- Plates -----------------------------------------------------------------------------------

/**
 * Words that stand before a number in ordinary writing and happen to be valid series: English and
 * Malay words, units, months and days, car makes and models ("had 2 visits", "RM 159", "BMW 2019",
 * "HRV 2020", "SAE 30"). Written as a word of their own, they are read as words.
 */
const ORDINARY_WORDS = new Set(
  (
    'A AD AH ALL AM AN AND ANY ARE AS AT BAD BAY BE BED BET BUT BUY BY CAN CAR CC CD CM DAD DAY DID DUE FAR FEE FEW FLY FOR ' +
    'GAS GET HAD HAS HE HER HEY HP JAM JET KG KM KMH KPH LAW LAY LET LTR MAN MAP MAX MAY ME MEN ML MM MP MR MRS MS MY ' +
    'NAH NEW NM PAD PAY PER PM PS RAN RED RM RPM RUN SAD SAW SAY SEE SEN SET SHE SUN TAX TEA TEN THE THAT TV VAN VS WAS WAY ' +
    'WE WET WHY X ' +
    // Malay
    'ADA BAS DAH DAN DUA KAT KE LAH MAC MAU NAK TAK YA ' +
    // months and days
    'JAN FEB MAR APR JUN JUL AUG SEP DEC TUE WED THU SAT ' +
    // makes, models, parts and grades
    'ABS ATF AWD BLM BMW BRV BYD CLA CLS CNY CRV CVT DCT FWD GLA GLB GLC GLE GLS GWM HRV MG MPV RS SAE SLK SUV TC VW WRV AV'
  ).split(' '),
);

/** Special series that are also words (Perfect 10, Malaysia 1): a plate only when written in capitals. */
const WORD_LIKE_VANITY = new Set(['PERFECT', 'MALAYSIA', 'PATRIOT', 'PUTRAJAYA', 'PERLIS', 'LIMO', 'NAAM']);

interface Token {
  text: string;
  from: number;
  to: number;
  /** Written in capitals only. */
  capitals: boolean;
}

function tokens(reading: Reading): Token[] {
  return [...reading.text.matchAll(/[A-Z0-9]+/g)].map((m) => ({
    text: m[0],
    from: m.index,
    to: m.index + m[0].length,
    capitals: reading.upper.slice(m.index, m.index + m[0].length).every((u, k) => u || /[0-9]/.test(m[0][k]!)),
  }));
}

/** Whether the words `list` are written as one plate would be, given its parts as normalisePlate reads them. */
function writtenAsPlate(list: Token[], parts: string[]): boolean {
  const compact = list.map((t) => t.text).join('');
  const [series, number] = parts as [string, string];
  const numberFrom = compact.indexOf(number, series.length);
  const numberTo = numberFrom + number.length;
  let at = 0;
  const spans = list.map((t) => {
    const span = { t, from: at, to: at + t.text.length };
    at = span.to;
    return span;
  });
  // A word of letters and digits holds the whole number or none of it ("HX8 5W" is not HX 85 W).
  for (const s of spans) {
    const mixed = /[A-Z]/.test(s.t.text) && /[0-9]/.test(s.t.text);
    if (mixed && s.from < numberTo && s.to > numberFrom && !(s.from <= numberFrom && s.to >= numberTo)) return false;
  }
  // A series is one word, or spelled out letter by letter ("W X Y").
  const inSeries = spans.filter((s) => s.from < series.length);
  if (inSeries.length > 1 && inSeries.some((s) => Math.min(s.to, series.length) - s.from !== 1)) return false;
  // A series written as a word of its own that is an ordinary word, or a special series written as a word, is read as a word.
  const first = spans[0]!;
  if (inSeries.length === 1 && first.t.text === series) {
    if (ORDINARY_WORDS.has(series)) return false;
    if (WORD_LIKE_VANITY.has(series) && !first.t.capitals) return false;
    // One small letter of its own is a word or a sign ("4 x 205/55", "a 200"), not a series.
    if (series.length === 1 && !first.t.capitals) return false;
  }
  // A suffix written as a word of its own counts only in capitals ("SAA 1234 A", not "wxy 1234 a great car").
  const last = spans.at(-1)!;
  if (parts.length === 3 && last.from >= numberTo && !last.t.capitals) return false;
  return true;
}

/** At most this many words make one plate (W X Y 1 2 3 4 A). */
const MOST_WORDS = 9;

function plates(reading: Reading): { value: string; from: number; to: number }[] {
  const list = tokens(reading);
  const found: { value: string; from: number; to: number }[] = [];
  for (let i = 0; i < list.length; i++) {
    // The tail of a longer word ("HR-V 2020", "CR-V"): not where a plate starts.
    if (i > 0 && list[i - 1]!.to === list[i]!.from - 1 && /[-./]/.test(reading.text[list[i]!.from - 1]!) && /[A-Z]$/.test(list[i - 1]!.text)) continue;
    let best: { j: number; plate: string } | null = null;
    let compact = '';
    for (let j = i; j < list.length && j - i < MOST_WORDS; j++) {
      if (j > i) {
        const gap = reading.text.slice(list[j - 1]!.to, list[j]!.from);
        if (gap.length > 3 || ![...gap].every(isGap)) break;
        // A dot between digits is a decimal point ("CX-5 2.5"), never inside a plate's number.
        if (gap.includes('.') && /[0-9]$/.test(list[j - 1]!.text) && /^[0-9]/.test(list[j]!.text)) break;
      }
      compact += list[j]!.text;
      if (compact.length > 14) break;
      const plate = normalisePlate(compact);
      if (!plate) continue;
      const digits = compact.replace(/\D/g, '').length;
      const letters = compact.length - digits;
      // Short look-alikes of everyday writing: "at 5", "R16", "X5"; and prices: "RM 120".
      if ((digits <= 2 && letters <= 2) || plate.startsWith('RM ')) continue;
      // A model named by a class letter and an engine size: "C200", "E 250", "S500".
      if (/^[ABCEGS] [1-9]\d0$/.test(plate)) continue;
      if (!writtenAsPlate(list.slice(i, j + 1), plate.split(' '))) continue;
      best = { j, plate };
    }
    if (!best) continue;
    found.push({ value: best.plate, from: list[i]!.from, to: list[best.j]!.to });
    i = best.j;
  }
  return found;
}

// --- Together ---------------------------------------------------------------------------------

/** Every phone number and plate in `text`, in the order written; a span read as a phone is not read again as a plate. */
export function findPersonalData(text: string): PersonalDataFound[] {
  const reading = read(text);
  const phoneSpans = phones(reading);
  const plateSpans = plates(reading).filter((p) => !phoneSpans.some((q) => p.from < q.to && q.from < p.to));
  return [...phoneSpans.map((p) => ({ ...p, kind: 'phone' as const })), ...plateSpans.map((p) => ({ ...p, kind: 'plate' as const }))]
    .map((f) => ({ kind: f.kind, value: f.value, start: reading.from[f.from]!, end: reading.to[f.to - 1]! }))
    .sort((a, b) => a.start - b.start);
}

/** The text with each find replaced by the mask, and nothing else changed. */
export function maskPersonalData(text: string, found: PersonalDataFound[] = findPersonalData(text)): string {
  let out = '';
  let at = 0;
  for (const f of [...found].sort((a, b) => a.start - b.start)) {
    if (f.start < at) continue;
    out += text.slice(at, f.start) + PERSONAL_DATA_MASK;
    at = f.end;
  }
  return out + text.slice(at);
}

import type { Locale } from './language.ts';

/**
 * What Malaysian operators deliver (docs/contracts/going-live.md §4): every SMS starts with `RM0 `, the brand
 * and a colon, carries no link and no phone number, and fits one segment in English and Malay
 * (160 GSM-7 characters) or two UCS-2 segments in Chinese (134 characters). Pure: the shop's
 * texts are checked against these counts by tests, and a staff-typed value is cut to fit.
 */

/** The start of every SMS the shop sends: "RM0 Servauto: ". */
export const smsPrefix = (brand: string): string => `RM0 ${brand}: `;

/** GSM 03.38 basic character set (the escape itself left out): one septet each. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: two septets each (escape + character). */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

const SINGLE = { 'GSM-7': 160, 'UCS-2': 70 } as const;
/** A part of a split message loses room to the header that joins the parts. */
const PART = { 'GSM-7': 153, 'UCS-2': 67 } as const;

export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!GSM_BASIC.has(ch) && !GSM_EXTENSION.has(ch)) return 'UCS-2';
  return 'GSM-7';
}

/**
 * How an SMS of `text` goes: its encoding, its length in that encoding, and its segments. A
 * split message is packed part by part, an extension character or a surrogate pair never
 * split between two parts.
 */
export function smsCount(text: string): SmsCount {
  const encoding = smsEncoding(text);
  const sizes = [...text].map((ch) => (encoding === 'GSM-7' ? (GSM_EXTENSION.has(ch) ? 2 : 1) : ch.length));
  const units = sizes.reduce((sum, n) => sum + n, 0);
  if (units <= SINGLE[encoding]) return { encoding, units, segments: units === 0 ? 0 : 1 };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > PART[encoding]) {
      segments++;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments };
}

/** The most segments an SMS may take in a language: one in English and Malay, two in Chinese. */
export const smsMaxSegments = (locale: Locale): number => (locale === 'zh-cn' ? 2 : 1);

export const fitsSms = (text: string, locale: Locale): boolean => smsCount(text).segments <= smsMaxSegments(locale);

/** What ends a cut value: three dots in GSM-7 ("…" is not in it), the Chinese ellipsis in Chinese. */
export const smsEllipsis = (locale: Locale): string => (locale === 'zh-cn' ? '…' : '...');

/**
 * A free text (a staff note, a closure reason) put into an SMS: the whole SMS as `render`
 * writes it with the longest start of `value` that lets it fit, cut at a word where one is
 * near and ended with an ellipsis. Characters are never split.
 */
export function fitSms(render: (value: string) => string, value: string, locale: Locale): string {
  const whole = render(value);
  if (fitsSms(whole, locale) || value === '') return whole;
  const chars = [...value];
  const ellipsis = smsEllipsis(locale);
  const cut = (n: number) => {
    const start = chars.slice(0, n).join('');
    // At a space within the last 12 characters, so a word is not left in halves.
    const space = start.lastIndexOf(' ');
    const atWord = space > 0 && start.length - space <= 12 ? start.slice(0, space) : start;
    return atWord.replace(/[\s,.;:!?，。；：！？、-]+$/u, '') + ellipsis;
  };
  // Longest n with render(cut(n)) fitting: fitting only gets harder as n grows.
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fitsSms(render(cut(mid)), locale)) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? render(ellipsis) : render(cut(low));
}

const GSM_LOOKALIKES: [RegExp, string][] = [
  [/[‘’‚‛′]/g, "'"],
  [/[“”„‟″]/g, '"'],
  [/[‐‑‒–—―−•·]/g, '-'],
  [/…/g, '...'],
  [/[\u00a0\u2000-\u200b\u202f\u3000]/g, ' '],
];

/**
 * Punctuation typed by people (curly quotes, dashes, an ellipsis, a bullet) written with its
 * GSM-7 look-alike, so that a staff note does not turn an English or Malay SMS into UCS-2.
 */
export function gsmPunctuation(text: string): string {
  return GSM_LOOKALIKES.reduce((t, [from, to]) => t.replace(from, to), text);
}

const LINK = /\b(?:https?:\/\/|www\.)\S*/gi;
/**
 * A phone number as people type one: an optional +, then at least 8 digits in groups split by
 * spaces, dashes, dots or brackets (03-1234 5678, +60 12-345 6789, (03) 12345678). A code
 * joined to letters (an order or tracking number) is not one, nor is a date (2026-12-30).
 */
const PHONE = /(?<![\p{L}\p{N}])(?!\d{4}-\d{2}-\d{2}(?!\d))\+?\(?\d(?:[\s().-]*\d){7,}(?![\p{L}\p{N}])/gu;

/** A free text without web addresses and phone numbers, its spaces tidied. */
export function withoutLinksOrPhones(text: string): string {
  return text.replace(LINK, '').replace(PHONE, '').replace(/\s+/g, ' ').trim();
}

export const hasLink = (text: string): boolean => new RegExp(LINK.source, 'i').test(text);
export const hasPhoneNumber = (text: string): boolean => new RegExp(PHONE.source, 'u').test(text);

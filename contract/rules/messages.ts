import { dateTimeWords, dateWords } from './dates.ts';
import { isIsoDate } from './kl-calendar.ts';
import type { Locale } from './language.ts';
import { en, type MessageKey, type Messages } from './messages/en.ts';
import { ms } from './messages/ms.ts';
import { zhCn } from './messages/zh-cn.ts';
import { stateWords } from './postcode.ts';

/**
 * Texts that both the server (in `msg`) and the site (in forms) show, so a rule is
 * worded the same wherever it is checked. Keys name the rule, not the screen. One file a
 * language in messages/; English names every key.
 */
export type { MessageKey };

const byLocale: Record<Locale, Messages> = { en, 'zh-cn': zhCn, ms };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names of the `{name}` placeholders in `key`'s text in `locale` (English by default), each once. */
export function placeholdersOf(key: MessageKey, locale: Locale = 'en'): string[] {
  return [...new Set(Array.from(byLocale[locale][key].matchAll(PLACEHOLDER), (m) => m[1]!))];
}

const CJK = /[\u3400-\u9fff]/;
const LATIN = /[\x21-\x7e]/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/;

/**
 * The text of `key` in `locale`, with `{name}` placeholders filled in. A value given as a KL
 * calendar date (YYYY-MM-DD), or as a KL date and time (YYYY-MM-DD HH:MM), is written in words
 * in that language (rules/dates.ts), so a refusal, a history note or an SMS stored with the date
 * itself reads naturally in any language.
 * A `{state}` or `{postcodeState}` given by the state's name is written as that language names it.
 */
export function message(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  return byLocale[locale][key].replace(/\{(\w+)\}/g, (whole, name: string, at: number, template: string) => {
    if (!(name in params)) return whole;
    const given = String(params[name]);
    if (isIsoDate(given)) return dateWords(given, locale);
    // A KL date and time kept as "YYYY-MM-DD HH:MM" (a history note's from and to) is written in words too.
    const moment = DATE_TIME.exec(given);
    if (moment) return dateTimeWords(moment[1]!, moment[2]!, locale);
    const value = name === 'state' || name === 'postcodeState' ? stateWords(given, locale) : given;
    if (locale !== 'zh-cn' || value === '') return value;
    // Chinese joins words without spaces; a Latin word put between Chinese (a field's path, a
    // code) keeps a space on each side, as Chinese typesetting does.
    const before = template[at - 1] ?? '';
    const after = template[at + whole.length] ?? '';
    const lead = CJK.test(before) && LATIN.test(value[0]!) ? ' ' : '';
    const trail = CJK.test(after) && LATIN.test(value.at(-1)!) ? ' ' : '';
    return lead + value + trail;
  });
}

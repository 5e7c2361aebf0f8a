import { defaultLocale, isLocale, type Locale } from '../../contract/rules/language.ts';
import { LINE_WORD_KEYS, type LineWordKey } from '../../contract/rules/line-word-keys.ts';
import { message } from '../../contract/rules/messages.ts';
import type { OtpProblem, PhoneProblem } from '../../contract/rules/phone.ts';
import type { PlateProblem } from '../../contract/rules/plate.ts';
import type { POSTCODE_ELSEWHERE, PostcodeProblem } from '../../contract/rules/postcode.ts';
import { SHELL_AREAS, type Area } from './areas.ts';
import { en, type Dictionary } from './en.ts';
import { ms } from './ms.ts';
import { htmlLang } from './paths.ts';
import { zhCn } from './zh-cn.ts';

export type { Dictionary } from './en.ts';
export type { Area } from './areas.ts';
export type { Locale } from '../../contract/rules/language.ts';

/** Prerendering reads the modules; the browser never loads them (see `dictionary`). */
const modules: Record<Locale, Dictionary> = { en, 'zh-cn': zhCn, ms };

/**
 * Rule texts shared with the server (contract/rules/messages.ts) that the site's forms show
 * themselves, so a rule reads the same wherever it is checked. Only these travel with a page.
 */
const RULE_KEYS = [
  'phone.required',
  'phone.digitsOnly',
  'phone.tooShort',
  'phone.notMobile',
  'otp.required',
  'otp.invalid',
  'postcode.required',
  'postcode.format',
  'postcode.unknown',
  'postcode.wrongState',
  'postcode.otherState',
  'plate.invalid',
] as const satisfies readonly (PhoneProblem | OtpProblem | PostcodeProblem | typeof POSTCODE_ELSEWHERE | PlateProblem)[];
/** Those keys, and the words of a line's choices (contract/rules/line-words.ts). */
export type RuleKey = (typeof RULE_KEYS)[number] | LineWordKey;

/** The id of the JSON element in which the layout writes the page's texts. */
export const PAGE_TEXTS_ID = 'servauto-texts';

interface PageTexts {
  locale: Locale;
  texts: Dictionary;
  rules: Record<RuleKey, string>;
}

/**
 * What the layout writes into each page: its language, and of that language's texts only the
 * plain strings, the frame's areas and the areas the page names (`scripts/check-areas.mjs` holds
 * the names to what the page's scripts read).
 */
export function pageTextsJson(locale: Locale, areas: readonly Area[]): string {
  const rules = Object.fromEntries([...RULE_KEYS, ...LINE_WORD_KEYS].map((key) => [key, message(locale, key)])) as Record<RuleKey, string>;
  const shipped = new Set<string>([...SHELL_AREAS, ...areas]);
  const texts = Object.fromEntries(Object.entries(modules[locale]).filter(([key, value]) => typeof value === 'string' || shipped.has(key))) as Dictionary;
  const page: PageTexts = { locale, texts, rules };
  // "<" escaped, so no text can close the script element early.
  return JSON.stringify(page).replace(/</g, '\\u003c');
}

let fromPage: PageTexts | undefined;

function pageTexts(locale: Locale): PageTexts {
  fromPage ??= JSON.parse(document.getElementById(PAGE_TEXTS_ID)?.textContent ?? 'null') as PageTexts;
  if (!fromPage || fromPage.locale !== locale) throw new Error(`The page carries no ${locale} texts`);
  return fromPage;
}

/**
 * The UI texts of `locale`. In the browser they come from the page itself, so an island
 * ships no dictionary and a page carries only its own language.
 */
export function dictionary(locale: Locale): Dictionary {
  return import.meta.env.SSR ? modules[locale] : pageTexts(locale).texts;
}

/** A shared rule's text in `locale` (see RULE_KEYS). */
export function ruleMessage(locale: Locale, key: RuleKey): string {
  return import.meta.env.SSR ? message(locale, key) : pageTexts(locale).rules[key];
}

/**
 * Fills `{name}` placeholders. A whole number from 1,000 on has its thousands separated
 * ("0 of 1,000 characters"), as the three languages write it in Malaysia; a year is a name,
 * not a count, and is written whole ("2025 has no week 53").
 */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    const count = typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1000 && !/year$/i.test(name);
    return count ? value.toLocaleString('en-MY') : String(value);
  });
}

/** A text with a singular and a plural form ({count} in both). */
export interface Plural {
  one: string;
  other: string;
}

/** "1 question", "2 questions": the form the language's plural rules ask for. */
export function plural(locale: Locale, forms: Plural, count: number): string {
  const form = new Intl.PluralRules(htmlLang[locale]).select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { count });
}

/** The locale of a site path: /pc/zh-cn/… → zh-cn, /pc/… → en. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.replace(/^\/pc\/?/, '').split('/')[0];
  return isLocale(first) && first !== defaultLocale ? first : defaultLocale;
}

/** The same page in another language: /pc/zh-cn/home ↔ /pc/home ↔ /pc/ms/home. */
export function pathInLocale(pathname: string, target: Locale): string {
  const rest = pathname.replace(/^\/pc\/?/, '').split('/');
  if (isLocale(rest[0]) && rest[0] !== defaultLocale) rest.shift();
  const tail = rest.join('/').replace(/\/$/, '') || 'home';
  return target === defaultLocale ? `/pc/${tail}` : `/pc/${target}/${tail}`;
}

/** A site link in `locale`: href(locale, 'store') → /pc/ms/store. */
export function href(locale: Locale, page: string): string {
  const p = page.replace(/^\//, '');
  return locale === defaultLocale ? `/pc/${p}` : `/pc/${locale}/${p}`;
}

/**
 * A label and what follows it, "Services: …", with the colon the language writes: full width
 * and no space in Chinese ("服务项目：…"), never an ASCII colon after Chinese.
 */
export function labelled(locale: Locale, label: string, value = ''): string {
  return `${label}${locale === 'zh-cn' ? '：' : ': '}${value}`;
}

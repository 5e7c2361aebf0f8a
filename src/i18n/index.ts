import { defaultLocale, isLocale, type Locale } from '../../contract/language.ts';
import { en, type Dictionary } from './en.ts';
import { ms } from './ms.ts';
import { zhCn } from './zh-cn.ts';

export type { Dictionary } from './en.ts';
export type { Locale } from '../../contract/language.ts';

const dictionaries: Record<Locale, Dictionary> = { en, 'zh-cn': zhCn, ms };

export function dictionary(locale: Locale): Dictionary {
  return dictionaries[locale];
}

/** Fills `{name}` placeholders. */
export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
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

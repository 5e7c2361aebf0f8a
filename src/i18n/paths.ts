import { locales, type Locale } from '../../contract/rules/language.ts';

/** getStaticPaths for a page that exists in every language: /pc/x, /pc/zh-cn/x, /pc/ms/x. */
export function localePaths() {
  return locales.map((locale: Locale) => ({
    params: { lang: locale === 'en' ? undefined : locale },
    props: { locale },
  }));
}

/** The value of <html lang> and hreflang for a locale. */
export const htmlLang: Record<Locale, string> = { en: 'en-MY', 'zh-cn': 'zh-CN', ms: 'ms-MY' };

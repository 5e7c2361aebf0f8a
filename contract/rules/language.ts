/** The shop's three languages: site locale ↔ the `language` request header. */
export const locales = ['en', 'zh-cn', 'ms'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

const headerByLocale: Record<Locale, string> = { en: 'en_us', 'zh-cn': 'zh_cn', ms: 'ms_my' };

export function languageHeader(locale: Locale): string {
  return headerByLocale[locale];
}

/** Reads a `language` header (en_us, zh_cn, ms_my; also en, zh-CN, ms) into a locale. */
export function localeFromHeader(value: string | null | undefined): Locale {
  const v = (value ?? '').trim().toLowerCase().replace('-', '_');
  if (v.startsWith('zh')) return 'zh-cn';
  if (v.startsWith('ms') || v.startsWith('my')) return 'ms';
  return 'en';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

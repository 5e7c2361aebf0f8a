import type { Locale } from '../../contract/rules/language.ts';

/** Each language's own number format, with ringgit written "RM" as Malaysians write it in all three. */
const tags: Record<Locale, string> = { en: 'en-MY', 'zh-cn': 'zh-CN', ms: 'ms-MY' };
const formats = new Map<Locale, Intl.NumberFormat>();

function formatOf(locale: Locale): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    // narrowSymbol: zh-CN's own symbol for MYR would be "MYR"; "RM" is what a Malaysian reads.
    format = new Intl.NumberFormat(tags[locale], { style: 'currency', currency: 'MYR', currencyDisplay: 'narrowSymbol' });
    formats.set(locale, format);
  }
  return format;
}

/**
 * "RM 1,234.50" from integer sen, in the language's number format. This is the only place sen
 * become a decimal, and only for display.
 */
export function formatRM(sen: number, locale: Locale = 'en'): string {
  return formatOf(locale)
    .format(sen / 100)
    .replace(/^(-?)RM\s*/, '$1RM ');
}

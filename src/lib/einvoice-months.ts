import type { Locale } from '../../contract/rules/language.ts';
import { htmlLang } from '../i18n/paths.ts';

/** The console's e-invoice months (YYYY-MM), in Malaysian time as the server counts them. */

export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;


/** "November 2026", "2026年11月", "November 2026" in Malay. */
export function monthWords(month: string, locale: Locale): string {
  if (!MONTH.test(month)) return month;
  return new Intl.DateTimeFormat(htmlLang[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

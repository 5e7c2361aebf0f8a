import { z } from 'zod';
import type { Locale } from '../../contract/rules/language.ts';

/** A text in the shop's three languages, as content files and jsonb columns hold it. */
export const localized = z.strictObject({ en: z.string().min(1), 'zh-cn': z.string().min(1), ms: z.string().min(1) });
export type Localized = Record<Locale, string>;

export function pick(text: Localized, locale: Locale): string {
  return text[locale] || text.en;
}

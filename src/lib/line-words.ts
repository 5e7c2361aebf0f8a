import type { LineOptions } from '../../contract/line.ts';
import type { Locale } from '../../contract/rules/language.ts';
import { lineWords } from '../../contract/rules/line-words.ts';
import { fill, ruleMessage } from '../i18n/index.ts';

/**
 * A line's choices in words (contract/rules/line-words.ts), in the page's language: "Tyre size:
 * 175/65R14", "Engine oil: Shell Helix HX8 0W-20". The oil is named by `oilName` (its id when
 * the name is not known).
 */
export function optionWords(options: LineOptions | undefined, locale: Locale, oilName?: string | null): string[] {
  return lineWords(options, (key, params = {}) => fill(ruleMessage(locale, key), params), oilName);
}

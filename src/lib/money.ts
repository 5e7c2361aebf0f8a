import type { Locale } from '../../contract/rules/language.ts';
import { ringgit } from '../../contract/rules/money.ts';

/**
 * "RM 1,234.50" from integer sen: the shop's one way of writing ringgit (contract/rules/money.ts),
 * which Malaysians read the same in all three languages; the locale is taken so a screen never
 * has to know that.
 */
export function formatRM(sen: number, _locale?: Locale): string {
  return ringgit(sen);
}
